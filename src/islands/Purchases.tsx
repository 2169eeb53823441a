import { AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { PurchasesView } from '../features/checkout/PurchasesView';

/** 'Mine kjøp' on /kjop: any signed-in user's own orders. */
export default function Purchases() {
  return (
    <AppRoot>
      <AccessGate allow="user">{(user) => <PurchasesView user={user} />}</AccessGate>
    </AppRoot>
  );
}
