import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccessGate } from '../../components/app/AccessGate';
import type { CurrentUser } from '../../schemas/auth';
import { bodyOf, calls, type Handler, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import type { Account, AccountSession } from './account.queries';
import { AccountView } from './AccountView';

const account = (extra: Partial<Account> = {}): Account => ({
  firstName: 'Emma',
  lastName: 'Larsen',
  email: 'elev@demo.no',
  emailVerified: true,
  hasPassword: true,
  pendingEmail: null,
  preferences: { reminders: false },
  createdAt: '2026-01-05T09:00:00.000Z',
  ...extra,
});

const sessions: AccountSession[] = [
  { id: 's1', current: true, device: 'Firefox på Linux', createdAt: '2026-11-20T08:00:00.000Z', lastUsedAt: '2026-11-25T10:00:00.000Z' },
  { id: 's2', current: false, device: 'Safari på iPhone', createdAt: '2026-10-01T08:00:00.000Z', lastUsedAt: '2026-11-24T18:30:00.000Z' },
];

const json = (body: unknown, status = 200) => Response.json(body, { status });
const fieldIssue = (path: string, message: string) => json({ error: message, issues: [{ path, message }] }, 400);

function serveAccount(extra: Record<string, Handler> = {}, data: Account = account(), list: AccountSession[] = sessions) {
  const user: CurrentUser = testUser();
  serve({
    'GET /api/auth/user': () => json(user),
    'GET /api/account': () => json(data),
    'GET /api/account/sessions': () => json({ sessions: list }),
    ...extra,
  });
}

/** The island's inside: the gate reads the current user, as on /konto. */
function renderAccount(navigate = vi.fn<(url: string) => void>()) {
  renderInApp(<AccessGate allow="user">{(user) => <AccountView user={user} navigate={navigate} />}</AccessGate>);
  return navigate;
}

const section = async (name: string) => (await screen.findByRole('region', { name })) as HTMLElement;

resetAfterEach();

describe("'Min konto'", () => {
  it('shows every card with its heading, the address and its state, and the way to the purchases', async () => {
    serveAccount({}, account({ emailVerified: false, pendingEmail: 'ny@example.no' }));
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Min konto' })).toBeTruthy();
    for (const name of ['Profil', 'E-post', 'Passord', 'Innlogginger', 'Kjøp og kvitteringer', 'E-postvarsler', 'Dine data']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
    }
    const email = await section('E-post');
    expect(within(email).getByText('elev@demo.no')).toBeTruthy();
    expect(within(email).getByText('Ikke bekreftet')).toBeTruthy();
    expect(within(email).getByText('ny@example.no')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se kjøp og kvitteringer' }).getAttribute('href')).toBe('/kjop');
    expect((await section('Innlogginger')).id).toBe('innlogginger');
    expect((await section('E-postvarsler')).id).toBe('innstillinger');
    const download = screen.getByRole('link', { name: 'Last ned mine data' });
    expect(download.getAttribute('href')).toBe('/api/account/export');
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('says so when the account cannot be read, with a retry', async () => {
    serveAccount({ 'GET /api/account': () => json({ error: 'Noe gikk galt hos oss. Prøv igjen om litt.' }, 500) });
    renderAccount();
    expect(await screen.findByText('Kunne ikke laste kontoen din.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prøv igjen' })).toBeTruthy();
  });

  it('saves the name and shows it in the header without a reload', async () => {
    const saved = testUser({ firstName: 'Kari', lastName: 'Nordmann' });
    serveAccount({ 'PATCH /api/account/profile': () => json({ user: saved }) });
    renderAccount();
    const profile = await section('Profil');
    expect(await screen.findByRole('button', { name: 'Brukermeny for Emma Larsen' })).toBeTruthy();
    fireEvent.change(within(profile).getByLabelText('Fornavn'), { target: { value: 'Kari' } });
    fireEvent.change(within(profile).getByLabelText('Etternavn'), { target: { value: 'Nordmann' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Lagre' }));
    expect(await within(profile).findByText('Navnet er lagret.')).toBeTruthy();
    expect(bodyOf('PATCH /api/account/profile')).toEqual({ firstName: 'Kari', lastName: 'Nordmann' });
    expect(screen.getByRole('button', { name: 'Brukermeny for Kari Nordmann' })).toBeTruthy();
    expect(calls('GET /api/auth/user')).toHaveLength(1);
  });

  it('an account without a password asks for links to its address instead of the password', async () => {
    const sent = 'Vi har sendt en lenke til elev@demo.no. Åpne den for å bekrefte.';
    serveAccount({ 'POST /api/account/confirm-by-mail': () => json({ message: sent }, 202) }, account({ hasPassword: false }));
    renderAccount();
    const email = await section('E-post');
    expect(within(email).queryByLabelText('Passord')).toBeNull();
    expect(screen.queryByText('Passordet du logger inn med nå.')).toBeNull();
    fireEvent.change(within(email).getByLabelText('Ny e-postadresse'), { target: { value: 'ny@example.no' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Send lenke for å endre e-post' }));
    expect(await within(email).findByText(sent)).toBeTruthy();
    expect(bodyOf('POST /api/account/confirm-by-mail')).toEqual({ action: 'change_email', newEmail: 'ny@example.no' });

    const create = await section('Lag et passord');
    expect(screen.queryByRole('region', { name: 'Passord' })).toBeNull();
    fireEvent.click(within(create).getByRole('button', { name: 'Send lenke for å lage passord' }));
    expect(await within(create).findByText(sent)).toBeTruthy();
    expect(calls('POST /api/account/confirm-by-mail').length).toBe(2);
  });

  it("puts the server's field messages under their fields and focuses the first", async () => {
    serveAccount({ 'POST /api/account/email': () => fieldIssue('password', 'Feil passord') });
    renderAccount();
    const email = await section('E-post');
    fireEvent.change(within(email).getByLabelText('Ny e-postadresse'), { target: { value: 'ny@example.no' } });
    fireEvent.change(within(email).getByLabelText('Passord'), { target: { value: 'feil' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Endre e-post' }));
    expect(await within(email).findByText('Feil passord')).toBeTruthy();
    const password = within(email).getByLabelText('Passord');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(bodyOf('POST /api/account/email')).toEqual({ newEmail: 'ny@example.no', password: 'feil' });
  });

  it("checks the name with the server's schema, then puts the server's message under its field with focus there", async () => {
    serveAccount({ 'PATCH /api/account/profile': () => fieldIssue('lastName', 'Etternavn kan ha høyst 100 tegn') });
    renderAccount();
    const profile = await section('Profil');
    const first = within(profile).getByLabelText('Fornavn');
    fireEvent.change(first, { target: { value: '  ' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Lagre' }));
    expect(await within(profile).findByText('Skriv inn fornavn')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(calls('PATCH /api/account/profile')).toHaveLength(0);

    fireEvent.change(first, { target: { value: 'Kari' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Lagre' }));
    const last = within(profile).getByLabelText('Etternavn');
    await waitFor(() => expect(document.activeElement).toBe(last));
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(last.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Etternavn kan ha høyst 100 tegn');
    expect(first.hasAttribute('aria-invalid')).toBe(false);
  });

  it("puts a refused new password's message under it and focuses it", async () => {
    serveAccount({ 'POST /api/account/password': () => fieldIssue('newPassword', 'Passordet er for vanlig') });
    renderAccount();
    const card = await section('Passord');
    fireEvent.change(within(card).getByLabelText('Nåværende passord'), { target: { value: 'demo1234' } });
    fireEvent.change(within(card).getByLabelText('Nytt passord'), { target: { value: 'passord1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Endre passord' }));
    const newPassword = within(card).getByLabelText('Nytt passord');
    await waitFor(() => expect(document.activeElement).toBe(newPassword));
    expect(newPassword.getAttribute('aria-invalid')).toBe('true');
    expect(
      newPassword
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['Minst 8 tegn. Gjerne en setning du husker.', 'Passordet er for vanlig']);
  });

  it("shows a refused link request's sentence above the button", async () => {
    serveAccount(
      { 'POST /api/account/confirm-by-mail': () => json({ error: 'For mange forespørsler. Vent litt.' }, 429) },
      account({ hasPassword: false }),
    );
    renderAccount();
    const create = await section('Lag et passord');
    fireEvent.click(within(create).getByRole('button', { name: 'Send lenke for å lage passord' }));
    expect((await within(create).findByRole('alert')).textContent).toBe('For mange forespørsler. Vent litt.');
  });

  it("asks for a new address, shows the server's sentence and the address waiting for its link", async () => {
    const message = 'Vi har sendt en lenke til ny@example.no. E-postadressen endres når du åpner lenken.';
    serveAccount({ 'POST /api/account/email': () => json({ message, pendingEmail: 'ny@example.no' }, 202) });
    renderAccount();
    const email = await section('E-post');
    fireEvent.change(within(email).getByLabelText('Ny e-postadresse'), { target: { value: 'ny@example.no' } });
    fireEvent.change(within(email).getByLabelText('Passord'), { target: { value: 'demo1234' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Endre e-post' }));
    expect(await within(email).findByText(message)).toBeTruthy();
    expect(within(email).getByText('ny@example.no')).toBeTruthy();
    expect((within(email).getByLabelText('Passord') as HTMLInputElement).value).toBe('');
  });

  it('changes the password and reads the sessions again', async () => {
    const message = 'Passordet er endret. Du er logget ut på alle andre enheter.';
    serveAccount({ 'POST /api/account/password': () => json({ message }) });
    renderAccount();
    const card = await section('Passord');
    fireEvent.change(within(card).getByLabelText('Nåværende passord'), { target: { value: 'demo1234' } });
    fireEvent.change(within(card).getByLabelText('Nytt passord'), { target: { value: 'en ny og lang setning' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Endre passord' }));
    expect(await within(card).findByText(message)).toBeTruthy();
    expect(bodyOf('POST /api/account/password')).toEqual({ currentPassword: 'demo1234', newPassword: 'en ny og lang setning' });
    await waitFor(() => expect(calls('GET /api/account/sessions')).toHaveLength(2));
  });

  it('lists the sessions, marks this one, and signs another out', async () => {
    serveAccount({ 'DELETE /api/account/sessions/s2': () => json({ ended: 1, current: false }) });
    renderAccount();
    const card = await section('Innlogginger');
    const rows = await within(card).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [mine, other] = rows.map((row) => within(row));
    expect(mine?.getByText('Firefox på Linux')).toBeTruthy();
    expect(mine?.getByText('Denne enheten')).toBeTruthy();
    expect(mine?.getByText('25. november 2026 kl. 11:00', { normalizer: (s) => s.replace(/\s+/g, ' ') })).toBeTruthy();
    expect(mine?.getByText('20. november 2026')).toBeTruthy();
    expect(mine?.queryByRole('button')).toBeNull();
    expect(other?.getByText('Safari på iPhone')).toBeTruthy();
    fireEvent.click(other!.getByRole('button', { name: /^Logg ut Safari på iPhone/ }));
    expect(await within(card).findByText('Safari på iPhone er logget ut.')).toBeTruthy();
    expect(calls('DELETE /api/account/sessions/s2')).toHaveLength(1);
    expect(calls('GET /api/account/sessions')).toHaveLength(2);
  });

  it("'Logg ut alle andre' ends the others and keeps this browser signed in", async () => {
    const navigate = vi.fn<(url: string) => void>();
    serveAccount({ 'POST /api/account/sessions/end-others': () => json({ ended: 1 }) });
    renderAccount(navigate);
    const card = await section('Innlogginger');
    fireEvent.click(await within(card).findByRole('button', { name: 'Logg ut alle andre' }));
    expect(await within(card).findByText('Du er logget ut på 1 annen enhet.')).toBeTruthy();
    expect(bodyOf('POST /api/account/sessions/end-others')).toEqual({});
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves signed out when the session ended turns out to be this one', async () => {
    serveAccount({ 'DELETE /api/account/sessions/s2': () => json({ ended: 1, current: true }) });
    const navigate = renderAccount();
    const card = await section('Innlogginger');
    fireEvent.click(await within(card).findByRole('button', { name: /^Logg ut Safari på iPhone/ }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
  });

  it('has no other sessions to end when this is the only one', async () => {
    serveAccount({}, account(), [sessions[0]!]);
    renderAccount();
    const card = await section('Innlogginger');
    expect(await within(card).findByText('Du er ikke logget inn på noen andre enheter.')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it("saves the reminder switch at once and says 'Lagret'", async () => {
    serveAccount({ 'PUT /api/account/preferences': () => json({ preferences: { reminders: true } }) });
    renderAccount();
    const card = await section('E-postvarsler');
    const toggle = within(card).getByRole('switch', { name: 'Påminnelser når jeg ikke har vært innom på en uke' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(await within(card).findByText('Lagret')).toBeTruthy();
    expect(bodyOf('PUT /api/account/preferences')).toEqual({ reminders: true });
    expect(toggle.checked).toBe(true);
  });

  it('puts the switch back when saving fails', async () => {
    serveAccount({ 'PUT /api/account/preferences': () => json({ error: 'Noe gikk galt hos oss. Prøv igjen om litt.' }, 500) });
    renderAccount();
    const card = await section('E-postvarsler');
    const toggle = within(card).getByRole('switch') as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await within(card).findByRole('alert')).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toBe('Noe gikk galt hos oss. Prøv igjen om litt.');
    expect(toggle.checked).toBe(false);
  });

  it('deletes the account only with the password, after saying what goes and what stays, then leaves signed out', async () => {
    let attempt = 0;
    serveAccount({
      'POST /api/account/delete': () => (++attempt === 1 ? fieldIssue('password', 'Feil passord') : json({ message: 'Kontoen din er slettet.' })),
    });
    const navigate = renderAccount();
    const data = await section('Dine data');
    fireEvent.click(within(data).getByRole('button', { name: 'Slett kontoen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Slette kontoen din?' });
    expect(within(dialog).getByText(/fem år etter bokføringsreglene, uten navnet eller e-postadressen din/)).toBeTruthy();
    const password = within(dialog).getByLabelText('Passord');
    fireEvent.change(password, { target: { value: 'feil' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Slett kontoen min' }));
    expect(await within(dialog).findByText('Feil passord')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.change(password, { target: { value: 'demo1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Slett kontoen min' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(bodyOf('POST /api/account/delete', 1)).toEqual({ password: 'demo1234' });
  });

  it("'Avbryt' closes the deletion without a request", async () => {
    serveAccount();
    renderAccount();
    const data = await section('Dine data');
    fireEvent.click(within(data).getByRole('button', { name: 'Slett kontoen' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('POST /api/account/delete')).toHaveLength(0);
  });
});
