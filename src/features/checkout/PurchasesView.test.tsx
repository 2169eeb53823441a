import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../schemas/checkout';
import { serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import { PurchasesView } from './PurchasesView';

const order = (extra: Partial<OrderSummary>): OrderSummary => ({
  orderId: 'o1',
  reference: 'KIA-1',
  status: 'paid',
  title: 'KI for Kontoret',
  totalOre: 199_000,
  createdAt: '2026-11-25T10:00:00.000Z',
  paidAt: '2026-11-25T10:01:00.000Z',
  receiptNumber: '000001',
  receiptPath: '/kvittering/o1',
  courseId: 'ki-for-kontoret',
  refundedOre: 0,
  coursePath: '/course/ki-for-kontoret',
  checkoutPath: '/kasse/ki-for-kontoret',
  ...extra,
});

resetAfterEach();

describe("'Mine kjøp'", () => {
  it('lists the orders with date, course, amount, status in Norwegian and the receipt', async () => {
    serve({
      'GET /api/orders': () =>
        Response.json([
          order({}),
          order({ orderId: 'o2', title: 'ChatGPT Mester', totalOre: 179_900, status: 'partly_refunded', receiptPath: '/kvittering/o2' }),
          order({ orderId: 'o3', title: 'KI Grunnkurs', status: 'cancelled', paidAt: null, receiptNumber: null, receiptPath: null }),
        ]),
    });
    renderInApp(<PurchasesView user={testUser()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mine kjøp' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items.map((item) => within(item));
    expect(first?.getByText('KI for Kontoret')).toBeTruthy();
    expect(first?.getByText('25. november 2026')).toBeTruthy();
    expect(first?.getByText('1 990 kr')).toBeTruthy();
    expect(first?.getByText('Betalt')).toBeTruthy();
    expect(first?.getByRole('link', { name: 'Se kvitteringen for KI for Kontoret' }).getAttribute('href')).toBe('/kvittering/o1');
    expect(second?.getByText('Delvis refundert')).toBeTruthy();
    expect(second?.getByText('1 799 kr')).toBeTruthy();
    expect(third?.getByText('Avbrutt')).toBeTruthy();
    expect(third?.queryByRole('link')).toBeNull();
  });

  it('has an empty state with the way to the courses', async () => {
    serve({ 'GET /api/orders': () => Response.json([]) });
    renderInApp(<PurchasesView user={testUser()} />);
    expect(await screen.findByText('Du har ingen kjøp ennå.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se kursene' }).getAttribute('href')).toBe('/#kurs');
  });
});
