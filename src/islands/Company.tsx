import { AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { CompanyView } from '../features/company/CompanyView';

export default function Company() {
  return (
    <AppRoot>
      <AccessGate allow="user">{(user) => <CompanyView user={user} />}</AccessGate>
    </AppRoot>
  );
}
