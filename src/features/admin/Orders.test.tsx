import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderDetail, RevenueMonth } from './admin-orders';
import type { CurrentUser } from '../../schemas/auth';
import { $toast } from '../../stores/toast';
import { bodyOf, calls, type Handler, requested, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import AdminView from './AdminView';

const me = (role: CurrentUser['role']): CurrentUser =>
  testUser({ id: '00000000-0000-4000-8000-00000000000a', email: `${role}@demo.no`, firstName: 'Sara', lastName: 'Super', role });

/** Intl and formatNok use no-break and narrow no-break spaces: compare with plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const toastText = () => {
  const t = $toast.get();
  return t ? [t.title, t.description].filter(Boolean).join(' / ') : null;
};

const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';
const ID3 = '33333333-3333-4333-8333-333333333333';

const order = (id: string, extra: Partial<AdminOrder> = {}): AdminOrder => ({
  orderId: id,
  reference: `ka-${id.slice(0, 8)}`,
  status: 'paid',
  title: 'KI for Kontoret',
  courseId: 'ki-for-kontoret',
  totalOre: 250_000,
  refundedOre: 0,
  createdAt: '2026-11-23T09:15:00Z',
  paidAt: '2026-11-23T09:16:00Z',
  receiptNumber: '000042',
  receiptPath: `/kvittering/${id}`,
  buyerName: 'Emma Larsen',
  buyerEmail: 'emma@demo.no',
  provider: 'vipps',
  couponCode: null,
  lastError: null,
  ...extra,
});

const emma = order(ID1, { couponCode: 'HOST25', totalOre: 250_000 });
const ola = order(ID2, {
  buyerName: 'Ola Nordmann',
  buyerEmail: 'ola@demo.no',
  status: 'expired',
  receiptNumber: null,
  receiptPath: null,
  provider: 'stripe',
});
const kari = order(ID3, { buyerName: 'Kari Nordmann', buyerEmail: 'kari@demo.no', status: 'partly_refunded', refundedOre: 50_000 });

const detail = (extra: Partial<AdminOrderDetail> = {}): AdminOrderDetail => ({
  ...emma,
  pdfPath: `/api/orders/${ID1}/receipt.pdf`,
  discountOre: 62_500,
  vatOre: 50_000,
  capturedOre: 250_000,
  refundableOre: 250_000,
  consent: { version: '2026-11', text: 'Jeg samtykker til at kurset leveres med en gang.', at: '2026-11-23T09:14:30Z' },
  lastError: 'Vipps svarte ikke (tidsavbrudd).',
  events: [
    { fromStatus: null, toStatus: 'created', trigger: 'checkout', detail: { provider: 'vipps' }, createdAt: '2026-11-23T09:15:00Z', actorName: null },
    { fromStatus: 'created', toStatus: 'awaiting_payment', trigger: 'return', detail: null, createdAt: '2026-11-23T09:15:30Z', actorName: null },
    {
      fromStatus: 'awaiting_payment',
      toStatus: 'paid',
      trigger: 'webhook',
      detail: { receiptNumber: 42, capturedOre: 250_000, accountCreated: false },
      createdAt: '2026-11-23T09:16:00Z',
      actorName: null,
    },
  ],
  refunds: [],
  ...extra,
});

const LIST = 'GET /api/admin/orders?limit=25';

function renderOrders(routes: Record<string, Handler>) {
  serve(routes);
  renderInApp(<AdminView user={me('superuser')} />);
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Ordrer' }), { button: 0 });
}

const table = () => screen.findByRole('table', { name: 'Ordrer, nyeste først' });

resetAfterEach();

describe("'Ordrer' (superuser)", () => {
  it('is a tab for superusers only, read when it is opened', async () => {
    serve({ [LIST]: () => Response.json([emma]) });
    const { unmount } = renderInApp(<AdminView user={me('admin')} />);
    expect(screen.queryByRole('tab', { name: 'Ordrer' })).toBeNull();
    unmount();
    renderInApp(<AdminView user={me('superuser')} />);
    expect(requested().filter((r) => r.includes('/api/admin/orders'))).toEqual([]);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Ordrer' }), { button: 0 });
    await table();
    expect(requested().filter((r) => r.includes('/api/admin/orders'))).toEqual([LIST]);
  });

  it('lists date, buyer, course, amount, status and receipt number; Vis flere reads the next page', async () => {
    renderOrders({
      [LIST]: () => Response.json([emma, ola], { headers: { 'X-Next-Cursor': 'c1' } }),
      [`${LIST}&cursor=c1`]: () => Response.json([kari]),
    });
    expect(screen.getByText('Laster ordrer...')).toBeTruthy();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = plain(rows[1]?.textContent);
    for (const part of ['23.11.2026, 10:15', 'Emma Larsen', 'emma@demo.no', 'KI for Kontoret', '2 500 kr', 'Betalt', '000042'])
      expect(first).toContain(part);
    expect(plain(rows[2]?.textContent)).toContain('Utløpt');
    expect(plain(rows[2]?.textContent)).toContain('–');
    fireEvent.click(screen.getByRole('button', { name: 'Vis flere' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    const third = plain(within(screen.getByRole('table')).getAllByRole('row')[3]?.textContent);
    expect(third).toContain('Kari Nordmann');
    expect(third).toContain('Refundert 500 kr');
    expect(third).toContain('Delvis refundert');
    expect(screen.queryByRole('button', { name: 'Vis flere' })).toBeNull();
  });

  it('sends the search and the status with the request, and says when nothing is found', async () => {
    renderOrders({
      [LIST]: () => Response.json([emma, ola]),
      [`${LIST}&q=emma%40demo.no`]: () => Response.json([emma]),
      [`${LIST}&q=emma%40demo.no&status=refunded`]: () => Response.json([]),
    });
    await table();
    fireEvent.change(screen.getByLabelText('Søk på e-post, ordrenummer eller kvitteringsnummer'), { target: { value: ' emma@demo.no ' } });
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls(`${LIST}&q=emma%40demo.no`)).toHaveLength(1);
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Alle statuser',
      'Opprettet',
      'Venter på betaling',
      'Fakturert',
      'Betalt',
      'Delvis refundert',
      'Refundert',
      'Avbrutt',
      'Utløpt',
      'Feilet',
    ]);
    fireEvent.change(status, { target: { value: 'refunded' } });
    expect(await screen.findByText('Ingen ordrer funnet.')).toBeTruthy();
    expect(calls(`${LIST}&q=emma%40demo.no&status=refunded`)).toHaveLength(1);
  });

  it("says 'Kunne ikke hente ordrene.' with 'Prøv igjen' when the read fails", async () => {
    renderOrders({ [LIST]: () => Response.json({ error: 'Databasen svarer ikke' }, { status: 503 }) });
    expect(await screen.findByText('Kunne ikke hente ordrene.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prøv igjen' })).toBeTruthy();
  });
});

describe('an order in detail', () => {
  it('shows the buyer, amounts, payment, receipt, consent, events, refunds and the last error', async () => {
    renderOrders({
      [LIST]: () => Response.json([emma]),
      [`GET /api/admin/orders/${ID1}`]: () =>
        Response.json(
          detail({
            status: 'partly_refunded',
            refundedOre: 50_000,
            refundableOre: 200_000,
            refunds: [{ amountOre: 50_000, reason: 'Kjøpt to ganger', createdAt: '2026-11-24T08:00:00Z', actorName: 'Sara Super' }],
            events: [
              ...detail().events,
              {
                fromStatus: 'paid',
                toStatus: 'partly_refunded',
                trigger: 'admin',
                detail: { refundOre: 50_000, reason: 'Kjøpt to ganger', revoked: false },
                createdAt: '2026-11-24T08:00:00Z',
                actorName: 'Sara Super',
              },
            ],
          }),
        ),
    });
    await table();
    fireEvent.click(screen.getByRole('button', { name: `Detaljer for ordre ${emma.reference}` }));
    const dialog = await screen.findByRole('dialog', { name: `Ordre ${emma.reference}` });
    const events = await within(dialog).findByRole('list', { name: 'Hendelser' });
    const items = within(events)
      .getAllByRole('listitem')
      .map((li) => plain(li.textContent));
    expect(items[0]).toContain('Opprettet');
    expect(items[0]).toContain('Kassen');
    expect(items[1]).toContain('Opprettet → Venter på betaling');
    expect(items[1]).toContain('Returside');
    expect(items[2]).toContain('Varsel fra betalingstjenesten');
    expect(items[2]).toContain('Kvittering 000042');
    expect(items[3]).toContain('Betalt → Delvis refundert');
    expect(items[3]).toContain('Sara Super');
    expect(items[3]).toContain('Refundert 500 kr: Kjøpt to ganger');

    const text = plain(dialog.textContent);
    for (const part of [
      'emma@demo.no',
      'Totalt2 500 kr',
      'Herav mva.500 kr',
      'Rabatt (HOST25)625 kr',
      'Trukket2 500 kr',
      'Refundert500 kr',
      'Kan refunderes2 000 kr',
      'BetalingsmåteVipps',
      'Jeg samtykker til at kurset leveres med en gang.',
      'Gitt 23.11.2026, 10:14 (versjon 2026-11)',
      'Siste feil: Vipps svarte ikke (tidsavbrudd).',
      'av Sara Super',
    ])
      expect(text).toContain(part);
    expect(within(dialog).getByRole('link', { name: '000042' }).getAttribute('href')).toBe(`/kvittering/${ID1}`);
    expect(within(dialog).getByRole('link', { name: 'Last ned PDF' }).getAttribute('href')).toBe(`/api/orders/${ID1}/receipt.pdf`);
    expect(within(dialog).getByRole('button', { name: 'Refunder' })).toBeTruthy();
  });

  it('offers no refund for an order that is not paid', async () => {
    renderOrders({
      [LIST]: () => Response.json([ola]),
      [`GET /api/admin/orders/${ID2}`]: () =>
        Response.json(detail({ ...ola, pdfPath: null, capturedOre: 0, refundableOre: 0, lastError: null, events: [], refunds: [] })),
    });
    await table();
    fireEvent.click(screen.getByRole('button', { name: `Detaljer for ordre ${ola.reference}` }));
    const dialog = await screen.findByRole('dialog', { name: `Ordre ${ola.reference}` });
    expect(await within(dialog).findByText('Ingen hendelser.')).toBeTruthy();
    expect(within(dialog).getByText('Ingen refusjoner.')).toBeTruthy();
    expect(plain(dialog.textContent)).toContain('BetalingsmåteKort');
    expect(within(dialog).queryByRole('button', { name: 'Refunder' })).toBeNull();
  });
});

describe('refunding', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const REFUND = `POST /api/admin/orders/${ID1}/refunds`;

  async function openRefund() {
    await table();
    fireEvent.click(screen.getByRole('button', { name: `Detaljer for ordre ${emma.reference}` }));
    const detailDialog = await screen.findByRole('dialog', { name: `Ordre ${emma.reference}` });
    fireEvent.click(await within(detailDialog).findByRole('button', { name: 'Refunder' }));
    return screen.findByRole('dialog', { name: `Refunder ordre ${emma.reference}` });
  }

  it('converts kroner to øre, refuses more than is left, confirms, and retries a 503 with the same key', async () => {
    let attempts = 0;
    const refunded = detail({ status: 'partly_refunded', refundedOre: 199_050, refundableOre: 50_950, lastError: null });
    renderOrders({
      [LIST]: () => Response.json([attempts > 1 ? { ...emma, status: 'partly_refunded', refundedOre: 199_050 } : emma]),
      [`GET /api/admin/orders/${ID1}`]: () => Response.json(detail()),
      [REFUND]: () => {
        attempts += 1;
        return attempts === 1
          ? Response.json({ error: 'Betalingstjenesten svarte ikke. Ingenting er refundert; prøv igjen om litt.' }, { status: 503 })
          : Response.json(refunded, { status: 201 });
      },
    });
    const dialog = await openRefund();
    const amount = within(dialog).getByLabelText('Beløp (kr)');
    const reason = within(dialog).getByLabelText('Begrunnelse');

    // Nothing is sent while the fields are wrong: empty, too much, no reason.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gå videre' }));
    expect(await within(dialog).findByText('Skriv inn beløpet')).toBeTruthy();
    expect(within(dialog).getByText('Skriv en begrunnelse')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(amount));
    fireEvent.change(amount, { target: { value: '2 500,01' } });
    fireEvent.change(reason, { target: { value: 'Kunden angret innen fristen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gå videre' }));
    await waitFor(() =>
      expect(plain(document.getElementById(`${amount.id}-error`)?.textContent)).toBe('Beløpet er større enn det som kan refunderes (2 500 kr).'),
    );
    expect(within(dialog).queryByText('Skriv en begrunnelse')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hele beløpet' }));
    expect((amount as HTMLInputElement).value).toBe('2500');
    expect(calls(REFUND)).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '1 990,50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gå videre' }));
    expect(plain((await within(dialog).findByText(/^Refunder .* til /)).textContent)).toBe(
      'Refunder 1 990,50 kr til Emma Larsen? En full refusjon fjerner tilgangen til kurset. Fremdriften beholdes.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refunder' }));
    expect(await within(dialog).findByText('Betalingstjenesten svarte ikke. Ingenting er refundert; prøv igjen om litt.')).toBeTruthy();
    expect(toastText()).toBe('Feil / Betalingstjenesten svarte ikke. Ingenting er refundert; prøv igjen om litt.');

    // The same refund again: the same key, so the server and the provider refund once.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refunder' }));
    await waitFor(() => expect(toastText()).toBe('Refusjonen er registrert'));
    const first = bodyOf(REFUND, 0) as { amountOre: number; reason: string; idempotencyKey: string };
    const second = bodyOf(REFUND, 1) as typeof first;
    expect(first).toEqual({ amountOre: 199_050, reason: 'Kunden angret innen fristen', idempotencyKey: expect.stringMatching(UUID) });
    expect(second).toEqual(first);

    // The dialog closes; the detail shows the answer and the list is read again.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Refunder ordre ${emma.reference}` })).toBeNull());
    const detailDialog = screen.getByRole('dialog', { name: `Ordre ${emma.reference}` });
    expect(plain(detailDialog.textContent)).toContain('Kan refunderes509,50 kr');
    await waitFor(() => expect(calls(LIST)).toHaveLength(2));
  });

  it('makes a new key for the next refund, and shows a field the server refused in the form', async () => {
    renderOrders({
      [LIST]: () => Response.json([emma]),
      [`GET /api/admin/orders/${ID1}`]: () => Response.json(detail()),
      [REFUND]: () =>
        Response.json(
          {
            error: 'Beløpet er større enn det som kan refunderes (1990,00 kr).',
            issues: [{ path: 'amountOre', message: 'Beløpet er større enn det som kan refunderes (1990,00 kr).' }],
          },
          { status: 400 },
        ),
    });
    let dialog = await openRefund();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hele beløpet' }));
    fireEvent.change(within(dialog).getByLabelText('Begrunnelse'), { target: { value: 'Feil kurs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gå videre' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Refunder' }));
    // Back in the form, the message under the amount, and focus there.
    expect(await within(dialog).findByText('Beløpet er større enn det som kan refunderes (1990,00 kr).')).toBeTruthy();
    const amount = within(dialog).getByLabelText('Beløp (kr)');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${amount.id}-error`)?.textContent).toBe('Beløpet er større enn det som kan refunderes (1990,00 kr).');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect((amount as HTMLInputElement).value).toBe('2500');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lukk' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Refunder ordre ${emma.reference}` })).toBeNull());

    const detailDialog = screen.getByRole('dialog', { name: `Ordre ${emma.reference}` });
    fireEvent.click(within(detailDialog).getByRole('button', { name: 'Refunder' }));
    dialog = await screen.findByRole('dialog', { name: `Refunder ordre ${emma.reference}` });
    expect((within(dialog).getByLabelText('Beløp (kr)') as HTMLInputElement).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hele beløpet' }));
    fireEvent.change(within(dialog).getByLabelText('Begrunnelse'), { target: { value: 'Feil kurs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gå videre' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Refunder' }));
    await waitFor(() => expect(calls(REFUND)).toHaveLength(2));
    const keys = [0, 1].map((i) => (bodyOf(REFUND, i) as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe("'Omsetning per måned' on the Dashboard", () => {
  const months: RevenueMonth[] = [
    { month: '2026-11', orders: 3, grossOre: 597_000, refundedOre: 199_000, netOre: 398_000 },
    { month: '2026-10', orders: 1, grossOre: 159_050, refundedOre: 0, netOre: 159_050 },
  ];

  function renderDashboard(revenue: Handler) {
    serve({ 'GET /api/admin/revenue': revenue });
    renderInApp(<AdminView user={me('superuser')} />);
    expect(calls('GET /api/admin/revenue')).toHaveLength(0);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Statistikk' }), { button: 0 });
    return screen.findByRole('region', { name: 'Omsetning per måned' });
  }

  it('shows month, orders, gross, refunded and net, newest first, once the tab is open', async () => {
    const section = await renderDashboard(() => Response.json(months));
    const rows = await within(section).findAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('columnheader')
          .map((c) => c.textContent),
      )[0],
    ).toEqual(['Måned', 'Ordrer', 'Brutto', 'Refundert', 'Netto']);
    expect(plain(rows[1]?.textContent)).toBe('november 202635 970 kr1 990 kr3 980 kr');
    expect(plain(rows[2]?.textContent)).toBe('oktober 202611 590,50 kr0 kr1 590,50 kr');
    expect(calls('GET /api/admin/revenue')).toHaveLength(1);
  });

  it("says 'Laster omsetning...', then 'Ingen salg ennå.' when nothing is sold", async () => {
    const section = await renderDashboard(() => Response.json([]));
    expect(within(section).getByText('Laster omsetning...')).toBeTruthy();
    expect(await within(section).findByText('Ingen salg ennå.')).toBeTruthy();
  });
});
