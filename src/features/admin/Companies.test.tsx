import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../schemas/auth';
import { $toast } from '../../stores/toast';
import { bodyOf, calls, type Handler, requested, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import AdminView from './AdminView';
import type { AdminCompanyDetail, AdminCompanyRow } from './companies.queries';

const me = (role: CurrentUser['role']) => testUser({ email: `${role}@demo.no`, firstName: 'Sara', lastName: 'Super', role });

const fjordtech: AdminCompanyRow = {
  id: 'c1',
  name: 'Fjordtech AS',
  orgNumber: '923609016',
  seatsTotal: 10,
  seatsUsed: 4,
  people: 4,
  approved: true,
  createdAt: '2026-11-01T09:00:00Z',
};

const detail: AdminCompanyDetail = {
  company: {
    id: 'c1',
    name: 'Fjordtech AS',
    orgNumber: '923609016',
    invoiceEmail: 'faktura@fjordtech.no',
    invoiceAddress: 'Storgata 1',
    poReference: 'PO-1',
  },
  seats: { total: 10, used: 4, free: 6, heldBack: 0 },
  approved: true,
  people: [
    {
      seatId: 's1',
      userId: 'u1',
      name: 'Kari Nordmann',
      email: 'kari@fjordtech.no',
      lastActivityAt: null,
      completedAt: null,
      progressPercent: 25,
      status: 'in_progress',
      inactive: false,
    },
  ],
  orders: [
    { id: 'o1', reference: 'KIA-1', status: 'invoiced', quantity: 5, totalOre: 1_495_000, createdAt: '2026-11-01T09:00:00Z' },
    { id: 'o2', reference: 'KIA-2', status: 'paid', quantity: 5, totalOre: 1_495_000, createdAt: '2026-11-02T09:00:00Z' },
  ],
};

const LIST = 'GET /api/admin/companies';

function openTab(routes: Record<string, Handler>) {
  serve({ [LIST]: () => Response.json({ companies: [fjordtech] }), 'GET /api/admin/companies/c1': () => Response.json(detail), ...routes });
  renderInApp(<AdminView user={me('superuser')} />);
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Bedrifter' }), { button: 0 });
}

resetAfterEach();

describe("'Bedrifter' (superuser)", () => {
  it('is a tab for superusers only, read when it is opened, listing name, org number, seats and people', async () => {
    serve({ [LIST]: () => Response.json({ companies: [fjordtech] }) });
    const { unmount } = renderInApp(<AdminView user={me('admin')} />);
    expect(screen.queryByRole('tab', { name: 'Bedrifter' })).toBeNull();
    unmount();
    openTab({});
    const table = await screen.findByRole('table', { name: 'Bedrifter' });
    expect(requested().filter((r) => r.includes('/api/admin/companies'))).toEqual([LIST]);
    const row = within(table).getAllByRole('row')[1];
    expect(row?.textContent).toContain('Fjordtech AS');
    expect(row?.textContent).toContain('923 609 016');
    expect(row?.textContent).toContain('4 / 10');
  });

  it("creates a company with 'Ny bedrift', with the schema's and the server's field messages and focus on them", async () => {
    let attempt = 0;
    openTab({
      'POST /api/admin/companies': () =>
        ++attempt === 1
          ? Response.json(
              { error: 'Bedriften finnes allerede', issues: [{ path: 'orgNumber', message: 'Bedriften finnes allerede' }] },
              { status: 400 },
            )
          : Response.json({ company: { ...detail.company, id: 'c2', name: 'Nyco AS' } }, { status: 201 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ny bedrift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny bedrift' });
    const orgNumber = within(dialog).getByLabelText('Organisasjonsnummer');
    const submit = within(dialog).getByRole('button', { name: 'Opprett bedriften' });
    fireEvent.change(within(dialog).getByLabelText('Navn'), { target: { value: 'Nyco AS' } });
    fireEvent.change(orgNumber, { target: { value: '123' } });
    fireEvent.change(within(dialog).getByLabelText('E-post for faktura'), { target: { value: 'f@nyco.no' } });
    fireEvent.change(within(dialog).getByLabelText('Fakturaadresse'), { target: { value: 'Bergen' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Organisasjonsnummeret må ha ni sifre')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(orgNumber));
    expect(calls('POST /api/admin/companies')).toHaveLength(0);

    fireEvent.change(orgNumber, { target: { value: '923609016' } });
    submit.focus();
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Bedriften finnes allerede')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(orgNumber));
    expect(orgNumber.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(orgNumber.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Bedriften finnes allerede');

    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ny bedrift' })).toBeNull());
    expect(bodyOf('POST /api/admin/companies', 1)).toEqual({
      name: 'Nyco AS',
      orgNumber: '923609016',
      invoiceEmail: 'f@nyco.no',
      invoiceAddress: 'Bergen',
    });
    expect($toast.get()?.title).toBe('Bedriften er opprettet');
    await waitFor(() => expect(calls(LIST).length).toBe(2));
  });

  it('shows the detail with people and orders, edits the company and marks an invoice as paid after a confirmation', async () => {
    openTab({
      'PATCH /api/admin/companies/c1': () => Response.json({ company: { ...detail.company, poReference: 'PO-2' } }),
      'POST /api/admin/orders/o1/invoice-paid': () => Response.json({ order: { id: 'o1', status: 'paid' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Detaljer for Fjordtech AS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fjordtech AS' });
    expect(await within(dialog).findByText('Kari Nordmann')).toBeTruthy();
    expect(within(dialog).getByText('4 brukt av 10 (6 ledige)')).toBeTruthy();
    expect(within(dialog).getByText('Fakturert')).toBeTruthy();
    // Only the invoiced order has the invoice's buttons.
    expect(within(dialog).getAllByRole('button', { name: 'Merk som betalt' })).toHaveLength(1);
    expect(within(dialog).getAllByRole('button', { name: 'Kansellér faktura' })).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Rediger' }));
    fireEvent.change(within(dialog).getByLabelText('Innkjøpsreferanse (valgfritt)'), { target: { value: 'PO-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lagre endringene' }));
    await waitFor(() => expect(bodyOf('PATCH /api/admin/companies/c1')).toMatchObject({ name: 'Fjordtech AS', poReference: 'PO-2' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Rediger' })).toBeTruthy());

    fireEvent.click(within(dialog).getByRole('button', { name: 'Merk som betalt' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Merke ordre KIA-1 som betalt?' });
    expect(calls('POST /api/admin/orders/o1/invoice-paid')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Merk som betalt' }));
    await waitFor(() => expect(calls('POST /api/admin/orders/o1/invoice-paid')).toHaveLength(1));
    await waitFor(() => expect($toast.get()?.title).toBe('Fakturaen er merket som betalt'));
  });

  it('marks a company nobody has vouched for, and approves it after a confirmation', async () => {
    const waiting = { ...fjordtech, approved: false };
    openTab({
      [LIST]: () => Response.json({ companies: [waiting] }),
      'GET /api/admin/companies/c1': () => Response.json({ ...detail, approved: false, seats: { total: 10, used: 3, free: 0, heldBack: 7 } }),
      'POST /api/admin/companies/c1/approve': () => Response.json({ company: detail.company }),
    });
    const table = await screen.findByRole('table', { name: 'Bedrifter' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Venter på godkjenning');
    fireEvent.click(within(table).getByRole('button', { name: 'Detaljer for Fjordtech AS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fjordtech AS' });
    expect(await within(dialog).findByText('Venter på godkjenning (7 plasser holdes tilbake)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Godkjenn bedriften' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Godkjenne bedriften?' });
    expect(calls('POST /api/admin/companies/c1/approve')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Godkjenn bedriften' }));
    await waitFor(() => expect(calls('POST /api/admin/companies/c1/approve')).toHaveLength(1));
    await waitFor(() => expect($toast.get()?.title).toBe('Bedriften er godkjent'));
  });

  it('cancels an invoice only after a confirmation that names the seats lost', async () => {
    openTab({ 'POST /api/admin/orders/o1/invoice-cancelled': () => Response.json({ order: { id: 'o1', status: 'cancelled' } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Detaljer for Fjordtech AS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fjordtech AS' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Kansellér faktura' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Kansellere fakturaen for ordre KIA-1?' });
    expect(confirm.textContent).toContain('Bedriften mister 5 plasser.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Kansellér faktura' }));
    await waitFor(() => expect(calls('POST /api/admin/orders/o1/invoice-cancelled')).toHaveLength(1));
  });
});
