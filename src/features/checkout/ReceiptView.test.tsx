import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDetail, ReceiptData } from '../../schemas/checkout-api';
import { serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import { ReceiptView } from './ReceiptView';

const receipt: ReceiptData = {
  receiptNumber: 1042,
  orderReference: 'KIA-7F3K2',
  paidAt: '2026-11-25T10:01:00.000Z',
  seller: { name: 'KI Akademiet AS', orgNumber: '923 456 789', address: 'Storgata 1, 0155 Oslo', email: 'kontakt@kiakademiet.no' },
  buyer: { name: 'Emma Larsen', email: 'elev@demo.no' },
  lines: [{ description: 'Nettkurs: KI for Kontoret', quantity: 1, unitPriceOre: 199_000, amountOre: 199_000, vatRateBp: 2500, vatOre: 39_800 }],
  discount: { code: 'HOST20', amountOre: 39_800 },
  totalOre: 159_200,
  vatOre: 31_840,
  vatByRate: [{ rateBp: 2500, baseOre: 127_360, vatOre: 31_840 }],
  paymentMethod: 'Vipps',
  refundedOre: 50_000,
};

const detail: OrderDetail = {
  orderId: 'o1',
  reference: 'KIA-7F3K2',
  status: 'partly_refunded',
  title: 'KI for Kontoret',
  courseId: 'ki-for-kontoret',
  createdAt: '2026-11-25T10:00:00.000Z',
  paidAt: '2026-11-25T10:01:00.000Z',
  totalOre: 159_200,
  refundedOre: 50_000,
  receipt,
  pdfPath: '/api/orders/o1/receipt.pdf',
};

resetAfterEach();

describe('the receipt', () => {
  it("shows the sales documentation: seller with 'MVA' and 'Foretaksregisteret', number, date, buyer, lines, discount, VAT, total, payment, refund", async () => {
    serve({ 'GET /api/orders/o1': () => Response.json(detail) });
    const print = vi.fn();
    renderInApp(<ReceiptView user={testUser()} orderId="o1" print={print} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kvittering' })).toBeTruthy();
    for (const text of [
      'KI Akademiet AS',
      'Org.nr. 923 456 789 MVA',
      'Foretaksregisteret',
      'Storgata 1, 0155 Oslo',
      '1042',
      'KIA-7F3K2',
      '25. november 2026',
      'Emma Larsen',
      'Nettkurs: KI for Kontoret',
      'Rabatt (HOST20)',
      '−398 kr',
      '1 592 kr',
      '1 273,60 kr',
      'Vipps',
    ]) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(screen.getAllByText('318,40 kr')).toHaveLength(2);
    expect(screen.getByText('Refundert:', { exact: false }).textContent?.replace(/\s/g, ' ')).toBe('Refundert: 500 kr');
    expect(screen.getByRole('link', { name: 'Last ned PDF' }).getAttribute('href')).toBe('/api/orders/o1/receipt.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Skriv ut' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("says 'Fant ikke kvitteringen.' for an order that is not the caller's", async () => {
    serve({ 'GET /api/orders/o1': () => Response.json({ error: 'Fant ikke siden' }, { status: 404 }) });
    renderInApp(<ReceiptView user={testUser()} orderId="o1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke kvitteringen.' })).toBeTruthy();
  });
});
