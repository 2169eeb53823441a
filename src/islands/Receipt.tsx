import { AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { ReceiptView } from '../features/checkout/ReceiptView';

/** A receipt on /kvittering/<orderId>; the server shows it to its buyer and the superuser only. */
export default function Receipt({ orderId }: { orderId: string }) {
  return (
    <AppRoot>
      <AccessGate allow="user">{(user) => <ReceiptView user={user} orderId={orderId} />}</AccessGate>
    </AppRoot>
  );
}
