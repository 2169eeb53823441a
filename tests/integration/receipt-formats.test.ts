import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../db/schema';
import adminCompaniesFunctions from '../../netlify/functions/admin-companies';
import adminOrdersFunctions from '../../netlify/functions/admin-orders';
import checkoutFunctions from '../../netlify/functions/checkout';
import checkoutReturnFunctions from '../../netlify/functions/checkout-return';
import ordersFunctions from '../../netlify/functions/orders';
import receiptPdfFunctions from '../../netlify/functions/receipt-pdf';
import testPaymentFunctions from '../../netlify/functions/test-payments';
import { site } from '../../src/config/site';
import { CONSENT } from '../../src/server/checkout/checkout.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { renderMail } from '../../src/server/mail/sender';
import type { ReceiptProps } from '../../src/server/mail/templates/receipt';
import { usePaymentProvidersForTests } from '../../src/server/payments/registry';
import { ORIGIN, call, signIn } from '../helpers';
import { learner } from './order-checks';

/**
 * One receipt in every format: the web receipt (what GET /api/orders/:id gives the page), the mail,
 * the PDF and the superuser's order list and detail print the same receipt number ('000042', never
 * '42') and the same statement on the right of withdrawal, from one model. A consumer's course and
 * a company's seats on invoice, since the statement differs between them.
 */

const db = async () => (await acquireAppDb()).db;

let restore: () => void;
beforeAll(() => {
  restore = usePaymentProvidersForTests({ vipps: null, stripe: null, test: true });
});
afterAll(() => restore());

/** Any run of white space (the PDF's and the mail's line breaks, no-break spaces) as one plain space. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

async function pdfText(orderId: string, cookie: string): Promise<{ text: string; disposition: string }> {
  const response = await receiptPdfFunctions(new Request(`${ORIGIN}/api/orders/${orderId}/receipt.pdf`, { headers: { Cookie: cookie } }), {
    ip: '198.51.100.1',
  });
  expect(response.status).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return { text: flat(text), disposition: response.headers.get('Content-Disposition') ?? '' };
}

async function mailText(to: string): Promise<string> {
  const rows = await (
    await db()
  )
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, 'receipt')));
  expect(rows).toHaveLength(1);
  const mail = await renderMail('receipt', rows[0]!.data as ReceiptProps);
  return flat(mail.text);
}

/** Every format's receipt number and statement for the order, read as each reader gets it. */
async function everyFormat(orderId: string, buyer: { email: string; cookie: string }) {
  const superuser = await signIn('superbruker@demo.no');
  const web = await call(ordersFunctions, `/api/orders/${orderId}`, { cookie: buyer.cookie });
  expect(web.status).toBe(200);
  const { receipt, receiptNumber: listed } = web.body as { receiptNumber: string; receipt: { receiptNumber: string; withdrawal: string } };
  const [row] = await (await db()).select({ reference: orders.reference }).from(orders).where(eq(orders.id, orderId));
  const adminList = await call(adminOrdersFunctions, `/api/admin/orders?q=${row!.reference}`, { cookie: superuser });
  const adminDetail = await call(adminOrdersFunctions, `/api/admin/orders/${orderId}`, { cookie: superuser });
  return {
    web: receipt,
    listed,
    adminListed: (adminList.body as { receiptNumber: string }[])[0]!.receiptNumber,
    adminDetail: (adminDetail.body as { receiptNumber: string }).receiptNumber,
    mail: await mailText(buyer.email),
    pdf: await pdfText(orderId, buyer.cookie),
  };
}

describe('one receipt in every format', () => {
  it("a consumer's course: the same six-digit number and the same withdrawal statement on the web, in the mail, the PDF and the admin", async () => {
    const buyer = await learner('kvittering');
    const made = await call(checkoutFunctions, '/api/checkout/orders', {
      cookie: buyer.cookie,
      json: {
        productId: 'course:ki-for-kontoret',
        provider: 'test',
        consent: { accepted: true, version: CONSENT.version },
        idempotencyKey: randomUUID(),
      },
    });
    expect(made.status, made.text).toBe(201);
    const { orderId, reference } = made.body as { orderId: string; reference: string };
    expect((await call(testPaymentFunctions, `/api/test-payments/${reference}/approve`, { json: {} })).status).toBe(200);
    expect((await call(checkoutReturnFunctions, `/api/checkout/orders/${orderId}/return`, { cookie: buyer.cookie, json: {} })).status).toBe(200);

    const [paid] = await (await db()).select({ n: orders.receiptNumber }).from(orders).where(eq(orders.id, orderId));
    const number = String(paid!.n).padStart(6, '0');
    expect(number).toMatch(/^\d{6}$/);

    const formats = await everyFormat(orderId, buyer);
    const statement = formats.web.withdrawal;
    expect(statement).toContain('angrerettloven § 22 bokstav n');
    expect(statement).toContain('angreretten gjelder ikke for dette kjøpet');
    expect(statement).toContain(`${site.companyName} på ${site.email}`);

    expect(formats.web.receiptNumber).toBe(number);
    expect(formats.listed).toBe(number);
    expect(formats.adminListed).toBe(number);
    expect(formats.adminDetail).toBe(number);
    expect(formats.mail).toContain(`Kvitteringsnummer: ${number}`);
    expect(formats.mail).toContain(`Angrerett ${flat(statement)}`);
    expect(formats.pdf.text).toContain(`Kvitteringsnummer ${number}`);
    expect(formats.pdf.text).toContain(`Angrerett ${flat(statement)}`);
    expect(formats.pdf.disposition).toContain(`kvittering-${number}.pdf`);
  });

  it("a company's seats on invoice: every format says there is no right of withdrawal, with the same number", async () => {
    const { companyAdmin, orderId } = await companyInvoiceOrder();
    const superuser = await signIn('superbruker@demo.no');
    const paid = await call(adminCompaniesFunctions, `/api/admin/orders/${orderId}/invoice-paid`, { cookie: superuser, json: {} });
    expect(paid.status, paid.text).toBe(200);
    const number = (paid.body as { order: { receiptNumber: string } }).order.receiptNumber;
    expect(number).toMatch(/^\d{6}$/);

    const formats = await everyFormat(orderId, companyAdmin);
    const statement = formats.web.withdrawal;
    expect(statement).toContain('Angrerettloven gjelder bare for forbrukere, så kjøpet har ingen angrerett');
    expect(statement).not.toContain('§ 22');
    expect(formats.web.receiptNumber).toBe(number);
    expect(formats.adminListed).toBe(number);
    expect(formats.adminDetail).toBe(number);
    expect(formats.mail).toContain(`Kvitteringsnummer: ${number}`);
    expect(formats.mail).toContain(`Angrerett ${flat(statement)}`);
    expect(formats.pdf.text).toContain(`Kvitteringsnummer ${number}`);
    expect(formats.pdf.text).toContain(`Angrerett ${flat(statement)}`);
  });
});

/** A verified buyer's order of three seats on invoice for a new company. */
async function companyInvoiceOrder() {
  const companyAdmin = await learner('bedriftskvittering');
  const { users } = await import('../../db/schema');
  await (await db()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, companyAdmin.id));
  const ordered = await call(checkoutFunctions, '/api/checkout/orders', {
    cookie: companyAdmin.cookie,
    json: {
      productId: 'package:nettbasert-pakke',
      quantity: 3,
      provider: 'invoice',
      company: {
        name: 'Kvitteringsbedrift AS',
        orgNumber: '974 760 673',
        invoiceEmail: 'faktura@example.no',
        invoiceAddress: 'Storgata 1, 0155 Oslo',
      },
      idempotencyKey: randomUUID(),
    },
  });
  expect(ordered.status, ordered.text).toBe(201);
  return { companyAdmin, orderId: (ordered.body as { orderId: string }).orderId };
}
