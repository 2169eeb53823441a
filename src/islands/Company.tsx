import { AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { CompanyView } from '../features/company/CompanyView';

/** The manager's view on /bedrift: a company admin's seats, invitations and employees; anyone else is told what the page is for. */
export default function Company() {
  return (
    <AppRoot>
      <AccessGate allow="user">{(user) => <CompanyView user={user} />}</AccessGate>
    </AppRoot>
  );
}
