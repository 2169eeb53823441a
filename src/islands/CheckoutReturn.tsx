import { Loading, PublicRoot } from '../features/checkout/PublicRoot';
import { ReturnView } from '../features/checkout/ReturnView';

export default function CheckoutReturn() {
  return (
    <PublicRoot fallback={<Loading text="Henter bestillingen …" />}>
      <FromAddress />
    </PublicRoot>
  );
}

/** Rendered in the browser only (PublicRoot waits for the mount), where the address bar is. */
function FromAddress() {
  return <ReturnView orderId={new URLSearchParams(window.location.search).get('ordre')} />;
}
