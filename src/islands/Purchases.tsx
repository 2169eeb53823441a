import { AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { PurchasesView } from '../features/checkout/PurchasesView';

export default function Purchases() {
  return (
    <AppRoot>
      <AccessGate allow="user">{(user) => <PurchasesView user={user} />}</AccessGate>
    </AppRoot>
  );
}
