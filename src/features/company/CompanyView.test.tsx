import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { $toast } from '../../stores/toast';
import { bodyOf, calls, type Handler, requested, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import type { CompanyOverview, Invitation, PeopleFilter, PeopleList, Person } from './company.queries';
import { CompanyView } from './CompanyView';

const admin = testUser({ email: 'bedrift@demo.no', firstName: 'Berit', lastName: 'Bedrift', role: 'company_admin', companyId: 'c1' });

const overview: CompanyOverview = {
  company: {
    id: 'c1',
    name: 'Fjordtech AS',
    orgNumber: '923609016',
    invoiceEmail: 'faktura@fjordtech.no',
    invoiceAddress: 'Oslo',
    poReference: null,
  },
  seats: { total: 5, used: 2, free: 3 },
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

const peopleUrl = (filter: PeopleFilter) => `GET /api/company/people?filter=${filter}`;

function renderView(routes: Record<string, Handler> = {}) {
  serve({
    'GET /api/company': () => Response.json(overview),
    'GET /api/company/invitations': () => Response.json({ invitations: [invitation] }),
    [peopleUrl('all')]: () => Response.json({ people: [kari, ola], counts }),
    [peopleUrl('not_started')]: () => Response.json({ people: [ola], counts }),
    ...routes,
  });
  return renderInApp(<CompanyView user={admin} />);
}

const employees = () => screen.getByRole('region', { name: 'Ansatte' });

resetAfterEach();

describe('/bedrift', () => {
  it('tells anyone but a company admin what the page is for', () => {
    serve({});
    renderInApp(<CompanyView user={testUser()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Denne siden er for bedriftsadministratorer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se Nettbaserte Kurspakker' }).getAttribute('href')).toBe('/nettbasert-pakke');
    expect(requested().filter((r) => r.includes('/api/company'))).toEqual([]);
  });

  it('shows the company, its seats and the employees with per-course and total progress', async () => {
    renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fjordtech AS' })).toBeTruthy();
    const seats = screen.getByRole('region', { name: 'Plasser' });
    expect(within(seats).getByText('Totalt').nextSibling?.textContent).toBe('5');
    expect(within(seats).getByText('Brukt').nextSibling?.textContent).toBe('2');
    expect(within(seats).getByText('Ledige').nextSibling?.textContent).toBe('3');
    expect(within(seats).getByRole('link', { name: 'Kjøp flere plasser' }).getAttribute('href')).toBe('/kasse/nettbasert-pakke');

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
    expect(within(employees()).getByRole('link', { name: 'Last ned CSV' }).getAttribute('href')).toBe('/api/company/people.csv');
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
      'GET /api/company/people?filter=all&cursor=neste': () =>
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
      'POST /api/company/invitations/preview': () =>
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
      'POST /api/company/invitations': () => Response.json({ created: 2, message: '2 invitasjoner er sendt.' }, { status: 201 }),
    });
    const card = await screen.findByRole('region', { name: 'Inviter ansatte' });
    fireEvent.click(within(card).getByRole('button', { name: 'Se over' }));
    expect(await within(card).findByText('Lim inn minst én e-postadresse eller velg en CSV-fil.')).toBeTruthy();

    fireEvent.change(within(card).getByLabelText('E-postadresser'), { target: { value: 'a@fjordtech.no\nikke-en-adresse' } });
    const file = new File(['e-post\nb@fjordtech.no\na@fjordtech.no\nkari@fjordtech.no\n'], 'ansatte.csv', { type: 'text/csv' });
    fireEvent.change(within(card).getByLabelText('Eller last opp en CSV-fil'), { target: { files: [file] } });
    expect(await within(card).findByText('Valgt fil: ansatte.csv')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Se over' }));

    const preview = await within(card).findByTestId('invite-preview');
    expect(bodyOf('POST /api/company/invitations/preview')).toEqual({
      text: 'a@fjordtech.no\nikke-en-adresse\ne-post\nb@fjordtech.no\na@fjordtech.no\nkari@fjordtech.no',
    });
    expect(calls('POST /api/company/invitations')).toHaveLength(0);
    expect(preview.textContent).toContain('2 adresser kan inviteres');
    expect(preview.textContent).toContain('Rad 2: ikke-en-adresse – Ugyldig e-postadresse');
    expect(preview.textContent).toContain('Dubletter (1)');
    expect(preview.textContent).toContain('Rad 5: kari@fjordtech.no – Har allerede en plass');

    fireEvent.click(within(card).getByRole('button', { name: 'Send 2 invitasjoner' }));
    await waitFor(() => expect(bodyOf('POST /api/company/invitations')).toEqual({ emails: ['a@fjordtech.no', 'b@fjordtech.no'] }));
    expect(await within(card).findByText('2 invitasjoner er sendt.')).toBeTruthy();
    expect((within(card).getByLabelText('E-postadresser') as HTMLTextAreaElement).value).toBe('');
    // The invitations and seats are read again.
    await waitFor(() => expect(calls('GET /api/company/invitations').length).toBeGreaterThan(1));
  });

  it('will not send more invitations than there are free seats', async () => {
    renderView({
      'POST /api/company/invitations/preview': () =>
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
    renderView({ 'DELETE /api/company/seats/s1': () => Response.json({ message }) });
    await screen.findByRole('region', { name: 'Ansatte' });
    const table = await within(employees()).findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'Ta tilbake plassen til Kari Nordmann' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ta tilbake plassen til Kari Nordmann?' });
    expect(dialog.textContent).toContain('mister tilgangen');
    expect(dialog.textContent).toContain('Fremdriften blir tatt vare på');
    expect(calls('DELETE /api/company/seats/s1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ta tilbake plassen' }));
    await waitFor(() => expect(calls('DELETE /api/company/seats/s1')).toHaveLength(1));
    await waitFor(() => expect($toast.get()?.description).toBe(message));
    await waitFor(() => expect(calls('GET /api/company').length).toBeGreaterThan(1));
  });

  it("sends a reminder to those not started after a confirmation, and shows the server's sentence", async () => {
    const message = 'Påminnelse sendt til 1 person som ikke har startet.';
    renderView({ 'POST /api/company/reminders': () => Response.json({ sent: 1, message }, { status: 202 }) });
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
      'POST /api/company/invitations/i1/resend': () =>
        Response.json({ message: 'Invitasjonen er sendt på nytt til per@fjordtech.no.' }, { status: 202 }),
      'DELETE /api/company/invitations/i1': () => Response.json({ status: 'cancelled' }),
    });
    const invitations = await screen.findByRole('region', { name: 'Invitasjoner' });
    fireEvent.click(await within(invitations).findByRole('button', { name: 'Send på nytt til per@fjordtech.no' }));
    await waitFor(() => expect($toast.get()?.description).toBe('Invitasjonen er sendt på nytt til per@fjordtech.no.'));
    fireEvent.click(within(invitations).getByRole('button', { name: 'Trekk tilbake invitasjonen til per@fjordtech.no' }));
    // Nothing is withdrawn until the dialog is confirmed; 'Avbryt' keeps the invitation.
    const dialog = await screen.findByRole('alertdialog', { name: 'Trekke tilbake invitasjonen til per@fjordtech.no?' });
    expect(calls('DELETE /api/company/invitations/i1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('DELETE /api/company/invitations/i1')).toHaveLength(0);
    fireEvent.click(within(invitations).getByRole('button', { name: 'Trekk tilbake invitasjonen til per@fjordtech.no' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Trekk tilbake invitasjonen' }));
    await waitFor(() => expect(calls('DELETE /api/company/invitations/i1')).toHaveLength(1));
    await waitFor(() => expect($toast.get()?.title).toBe('Invitasjonen er trukket tilbake'));
  });
});
