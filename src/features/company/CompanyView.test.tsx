import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { $toast } from '../../stores/toast';
import { bodyOf, calls, type Handler, requested, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import type { CompanyOverview, Invitation, Manager, Membership, PeopleFilter, PeopleList, Person } from './company.queries';
import { CompanyView } from './CompanyView';

const admin = testUser({ email: 'bedrift@demo.no', firstName: 'Berit', lastName: 'Bedrift', role: 'company_admin', companyId: 'c1' });

const fjordtech: Membership = { id: 'c1', name: 'Fjordtech AS', orgNumber: '923609016', role: 'manager' };
const nordlys: Membership = { id: 'c2', name: 'Nordlys AS', orgNumber: '974760673', role: 'manager' };
const COMPANIES = 'GET /api/companies';
const C1 = '/api/companies/c1';
const C2 = '/api/companies/c2';

const overview: CompanyOverview = {
  company: {
    id: 'c1',
    name: 'Fjordtech AS',
    orgNumber: '923609016',
    invoiceEmail: 'faktura@fjordtech.no',
    invoiceAddress: 'Oslo',
    poReference: null,
  },
  seats: { total: 5, used: 2, free: 3, heldBack: 0 },
  approval: { approved: true, seatLimit: 3 },
  package: {
    productId: 'package:nettbasert-pakke',
    title: 'Nettbaserte Kurspakker',
    courses: [
      { id: 'grunnleggende-ki', title: 'KI Grunnkurs' },
      { id: 'ki-for-kontoret', title: 'KI for Kontoret' },
    ],
  },
  invitationsPending: 1,
};

const person = (extra: Partial<Person>): Person => ({
  seatId: 's1',
  userId: 'u1',
  name: 'Kari Nordmann',
  email: 'kari@fjordtech.no',
  assignedAt: '2026-11-01T09:00:00Z',
  lastActivityAt: '2026-11-20T09:00:00Z',
  completedAt: null,
  progressPercent: 40,
  status: 'in_progress',
  inactive: false,
  courses: [
    { courseId: 'grunnleggende-ki', title: 'KI Grunnkurs', progressPercent: 80, completedAt: null },
    { courseId: 'ki-for-kontoret', title: 'KI for Kontoret', progressPercent: 0, completedAt: null },
  ],
  certificates: [],
  ...extra,
});

const kari = person({
  certificates: [
    { courseTitle: 'KI Grunnkurs', completedAt: '2026-11-18T09:00:00Z', verifyUrl: 'https://kiakademiet.no/bevis/A1B2C-3D4E5-F6A7B-8C9D0' },
  ],
});
const ola = person({
  seatId: 's2',
  userId: 'u2',
  name: 'Ola Hansen',
  email: 'ola@fjordtech.no',
  lastActivityAt: null,
  progressPercent: 0,
  status: 'not_started',
  inactive: true,
});
const counts: PeopleList['counts'] = { all: 2, not_started: 1, in_progress: 1, done: 0, inactive: 1 };

const invitation: Invitation = {
  id: 'i1',
  email: 'per@fjordtech.no',
  status: 'pending',
  createdAt: '2026-11-20T09:00:00Z',
  expiresAt: '2026-12-04T09:00:00Z',
  lastSentAt: '2026-11-20T09:00:00Z',
};

const manager = (extra: Partial<Manager>): Manager => ({
  userId: admin.id,
  name: 'Berit Bedrift',
  email: 'bedrift@demo.no',
  addedAt: '2026-11-01T09:00:00Z',
  addedBy: null,
  ...extra,
});
const berit = manager({});
const kariManager = manager({ userId: 'u1', name: 'Kari Nordmann', email: 'kari@fjordtech.no', addedBy: admin.id });

const peopleUrl = (filter: PeopleFilter, company = C1) => `GET ${company}/people?filter=${filter}`;

/** Every read of one company's view, from its own URLs. */
function companyRoutes(company: string, data: CompanyOverview, managers: Manager[] = [berit]): Record<string, Handler> {
  return {
    [`GET ${company}`]: () => Response.json(data),
    [`GET ${company}/invitations`]: () => Response.json({ invitations: company === C1 ? [invitation] : [] }),
    [`GET ${company}/managers`]: () => Response.json({ managers }),
    [peopleUrl('all', company)]: () => Response.json({ people: company === C1 ? [kari, ola] : [], counts }),
    [peopleUrl('not_started', company)]: () => Response.json({ people: [ola], counts }),
  };
}

function renderView(routes: Record<string, Handler> = {}) {
  serve({
    [COMPANIES]: () => Response.json({ companies: [fjordtech] }),
    ...companyRoutes(C1, overview),
    ...routes,
  });
  return renderInApp(<CompanyView user={admin} />);
}

const employees = () => screen.getByRole('region', { name: 'Ansatte' });
const managersCard = () => screen.getByRole('region', { name: 'Ledere' });

// The chosen company lives in the address: every test starts on a plain /bedrift.
resetAfterEach(() => window.history.replaceState(null, '', '/bedrift'));

describe('/bedrift', () => {
  it('tells someone who manages no company what the page is for', async () => {
    serve({ [COMPANIES]: () => Response.json({ companies: [] }) });
    renderInApp(<CompanyView user={testUser()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Denne siden er for bedriftsadministratorer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se Nettbaserte Kurspakker' }).getAttribute('href')).toBe('/nettbasert-pakke');
    expect(screen.queryByText(/Du har en plass/)).toBeNull();
    expect(requested()).toEqual([COMPANIES]);
  });

  it('tells a member which company their seat is from, and reads nothing of it', async () => {
    // Even a user labelled company admin sees no company they are only a member of.
    serve({ [COMPANIES]: () => Response.json({ companies: [{ ...fjordtech, role: 'member' }] }) });
    renderInApp(<CompanyView user={admin} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Denne siden er for bedriftsadministratorer' })).toBeTruthy();
    expect(screen.getByText('Du har en plass fra Fjordtech AS. Det er lederne i bedriften som administrerer plassene.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se Nettbaserte Kurspakker' })).toBeTruthy();
    expect(requested()).toEqual([COMPANIES]);
  });

  it('names every company a member of several has a seat from', async () => {
    serve({
      [COMPANIES]: () =>
        Response.json({
          companies: [
            { ...fjordtech, role: 'member' },
            { ...nordlys, role: 'member' },
            { id: 'c3', name: 'Vest AS', orgNumber: '1', role: 'member' },
          ],
        }),
    });
    renderInApp(<CompanyView user={testUser()} />);
    expect(
      await screen.findByText('Du har plasser fra Fjordtech AS, Nordlys AS og Vest AS. Det er lederne i bedriftene som administrerer plassene.'),
    ).toBeTruthy();
  });

  it('says so when the list of companies cannot be read', async () => {
    serve({ [COMPANIES]: () => Response.json({ error: 'Noe gikk galt hos oss. Prøv igjen om litt.' }, { status: 500 }) });
    renderInApp(<CompanyView user={admin} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Kunne ikke hente bedriftene dine.');
  });

  it('writes a count with its noun in the right number, and the organisation number grouped', async () => {
    renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fjordtech AS' })).toBeTruthy();
    const seats = screen.getByRole('region', { name: 'Plasser' });
    expect(within(seats).getByText('1 invitasjon venter på svar.')).toBeTruthy();
    expect(screen.getByText('Nettbaserte Kurspakker · Org.nr. 923 609 016')).toBeTruthy();
  });

  it('says how many invitations wait in the plural when there are more than one', async () => {
    renderView({ [`GET ${C1}`]: () => Response.json({ ...overview, invitationsPending: 3 }) });
    expect(await screen.findByText('3 invitasjoner venter på svar.')).toBeTruthy();
  });

  it('lets an e-mail address break only after its @ and before a dot, never mid-word', async () => {
    renderView();
    await screen.findByRole('heading', { level: 1, name: 'Fjordtech AS' });
    for (const address of ['kari@fjordtech.no', 'ola@fjordtech.no', 'per@fjordtech.no', 'bedrift@demo.no']) {
      const shown = await screen.findAllByText(address);
      for (const element of shown) {
        expect(element.closest('.break-all'), address).toBeNull();
        // The break opportunities, and the pieces between them.
        expect(element.querySelectorAll('wbr'), address).toHaveLength(2);
        const pieces = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent);
        expect(pieces.join('|'), address).toBe(address.replace('@', '@|').replace('.', '|.'));
      }
    }
  });

  it('shows the company, its seats and the employees with per-course and total progress', async () => {
    renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fjordtech AS' })).toBeTruthy();
    // One company: no chooser.
    expect(screen.queryByRole('navigation', { name: 'Bedrifter du er leder for' })).toBeNull();
    const seats = screen.getByRole('region', { name: 'Plasser' });
    expect(within(seats).getByText('Totalt').nextSibling?.textContent).toBe('5');
    expect(within(seats).getByText('Brukt').nextSibling?.textContent).toBe('2');
    expect(within(seats).getByText('Ledige').nextSibling?.textContent).toBe('3');
    expect(within(seats).getByRole('link', { name: 'Kjøp flere plasser' }).getAttribute('href')).toBe('/kasse/nettbasert-pakke?bedrift=c1');
    expect(within(seats).queryByText('Venter på godkjenning')).toBeNull();

    const table = await within(employees()).findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('Kari Nordmann');
    expect(rows[1]?.textContent).toContain('KI Grunnkurs80 %');
    expect(within(rows[1]!).getByRole('progressbar', { name: 'Total fremdrift for Kari Nordmann' }).getAttribute('aria-valuenow')).toBe('40');
    expect(rows[1]?.textContent).toContain('I gang');
    // Each person's certificates, linked to their public verification page (issue 25).
    const certificates = within(rows[1]!).getByRole('list', { name: 'Kursbevis for Kari Nordmann' });
    expect(within(certificates).getByRole('link', { name: 'KI Grunnkurs' }).getAttribute('href')).toBe(
      'https://kiakademiet.no/bevis/A1B2C-3D4E5-F6A7B-8C9D0',
    );
    expect(rows[2]?.textContent).toContain('Ingen ennå');
    expect(rows[2]?.textContent).toContain('Aldri');
    expect(rows[2]?.textContent).toContain('Ikke startet');
    expect(rows[2]?.textContent).toContain('Inaktiv');
    expect(within(employees()).getByRole('link', { name: 'Last ned CSV' }).getAttribute('href')).toBe('/api/companies/c1/people.csv');
    expect(within(employees()).getByRole('link', { name: 'Last ned CSV' }).hasAttribute('download')).toBe(true);

    const invitations = screen.getByRole('region', { name: 'Invitasjoner' });
    expect(await within(invitations).findByText('per@fjordtech.no')).toBeTruthy();
    expect(within(invitations).getByText('Venter på svar')).toBeTruthy();
  });

  it('filters the employees with counts on the buttons', async () => {
    renderView();
    const group = await screen.findByRole('group', { name: 'Vis ansatte' });
    await within(group).findByRole('button', { name: 'Alle (2)' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Alle (2)', 'Ikke startet (1)', 'I gang (1)', 'Fullført (0)', 'Inaktive 14 dager (1)']);
    fireEvent.click(within(group).getByRole('button', { name: 'Ikke startet (1)' }));
    await waitFor(() => expect(calls(peopleUrl('not_started'))).toHaveLength(1));
    await waitFor(() => expect(within(within(employees()).getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(within(group).getByRole('button', { name: 'Ikke startet (1)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("shows 50 employees at a time and the next ones with 'Vis flere ansatte'", async () => {
    const many = { ...counts, all: 3 };
    renderView({
      [peopleUrl('all')]: () => Response.json({ people: [kari, ola], counts: many, nextCursor: 'neste' }),
      [`GET ${C1}/people?filter=all&cursor=neste`]: () =>
        Response.json({
          people: [{ ...ola, seatId: 's3', userId: 'u3', name: 'Per Hansen', email: 'per@fjordtech.no' }],
          counts: many,
          nextCursor: null,
        }),
    });
    const region = await screen.findByRole('region', { name: 'Ansatte' });
    expect(await within(region).findByText('Viser 2 av 3.')).toBeTruthy();
    fireEvent.click(within(employees()).getByRole('button', { name: 'Vis flere ansatte' }));
    await waitFor(() => expect(within(within(employees()).getByRole('table')).getAllByRole('row')).toHaveLength(4));
    expect(within(employees()).queryByRole('button', { name: 'Vis flere ansatte' })).toBeNull();
    expect(within(employees()).queryByText(/^Viser/)).toBeNull();
  });

  it('previews a pasted list and a CSV file before sending the valid addresses', async () => {
    renderView({
      [`POST ${C1}/invitations/preview`]: () =>
        Response.json({
          valid: [
            { row: 1, email: 'a@fjordtech.no' },
            { row: 3, email: 'b@fjordtech.no' },
          ],
          invalid: [{ row: 2, value: 'ikke-en-adresse', reason: 'Ugyldig e-postadresse' }],
          duplicates: [{ row: 4, email: 'a@fjordtech.no' }],
          existing: [{ row: 5, email: 'kari@fjordtech.no', reason: 'Har allerede en plass' }],
          freeSeats: 3,
          tooMany: false,
        }),
      [`POST ${C1}/invitations`]: () => Response.json({ created: 2, message: '2 invitasjoner er sendt.' }, { status: 201 }),
    });
    const card = await screen.findByRole('region', { name: 'Inviter ansatte' });
    fireEvent.click(within(card).getByRole('button', { name: 'Se over' }));
    expect(await within(card).findByText('Lim inn adresser eller velg en CSV-fil')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByLabelText('E-postadresser')));
    expect(calls(`POST ${C1}/invitations/preview`)).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText('E-postadresser'), { target: { value: 'a@fjordtech.no\nikke-en-adresse' } });
    const file = new File(['e-post\nb@fjordtech.no\na@fjordtech.no\nkari@fjordtech.no\n'], 'ansatte.csv', { type: 'text/csv' });
    fireEvent.change(within(card).getByLabelText('Eller last opp en CSV-fil'), { target: { files: [file] } });
    expect(await within(card).findByText('Valgt fil: ansatte.csv')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Se over' }));

    const preview = await within(card).findByTestId('invite-preview');
    expect(bodyOf(`POST ${C1}/invitations/preview`)).toEqual({
      text: 'a@fjordtech.no\nikke-en-adresse\ne-post\nb@fjordtech.no\na@fjordtech.no\nkari@fjordtech.no',
    });
    expect(calls(`POST ${C1}/invitations`)).toHaveLength(0);
    expect(preview.textContent).toContain('2 adresser kan inviteres');
    expect(preview.textContent).toContain('Rad 2: ikke-en-adresse – Ugyldig e-postadresse');
    expect(preview.textContent).toContain('Dubletter (1)');
    expect(preview.textContent).toContain('Rad 5: kari@fjordtech.no – Har allerede en plass');

    fireEvent.click(within(card).getByRole('button', { name: 'Send 2 invitasjoner' }));
    await waitFor(() => expect(bodyOf(`POST ${C1}/invitations`)).toEqual({ emails: ['a@fjordtech.no', 'b@fjordtech.no'] }));
    expect(await within(card).findByText('2 invitasjoner er sendt.')).toBeTruthy();
    expect((within(card).getByLabelText('E-postadresser') as HTMLTextAreaElement).value).toBe('');
    // The invitations and seats are read again.
    await waitFor(() => expect(calls(`GET ${C1}/invitations`).length).toBeGreaterThan(1));
  });

  it("puts the server's 400 under the list with focus there", async () => {
    renderView({
      [`POST ${C1}/invitations/preview`]: () =>
        Response.json({ error: 'Ugyldig forespørsel', issues: [{ path: 'text', message: 'Listen er for lang' }] }, { status: 400 }),
    });
    const card = await screen.findByRole('region', { name: 'Inviter ansatte' });
    const list = within(card).getByLabelText('E-postadresser');
    fireEvent.change(list, { target: { value: 'a@fjordtech.no' } });
    const check = within(card).getByRole('button', { name: 'Se over' });
    check.focus();
    fireEvent.click(check);
    expect(await within(card).findByText('Listen er for lang')).toBeTruthy();
    expect(list.getAttribute('aria-invalid')).toBe('true');
    expect(
      list
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((ref) => document.getElementById(ref)?.textContent),
    ).toContain('Listen er for lang');
    await waitFor(() => expect(document.activeElement).toBe(list));
    expect(bodyOf(`POST ${C1}/invitations/preview`)).toEqual({ text: 'a@fjordtech.no' });
    expect(within(card).queryByTestId('invite-preview')).toBeNull();
  });

  it('sends a CSV file alone for a preview, with no list typed', async () => {
    renderView({
      [`POST ${C1}/invitations/preview`]: () =>
        Response.json({ valid: [{ row: 2, email: 'b@fjordtech.no' }], invalid: [], duplicates: [], existing: [], freeSeats: 3, tooMany: false }),
    });
    const card = await screen.findByRole('region', { name: 'Inviter ansatte' });
    const file = new File(['e-post\nb@fjordtech.no\n'], 'ansatte.csv', { type: 'text/csv' });
    fireEvent.change(within(card).getByLabelText('Eller last opp en CSV-fil'), { target: { files: [file] } });
    expect(await within(card).findByText('Valgt fil: ansatte.csv')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Se over' }));
    expect((await within(card).findByTestId('invite-preview')).textContent).toContain('1 adresse kan inviteres');
    expect(bodyOf(`POST ${C1}/invitations/preview`)).toEqual({ text: 'e-post\nb@fjordtech.no' });
  });

  it('will not send more invitations than there are free seats', async () => {
    renderView({
      [`POST ${C1}/invitations/preview`]: () =>
        Response.json({
          valid: [1, 2, 3, 4].map((n) => ({ row: n, email: `p${n}@fjordtech.no` })),
          invalid: [],
          duplicates: [],
          existing: [],
          freeSeats: 3,
          tooMany: true,
        }),
    });
    const card = await screen.findByRole('region', { name: 'Inviter ansatte' });
    fireEvent.change(within(card).getByLabelText('E-postadresser'), { target: { value: 'p1@fjordtech.no, p2@fjordtech.no' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Se over' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Dere har 3 ledige plasser, men listen har 4 nye adresser.');
    expect((within(card).getByRole('button', { name: 'Send 4 invitasjoner' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes a seat back after a confirmation that says access ends and progress is kept', async () => {
    const message = 'Plassen er ledig igjen. Kari Nordmann har ikke lenger tilgang, men fremdriften er tatt vare på.';
    renderView({ [`DELETE ${C1}/seats/s1`]: () => Response.json({ message }) });
    await screen.findByRole('region', { name: 'Ansatte' });
    const table = await within(employees()).findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'Ta tilbake plassen til Kari Nordmann' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ta tilbake plassen til Kari Nordmann?' });
    expect(dialog.textContent).toContain('mister tilgangen');
    expect(dialog.textContent).toContain('Fremdriften blir tatt vare på');
    expect(calls(`DELETE ${C1}/seats/s1`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ta tilbake plassen' }));
    await waitFor(() => expect(calls(`DELETE ${C1}/seats/s1`)).toHaveLength(1));
    await waitFor(() => expect($toast.get()?.description).toBe(message));
    await waitFor(() => expect(calls(`GET ${C1}`).length).toBeGreaterThan(1));
  });

  it("sends a reminder to those not started after a confirmation, and shows the server's sentence", async () => {
    const message = 'Påminnelse sendt til 1 person som ikke har startet.';
    renderView({ [`POST ${C1}/reminders`]: () => Response.json({ sent: 1, message }, { status: 202 }) });
    await screen.findByRole('region', { name: 'Ansatte' });
    await within(employees()).findByRole('table');
    fireEvent.click(within(employees()).getByRole('button', { name: 'Send påminnelse' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send påminnelse?' });
    expect(dialog.textContent).toContain('Én ansatt har ikke startet ennå');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send påminnelse' }));
    await waitFor(() => expect($toast.get()?.description).toBe(message));
  });

  it('resends and withdraws an invitation', async () => {
    renderView({
      [`POST ${C1}/invitations/i1/resend`]: () => Response.json({ message: 'Invitasjonen er sendt på nytt til per@fjordtech.no.' }, { status: 202 }),
      [`DELETE ${C1}/invitations/i1`]: () => Response.json({ status: 'cancelled' }),
    });
    const invitations = await screen.findByRole('region', { name: 'Invitasjoner' });
    fireEvent.click(await within(invitations).findByRole('button', { name: 'Send på nytt til per@fjordtech.no' }));
    await waitFor(() => expect($toast.get()?.description).toBe('Invitasjonen er sendt på nytt til per@fjordtech.no.'));
    fireEvent.click(within(invitations).getByRole('button', { name: 'Trekk tilbake invitasjonen til per@fjordtech.no' }));
    // Nothing is withdrawn until the dialog is confirmed; 'Avbryt' keeps the invitation.
    const dialog = await screen.findByRole('alertdialog', { name: 'Trekke tilbake invitasjonen til per@fjordtech.no?' });
    expect(calls(`DELETE ${C1}/invitations/i1`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls(`DELETE ${C1}/invitations/i1`)).toHaveLength(0);
    fireEvent.click(within(invitations).getByRole('button', { name: 'Trekk tilbake invitasjonen til per@fjordtech.no' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Trekk tilbake invitasjonen' }));
    await waitFor(() => expect(calls(`DELETE ${C1}/invitations/i1`)).toHaveLength(1));
    await waitFor(() => expect($toast.get()?.title).toBe('Invitasjonen er trukket tilbake'));
  });
  it('lets a manager of several companies choose one, each read from its own URLs, the choice kept in the address', async () => {
    const nordlysOverview: CompanyOverview = {
      ...overview,
      company: { ...overview.company, id: 'c2', name: 'Nordlys AS', orgNumber: '974760673' },
      seats: { total: 10, used: 0, free: 10, heldBack: 0 },
    };
    serve({
      // A company the person is only a member of is not offered.
      [COMPANIES]: () => Response.json({ companies: [fjordtech, nordlys, { id: 'c3', name: 'Vest AS', orgNumber: '1', role: 'member' }] }),
      ...companyRoutes(C1, overview),
      ...companyRoutes(C2, nordlysOverview),
    });
    renderInApp(<CompanyView user={admin} />);
    const chooser = await screen.findByRole('navigation', { name: 'Bedrifter du er leder for' });
    expect(
      within(chooser)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Fjordtech AS', '/bedrift?bedrift=c1'],
      ['Nordlys AS', '/bedrift?bedrift=c2'],
    ]);
    // The first is shown until another is chosen.
    expect(await screen.findByRole('heading', { level: 1, name: 'Fjordtech AS' })).toBeTruthy();
    expect(within(chooser).getByRole('link', { name: 'Fjordtech AS' }).getAttribute('aria-current')).toBe('page');
    expect(calls(`GET ${C2}`)).toHaveLength(0);

    fireEvent.click(within(chooser).getByRole('link', { name: 'Nordlys AS' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordlys AS' })).toBeTruthy();
    expect(window.location.search).toBe('?bedrift=c2');
    expect(within(chooser).getByRole('link', { name: 'Nordlys AS' }).getAttribute('aria-current')).toBe('page');
    expect(calls(`GET ${C2}`)).toHaveLength(1);
    await waitFor(() => expect(calls(peopleUrl('all', C2))).toHaveLength(1));
    await waitFor(() => expect(calls(`GET ${C2}/invitations`)).toHaveLength(1));
    const seats = screen.getByRole('region', { name: 'Plasser' });
    expect(within(seats).getByText('Totalt').nextSibling?.textContent).toBe('10');
    expect(within(seats).getByRole('link', { name: 'Kjøp flere plasser' }).getAttribute('href')).toBe('/kasse/nettbasert-pakke?bedrift=c2');
    // Nothing of one company's cache is shown for the other.
    expect(await within(employees()).findByText('Ingen ansatte har tatt imot en plass ennå. Inviter dem over.')).toBeTruthy();

    // Back: the address names the first again, and its view comes from the cache.
    window.history.replaceState(null, '', '/bedrift?bedrift=c1');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fjordtech AS' })).toBeTruthy();
    expect(calls(`GET ${C1}`)).toHaveLength(1);
  });

  it('opens the company the address names, as after a reload', async () => {
    window.history.replaceState(null, '', '/bedrift?bedrift=c2');
    serve({
      [COMPANIES]: () => Response.json({ companies: [fjordtech, nordlys] }),
      ...companyRoutes(C2, { ...overview, company: { ...overview.company, id: 'c2', name: 'Nordlys AS' } }),
    });
    renderInApp(<CompanyView user={admin} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordlys AS' })).toBeTruthy();
    expect(calls(`GET ${C1}`)).toHaveLength(0);
  });

  it('shows the seats waiting for approval while the company is unapproved', async () => {
    renderView({
      [`GET ${C1}`]: () => Response.json({ ...overview, seats: { ...overview.seats, heldBack: 2 }, approval: { approved: false, seatLimit: 3 } }),
    });
    const seats = await screen.findByRole('region', { name: 'Plasser' });
    expect(within(seats).getByText('Venter på godkjenning')).toBeTruthy();
    expect(
      within(seats).getByText('2 plasser venter på godkjenning. De blir tilgjengelige når fakturaen er betalt eller vi har godkjent bedriften.'),
    ).toBeTruthy();
  });

  it('says nothing of approval when no seat waits, approved or not', async () => {
    renderView({ [`GET ${C1}`]: () => Response.json({ ...overview, approval: { approved: false, seatLimit: 3 } }) });
    const seats = await screen.findByRole('region', { name: 'Plasser' });
    expect(within(seats).queryByText('Venter på godkjenning')).toBeNull();
    expect(within(seats).queryByText(/venter på godkjenning/)).toBeNull();
  });

  it('lists the managers, and the last one cannot be removed', async () => {
    renderView();
    const card = await screen.findByRole('region', { name: 'Ledere' });
    expect(await within(card).findByText('Berit Bedrift')).toBeTruthy();
    expect(within(card).getByText('bedrift@demo.no')).toBeTruthy();
    expect(within(card).getByText('(deg)')).toBeTruthy();
    const remove = within(card).getByRole('button', { name: 'Fjern som leder (Berit Bedrift)' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    const hint = within(card).getByText('Bedriften må ha minst én leder.');
    expect(remove.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('makes one of the people a manager from their row, after a confirmation', async () => {
    let managers = [berit];
    renderView({
      [`GET ${C1}/managers`]: () => Response.json({ managers }),
      [`POST ${C1}/managers`]: () => {
        managers = [berit, manager({ userId: 'u2', name: 'Ola Hansen', email: 'ola@fjordtech.no', addedBy: admin.id })];
        return Response.json({ message: 'Ola Hansen er leder nå.' }, { status: 201 });
      },
    });
    const table = await within(await screen.findByRole('region', { name: 'Ansatte' })).findByRole('table');
    fireEvent.click(await within(table).findByRole('button', { name: 'Gjør til leder (Ola Hansen)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Gjøre Ola Hansen til leder?' });
    expect(calls(`POST ${C1}/managers`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gjør til leder' }));
    await waitFor(() => expect(bodyOf(`POST ${C1}/managers`)).toEqual({ userId: 'u2' }));
    await waitFor(() => expect($toast.get()?.description).toBe('Ola Hansen er leder nå.'));
    // The managers are read again: Ola is listed, and may no longer be made one.
    expect(await within(managersCard()).findByText('Ola Hansen')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Gjør til leder (Ola Hansen)' })).toBeNull());
    expect(within(within(table).getAllByRole('row')[2]!).getByText('Leder')).toBeTruthy();
    expect((within(managersCard()).getByRole('button', { name: 'Fjern som leder (Berit Bedrift)' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('removes a manager after a confirmation, and shows the server refusing the last one', async () => {
    let managers = [berit, kariManager];
    let refuse = false;
    renderView({
      [`GET ${C1}/managers`]: () => Response.json({ managers }),
      [`DELETE ${C1}/managers/u1`]: () => {
        if (refuse) return Response.json({ error: 'Bedriften må ha minst én leder.', code: 'last_manager' }, { status: 409 });
        managers = [berit];
        return Response.json({ message: 'Kari Nordmann er ikke lenger leder.' });
      },
    });
    const card = await screen.findByRole('region', { name: 'Ledere' });
    // A manager holding a seat is marked in the people list, without 'Gjør til leder'.
    const table = await within(employees()).findByRole('table');
    await waitFor(() => expect(within(within(table).getAllByRole('row')[1]!).getByText('Leder')).toBeTruthy());
    expect(within(table).queryByRole('button', { name: 'Gjør til leder (Kari Nordmann)' })).toBeNull();

    fireEvent.click(await within(card).findByRole('button', { name: 'Fjern som leder (Kari Nordmann)' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Fjerne Kari Nordmann som leder?' });
    expect(dialog.textContent).toContain('Kari Nordmann kan ikke lenger administrere plassene til Fjordtech AS.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls(`DELETE ${C1}/managers/u1`)).toHaveLength(0);

    // The server refuses (another manager left meanwhile): its sentence is shown.
    refuse = true;
    fireEvent.click(within(card).getByRole('button', { name: 'Fjern som leder (Kari Nordmann)' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fjern som leder' }));
    await waitFor(() => expect($toast.get()?.description).toBe('Bedriften må ha minst én leder.'));
    expect($toast.get()?.variant).toBe('destructive');

    refuse = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Fjern som leder (Kari Nordmann)' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Fjern som leder' }));
    await waitFor(() => expect($toast.get()?.description).toBe('Kari Nordmann er ikke lenger leder.'));
    await waitFor(() => expect(within(card).queryByText('Kari Nordmann')).toBeNull());
    expect((within(card).getByRole('button', { name: 'Fjern som leder (Berit Bedrift)' }) as HTMLButtonElement).disabled).toBe(true);
    // The caller's own companies are read again too (a manager may remove themself).
    expect(calls(COMPANIES).length).toBeGreaterThan(1);
  });

  it('asks a manager removing themself, and leaves the page once they manage nothing', async () => {
    let companies: Membership[] = [fjordtech];
    renderView({
      [COMPANIES]: () => Response.json({ companies }),
      [`GET ${C1}/managers`]: () => Response.json({ managers: [berit, kariManager] }),
      [`DELETE ${C1}/managers/${admin.id}`]: () => {
        companies = [{ ...fjordtech, role: 'member' }];
        return Response.json({ message: 'Du er ikke lenger leder.' });
      },
    });
    const card = await screen.findByRole('region', { name: 'Ledere' });
    fireEvent.click(await within(card).findByRole('button', { name: 'Fjern som leder (Berit Bedrift)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Fjerne deg selv som leder?' });
    expect(dialog.textContent).toContain('Du kan ikke lenger administrere plassene til Fjordtech AS.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fjern som leder' }));
    expect(await screen.findByText('Du har en plass fra Fjordtech AS. Det er lederne i bedriften som administrerer plassene.')).toBeTruthy();
  });
});
