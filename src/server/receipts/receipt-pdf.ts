import fontkit from '@pdf-lib/fontkit';
import { type PDFPage, PDFDocument, rgb } from 'pdf-lib';
import { ACCENT, drawText, embedInter, type Face, INK, MUTED, RULE, wrapText } from './pdf-text';
import type { ReceiptData } from './receipt-data';
import {
  discountTitle,
  formatPaidAt,
  formatReceiptOrgNumber,
  formatVatRate,
  paidWithText,
  receiptLabels as L,
  sellerRegistration,
  vatRateTitle,
} from '../../lib/receipt-format';
import { formatKronerOre } from '../../lib/format';

// A4 portrait in points.
const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

function dataTexts(data: ReceiptData): string[] {
  return [
    data.seller.name,
    data.seller.address,
    data.seller.email,
    data.buyer.name,
    data.buyer.email,
    data.buyer.company?.name ?? '',
    data.buyer.company?.poReference ?? '',
    data.orderReference,
    data.paymentMethod,
    data.discount?.code ?? '',
    data.withdrawal,
    ...data.lines.map((line) => line.description),
  ];
}

class Painter {
  private page: PDFPage;
  readonly pages: PDFPage[] = [];
  y: number = PAGE.height - PAGE.margin;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: Face,
    private readonly bold: Face,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
  }

  onPage(page: PDFPage): void {
    this.page = page;
  }

  advance(height: number, keep = 0): void {
    if (this.y - height - keep < PAGE.margin + 40) {
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.pages.push(this.page);
      this.y = PAGE.height - PAGE.margin - height;
    } else {
      this.y -= height;
    }
  }

  private face(bold: boolean): Face {
    return bold ? this.bold : this.regular;
  }

  text(text: string, x: number, style: TextStyle & { align?: 'left' | 'right'; y?: number } = {}): void {
    const bold = style.bold ?? false;
    drawText(this.page, this.face(bold), text, {
      x,
      y: style.y ?? this.y,
      size: style.size ?? 10,
      color: style.color ?? INK,
      align: style.align ?? 'left',
    });
  }

  wrap(text: string, maxWidth: number, size: number, bold = false): string[] {
    return wrapText(this.face(bold), text, maxWidth, size);
  }

  rule(y = this.y, color = RULE, thickness = 0.75): void {
    this.page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness, color });
  }
}

export async function receiptPdf(data: ReceiptData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);

  const { regular, bold } = await embedInter(doc, dataTexts(data));
  const p = new Painter(doc, regular, bold);

  const number = data.receiptNumber;
  const paidAt = new Date(data.paidAt);
  doc.setTitle(`Kvittering ${number} – ${data.seller.name}`, { showInWindowTitleBar: true });
  doc.setAuthor(data.seller.name);
  doc.setSubject(`Kvittering for ordre ${data.orderReference}`);
  doc.setCreator(data.seller.name);
  doc.setProducer(data.seller.name);
  doc.setLanguage('nb-NO');
  // The sale's time, so the same receipt gives the same PDF every time.
  doc.setCreationDate(paidAt);
  doc.setModificationDate(paidAt);

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  p.text(L.title, left, { size: 26, bold: true, color: ACCENT, y: p.y - 22 });
  const sellerLines: [string, TextStyle][] = [
    [data.seller.name, { size: 11, bold: true }],
    [sellerRegistration(data.seller), { size: 9 }],
    [data.seller.address, { size: 9 }],
    [data.seller.email, { size: 9 }],
  ];
  for (const [text, style] of sellerLines) {
    p.advance(style.size === 11 ? 11 : 13);
    p.text(text, right, { ...style, align: 'right' });
  }
  p.advance(22);
  p.rule(p.y, ACCENT, 1.5);

  const top = p.y;
  p.advance(17);
  p.text(L.buyer, left, { size: 9, color: MUTED });
  p.advance(16);
  const company = data.buyer.company;
  if (company) {
    for (const line of p.wrap(company.name, 230, 12, true)) {
      p.text(line, left, { size: 12, bold: true });
      p.advance(15);
    }
    p.text(`Org.nr. ${formatReceiptOrgNumber(company.orgNumber)}`, left, { size: 10 });
    p.advance(14);
    if (company.poReference) {
      for (const line of p.wrap(`Deres ref.: ${company.poReference}`, 230, 10)) {
        p.text(line, left, { size: 10 });
        p.advance(14);
      }
    }
    for (const line of p.wrap(data.buyer.name, 230, 10)) {
      p.text(line, left, { size: 10 });
      p.advance(14);
    }
  } else {
    for (const line of p.wrap(data.buyer.name, 230, 12, true)) {
      p.text(line, left, { size: 12, bold: true });
      p.advance(15);
    }
  }
  p.text(data.buyer.email, left, { size: 10 });
  const buyerBottom = p.y;

  p.y = top;
  const facts: [string, string][] = [
    [L.number, number],
    [L.orderReference, data.orderReference],
    [L.paidAt, formatPaidAt(data.paidAt)],
    [L.paymentMethod, data.paymentMethod],
  ];
  const labelX = 320;
  for (const [label, value] of facts) {
    p.advance(17);
    p.text(label, labelX, { size: 9, color: MUTED });
    p.text(value, right, { size: 10, bold: label === L.number, align: 'right' });
  }
  p.y = Math.min(p.y, buyerBottom);
  p.advance(34);

  const col = { quantity: 345, unit: 425, vat: 472, amount: right };
  const descriptionWidth = col.quantity - left - 40;
  const header: [string, number, 'left' | 'right'][] = [
    ['Beskrivelse', left, 'left'],
    ['Antall', col.quantity, 'right'],
    ['Pris', col.unit, 'right'],
    ['Mva', col.vat, 'right'],
    ['Beløp', col.amount, 'right'],
  ];
  for (const [label, x, align] of header) p.text(label, x, { size: 9, bold: true, color: MUTED, align });
  p.advance(8);
  p.rule();

  for (const line of data.lines) {
    const description = p.wrap(line.description, descriptionWidth, 10);
    p.advance(18, (description.length - 1) * 13);
    p.text(String(line.quantity), col.quantity, { align: 'right' });
    p.text(formatKronerOre(line.unitPriceOre), col.unit, { align: 'right' });
    p.text(line.vatRateBp === 0 ? 'Fritatt' : formatVatRate(line.vatRateBp), col.vat, { align: 'right' });
    p.text(formatKronerOre(line.amountOre), col.amount, { align: 'right' });
    description.forEach((text, i) => {
      if (i > 0) p.advance(13);
      p.text(text, left);
    });
    p.advance(8);
    p.rule();
  }
  if (data.discount) {
    p.advance(18);
    p.text(discountTitle(data.discount.code), left);
    p.text(formatKronerOre(-data.discount.amountOre), col.amount, { align: 'right' });
    p.advance(8);
    p.rule();
  }

  p.advance(22);
  p.text(L.total, col.unit - 60, { size: 13, bold: true });
  p.text(formatKronerOre(data.totalOre), col.amount, { size: 13, bold: true, align: 'right' });
  p.advance(15);
  p.text(L.currencyNote, col.amount, { size: 8, color: MUTED, align: 'right' });

  p.advance(36, 60);
  p.text(L.vat, left, { size: 11, bold: true });
  p.advance(18);
  const vatCol = { rate: left, base: 360, vat: 450, sum: right };
  p.text('Sats', vatCol.rate, { size: 9, bold: true, color: MUTED });
  p.text('Grunnlag', vatCol.base, { size: 9, bold: true, color: MUTED, align: 'right' });
  p.text('Mva', vatCol.vat, { size: 9, bold: true, color: MUTED, align: 'right' });
  p.text('Sum', vatCol.sum, { size: 9, bold: true, color: MUTED, align: 'right' });
  p.advance(8);
  p.rule();
  for (const rate of data.vatByRate) {
    p.advance(17);
    p.text(vatRateTitle(rate.rateBp), vatCol.rate);
    p.text(formatKronerOre(rate.baseOre), vatCol.base, { align: 'right' });
    p.text(formatKronerOre(rate.vatOre), vatCol.vat, { align: 'right' });
    p.text(formatKronerOre(rate.baseOre + rate.vatOre), vatCol.sum, { align: 'right' });
  }
  p.advance(8);
  p.rule();
  p.advance(17);
  p.text(L.vatTotal, vatCol.rate, { bold: true });
  p.text(formatKronerOre(data.vatOre), vatCol.vat, { bold: true, align: 'right' });

  p.advance(36, 40);
  p.text(paidWithText(data.paymentMethod), left);
  p.text(formatKronerOre(data.totalOre), right, { align: 'right' });
  if (data.refundedOre > 0) {
    p.advance(17);
    p.text(L.refunded, left, { bold: true });
    p.text(formatKronerOre(-data.refundedOre), right, { bold: true, align: 'right' });
    p.advance(17);
    p.text(L.paidAfterRefund, left);
    p.text(formatKronerOre(data.totalOre - data.refundedOre), right, { align: 'right' });
  }

  const withdrawal = p.wrap(data.withdrawal, right - left, 9);
  p.advance(36, 14 + withdrawal.length * 12);
  p.text(L.withdrawal, left, { size: 11, bold: true });
  p.advance(4);
  for (const line of withdrawal) {
    p.advance(12);
    p.text(line, left, { size: 9 });
  }

  const footer = `${data.seller.name} · ${sellerRegistration(data.seller)} · ${data.seller.address} · ${data.seller.email}`;
  p.pages.forEach((page, i) => {
    p.onPage(page);
    p.rule(PAGE.margin + 14);
    p.text(footer, left, { size: 7.5, color: MUTED, y: PAGE.margin });
    if (p.pages.length > 1)
      p.text(`Kvittering ${number} · side ${i + 1} av ${p.pages.length}`, right, { size: 7.5, color: MUTED, align: 'right', y: PAGE.margin - 12 });
  });

  return doc.save();
}
