// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '../schemas/checkout';
import { initWithdrawalOrders, osloDate } from './withdrawal-orders';

/** The angreskjema of src/components/legal/WithdrawalForm.astro, reduced to what the script touches. */
const markup = `
  <form data-angreskjema>
    <div data-angre-orders hidden><label for="valg">Hvilket kjøp gjelder det?</label><select id="valg"><option value="">Velg et kjøp</option></select></div>
    <input name="kjop" /><input name="bestilt" type="date" /><input name="mottatt" type="date" /><input name="ordre" />
    <input name="navn" value="Emma L." /><input name="epost" type="email" />
  </form>`;

const order = (extra: Partial<OrderSummary>): OrderSummary => ({
  orderId: 'o1',
  reference: 'KIA-7F3K2',
  status: 'paid',
  title: 'KI for Kontoret',
  totalOre: 199_000,
  createdAt: '2026-11-24T23:30:00.000Z',
  paidAt: '2026-11-24T23:31:00.000Z',
  receiptNumber: '000001',
  receiptPath: '/kvittering/o1',
  courseId: 'ki-for-kontoret',
  refundedOre: 0,
  coursePath: '/course/ki-for-kontoret',
  checkoutPath: '/kasse/ki-for-kontoret',
  ...extra,
});

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

function answer(orders: OrderSummary[]) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/orders') return Response.json(orders);
    if (String(input) === '/api/auth/user') return Response.json({ firstName: 'Emma', lastName: 'Larsen', email: 'elev@demo.no' });
    return new Response('ukjent', { status: 500 });
  });
}

const picker = () => document.querySelector<HTMLElement>('[data-angre-orders]') as HTMLElement;
const select = () => document.querySelector('select') as HTMLSelectElement;
const value = (name: string) => (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value;

beforeEach(() => {
  document.body.innerHTML = markup;
});
afterEach(() => fetchMock.mockReset());

describe('the angreskjema for a signed-in buyer', () => {
  it('lists the paid orders and fills the order fields from the chosen one, keeping what was typed', async () => {
    answer([
      order({}),
      order({ orderId: 'o2', status: 'refunded', title: 'ChatGPT Mester' }),
      order({ orderId: 'o3', status: 'partly_refunded', title: 'KI Grunnkurs' }),
    ]);
    const input = vi.fn();
    document.querySelector('form')?.addEventListener('input', input);
    await initWithdrawalOrders('signed_in=1');
    expect(picker().hidden).toBe(false);
    expect([...select().options].map((o) => o.textContent?.replace(/\s/g, ' '))).toEqual([
      'Velg et kjøp',
      'KI for Kontoret – 1 990 kr – 25. november 2026',
      'KI Grunnkurs – 1 990 kr – 25. november 2026',
    ]);
    select().value = 'o1';
    select().dispatchEvent(new Event('change'));
    expect(value('kjop')).toBe('Nettkurset KI for Kontoret');
    expect(value('bestilt')).toBe('2026-11-25');
    expect(value('mottatt')).toBe('2026-11-25');
    expect(value('ordre')).toBe('KIA-7F3K2');
    expect(value('navn')).toBe('Emma L.');
    expect(value('epost')).toBe('elev@demo.no');
    expect(input).toHaveBeenCalled();
  });

  it('asks nothing of an anonymous visitor and leaves the form as it is', async () => {
    answer([order({})]);
    await initWithdrawalOrders('');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(picker().hidden).toBe(true);
  });

  it('stays hidden without orders to withdraw from, or when the session is gone', async () => {
    answer([order({ status: 'cancelled' })]);
    await initWithdrawalOrders('signed_in=1');
    expect(picker().hidden).toBe(true);
    fetchMock.mockResolvedValue(Response.json({ error: 'Unauthorized' }, { status: 401 }));
    await initWithdrawalOrders('signed_in=1');
    expect(picker().hidden).toBe(true);
  });
});

describe('osloDate', () => {
  it("gives the date on Norway's calendar", () => {
    expect(osloDate('2026-11-24T23:30:00.000Z')).toBe('2026-11-25');
    expect(osloDate('2026-07-01T12:00:00.000Z')).toBe('2026-07-01');
    expect(osloDate('nonsense')).toBe('');
  });
});
