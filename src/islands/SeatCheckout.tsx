import { AppRoot } from '../components/app/AppRoot';
import { SeatCheckout as SeatCheckoutForm } from '../features/company/SeatCheckout';

/** The page's static HTML already states the seller, what is sold and the price per seat with its VAT. */
export default function SeatCheckout({ contactEmail }: { contactEmail: string }) {
  return (
    <AppRoot>
      <SeatCheckoutForm contactEmail={contactEmail} />
    </AppRoot>
  );
}
