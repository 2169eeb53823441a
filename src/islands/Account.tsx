import { AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { AccountView } from '../features/account/AccountView';

export default function Account() {
  return (
    <AppRoot>
      <AccessGate allow="user">{(user) => <AccountView user={user} />}</AccessGate>
    </AppRoot>
  );
}
