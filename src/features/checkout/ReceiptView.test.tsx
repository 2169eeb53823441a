import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDetail, ReceiptData } from '../../schemas/checkout';
import { serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import { ReceiptView } from './ReceiptView';

const receipt: ReceiptData = {
  receiptNumber: '001042',
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
  withdrawal: 'Du ba om å få tilgang til det digitale innholdet med en gang, og bekreftet at angreretten går tapt når leveringen har begynt.',
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
  receiptNumber: '001042',
  receiptPath: '/kvittering/o1',
  coursePath: '/course/ki-for-kontoret',
  checkoutPath: '/kasse/ki-for-kontoret',
  receipt,
  pdfPath: '/api/orders/o1/receipt.pdf',
};

resetAfterEach();

describe('the receipt', () => {
  it("shows the sales documentation as the mail and the PDF do: seller with 'MVA' and 'Foretaksregisteret', the number as '001042', date, buyer, lines, discount, VAT, total, payment, refund and the withdrawal statement", async () => {
    serve({ 'GET /api/orders/o1': () => Response.json(detail) });
    const print = vi.fn();
    renderInApp(<ReceiptView user={testUser()} orderId="o1" print={print} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kvittering' })).toBeTruthy();
    const text = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    const shown = text(document.body.textContent ?? '');
    for (const part of [
      'KI Akademiet AS',
      'Org.nr. 923 456 789 MVA · Foretaksregisteret',
      'Storgata 1, 0155 Oslo',
      'Kvitteringsnummer001042',
      'KIA-7F3K2',
      '25. november 2026 kl. 11:01',
      'Emma Larsen',
      'Nettkurs: KI for Kontoret',
      '1 stk. à 1 990,00 kr',
      'Rabatt (kode HOST20)',
      '−398,00 kr',
      '1 592,00 kr',
      '1 273,60 kr',
      'Alle beløp er i norske kroner, inkludert merverdiavgift.',
      '25 % merverdiavgift',
      'Betalt med Vipps',
      'Refundert−500,00 kr',
      'Betalt etter refusjon1 092,00 kr',
    ]) {
      expect(shown, part).toContain(part);
    }
    expect(screen.getAllByText((_, el) => el?.tagName === 'TD' && text(el.textContent ?? '') === '318,40 kr')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Angrerett' })).toBeTruthy();
    expect(screen.getByText(receipt.withdrawal)).toBeTruthy();
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
