import { Loading, PublicRoot } from '../features/checkout/PublicRoot';
import { TestPaymentView } from '../features/checkout/TestPaymentView';

export default function TestPayment() {
  return (
    <PublicRoot fallback={<Loading text="Laster testbetalingen …" />}>
      <FromAddress />
    </PublicRoot>
  );
}

/** Rendered in the browser only (PublicRoot waits for the mount), where the address bar is. */
function FromAddress() {
  return <TestPaymentView reference={new URLSearchParams(window.location.search).get('betaling')} />;
}
