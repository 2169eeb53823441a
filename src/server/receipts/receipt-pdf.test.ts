import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { buildReceipt, type ReceiptInput } from './receipt-data';
import { receiptPdf } from './receipt-pdf';

const input: ReceiptInput = {
  receiptNumber: 42,
  orderReference: 'KA-1001',
  paidAt: '2026-11-25T12:00:00Z',
  seller: { name: 'KI Akademiet AS', orgNumber: '923456789', address: 'Storgata 1, 0155 Oslo', email: 'kontakt@kiakademiet.no' },
  buyer: { name: 'Bjørn Ærlig Åsen', email: 'bjorn@example.no' },
  items: [{ description: 'KI Grunnkurs – fra nybegynner til trygg bruker', quantity: 1, unitPriceOre: 199_000, vatRateBp: 2500 }],
  discount: null,
  paymentMethod: 'Vipps',
};

/** The PDF's pages and its text, every kind of space made a plain one (the PDF uses no-break spaces in amounts). */
async function read(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { totalPages, text: text.replace(/\s+/g, ' ') };
}

describe('receiptPdf', () => {
  it('one A4 page with every fact of a Norwegian receipt as extractable text', async () => {
    const bytes = await receiptPdf(buildReceipt(input));
    const { totalPages, text } = await read(bytes);
    expect(totalPages).toBe(1);
    expect(text).toContain('Kvittering');
    expect(text).toContain('Bjørn Ærlig Åsen');
    expect(text).toContain('bjorn@example.no');
    expect(text).toContain('KI Akademiet AS');
    expect(text).toContain('Org.nr. 923 456 789 MVA');
    expect(text).toContain('Foretaksregisteret');
    expect(text).toContain('Storgata 1, 0155 Oslo');
    expect(text).toContain('Kvitteringsnummer');
    expect(text).toContain('000042');
    expect(text).toContain('KA-1001');
    expect(text).toContain('25. november 2026 kl. 13:00');
    expect(text).toContain('KI Grunnkurs – fra nybegynner til trygg bruker');
    expect(text).toContain('1 990,00 kr');
    expect(text).toContain('Grunnlag');
    expect(text).toContain('1 592,00 kr');
    expect(text).toContain('398,00 kr');
    expect(text).toContain('25 %');
    expect(text).toContain('Betalt med Vipps');
    expect(text).not.toContain('Refundert');
    expect(text).not.toContain('Rabatt');
    // The statement on the right of withdrawal, as the mail and the web receipt state it.
    expect(text).toContain('Angrerett');
    expect(text).toContain('angrerettloven § 22 bokstav n');
  });

  it('A4 portrait, and the document information: title, author, language, creation date = the sale', async () => {
    const doc = await PDFDocument.load(await receiptPdf(buildReceipt(input)), { updateMetadata: false });
    const [page] = doc.getPages();
    expect(page?.getWidth()).toBeCloseTo(595.28, 1);
    expect(page?.getHeight()).toBeCloseTo(841.89, 1);
    expect(doc.getTitle()).toBe('Kvittering 000042 – KI Akademiet AS');
    expect(doc.getAuthor()).toBe('KI Akademiet AS');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(doc.catalog.toString()).toContain('/Lang (nb-NO)');
  });

  it("a company's purchase names the company, its organisation number and reference above the buyer", async () => {
    const receipt = buildReceipt({
      ...input,
      buyer: { ...input.buyer, company: { name: 'Fjordtech Ålesund AS', orgNumber: '315999804', poReference: 'PO-4711' } },
      items: [{ description: 'Nettbaserte Kurspakker', quantity: 10, unitPriceOre: 299_000, vatRateBp: 2500 }],
    });
    const { totalPages, text } = await read(await receiptPdf(receipt));
    expect(totalPages).toBe(1);
    expect(text).toMatch(/Kjøper Fjordtech Ålesund AS Org\.nr\. 315 999 804 Deres ref\.: PO-4711 Bjørn Ærlig Åsen bjorn@example\.no/);
    expect(text).toContain('29 900,00 kr');
  });

  it('the same receipt gives the same bytes', async () => {
    const receipt = buildReceipt(input);
    expect(Buffer.from(await receiptPdf(receipt)).equals(Buffer.from(await receiptPdf(receipt)))).toBe(true);
  });

  it('a discount line, an exempt rate, a refund, and names beyond Norwegian letters', async () => {
    const receipt = buildReceipt({
      ...input,
      buyer: { name: 'Łucja Ősz Nguyễn', email: 'lucja@example.pl' },
      items: [
        { description: 'KI Grunnkurs', quantity: 2, unitPriceOre: 99_500, vatRateBp: 2500 },
        { description: 'Workshop med lærer', quantity: 1, unitPriceOre: 50_000, vatRateBp: 0 },
      ],
      discount: { code: 'VÅR2026', amountOre: 24_900 },
      refundedOre: 50_000,
    });
    const { totalPages, text } = await read(await receiptPdf(receipt));
    expect(totalPages).toBe(1);
    expect(text).toContain('Łucja Ősz Nguyen');
    expect(text).toContain('Rabatt (kode VÅR2026)');
    expect(text).toContain('−249,00 kr');
    expect(text).toContain('Fritatt for merverdiavgift');
    expect(text).toContain('2 241,00 kr');
    expect(text).toContain('358,20 kr');
    expect(text).toContain('Refundert');
    expect(text).toContain('−500,00 kr');
    expect(text).toContain('1 741,00 kr');
  });

  it('many lines go on to further pages, each numbered, rather than off the first', async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ description: `Kurs ${i + 1}`, quantity: 1, unitPriceOre: 10_000, vatRateBp: 2500 }));
    const { totalPages, text } = await read(await receiptPdf(buildReceipt({ ...input, items })));
    expect(totalPages).toBe(3);
    expect(text).toContain('Kurs 40');
    expect(text).toContain('Kvittering 000042 · side 3 av 3');
    expect(text).toContain('4 000,00 kr');
  });
});
