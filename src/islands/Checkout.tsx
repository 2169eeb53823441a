import { CheckoutForm } from '../features/checkout/CheckoutForm';
import { Loading, PublicRoot } from '../features/checkout/PublicRoot';

/** The page's static HTML already states the seller, the product, the price and the right of withdrawal. */
export default function Checkout({ courseId, contactEmail }: { courseId: string; contactEmail: string }) {
  return (
    <PublicRoot fallback={<Loading text="Laster kassen …" />}>
      <CheckoutForm courseId={courseId} contactEmail={contactEmail} />
    </PublicRoot>
  );
}
