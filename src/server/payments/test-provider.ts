import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { testPaymentProviderEnabled } from '../platform/env';
import { testPayments } from '../../../db/schema';
import { ProviderRefusedError, type PaymentEvent, type PaymentProvider, type PaymentRef, type PaymentState } from './provider';
import { testPaymentsEvent, testPaymentsVerifier } from './test-provider-webhook';

/** Never in production (env.ts refuses it). Inside `reconcile` `db` is the order's transaction, so its state moves with the order. */

export const TEST_PAYMENT_PAGE = '/kasse/testbetaling';

let testProviderOn = testPaymentProviderEnabled;

export const isTestProviderOn = () => testProviderOn;

export function setTestProviderOn(on: boolean): boolean {
  const before = testProviderOn;
  testProviderOn = on;
  return before;
}

export type TestPaymentAction = 'approve' | 'cancel' | 'fail';

const label = 'Testbetaling';

async function readPayment(db: Db, reference: string, lock = false) {
  const query = db.select().from(testPayments).where(eq(testPayments.reference, reference));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ProviderRefusedError('test', 404, 'Ukjent testbetaling');
  return row;
}

/** False when the key was used before: the call then does nothing, as at a real provider. */
async function useKey(db: Db, reference: string, key: string, what: string): Promise<boolean> {
  const rows = await db
    .update(testPayments)
    .set({ keys: sql`${testPayments.keys} || jsonb_build_object(${key}::text, ${what}::text)` })
    .where(sql`${testPayments.reference} = ${reference} AND NOT (${testPayments.keys} ? ${key})`)
    .returning({ reference: testPayments.reference });
  return rows.length > 0;
}

export function createTestProvider(db: Db): PaymentProvider {
  return {
    name: 'test',
    label,
    async create(input) {
      await db
        .insert(testPayments)
        .values({
          reference: input.reference,
          amountOre: input.amountOre,
          description: input.description,
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
          keys: { [input.idempotencyKey]: 'create' },
        })
        .onConflictDoNothing({ target: testPayments.reference });
      const url = new URL(TEST_PAYMENT_PAGE, input.returnUrl);
      url.searchParams.set('betaling', input.reference);
      return { providerPaymentId: input.reference, redirectUrl: `${url.pathname}${url.search}` };
    },
    async status(payment: PaymentRef) {
      const row = await readPayment(db, payment.reference);
      return { state: row.state, authorizedOre: row.amountOre, capturedOre: row.capturedOre, refundedOre: row.refundedOre };
    },
    async capture(payment, amountOre, idempotencyKey) {
      const row = await readPayment(db, payment.reference, true);
      if (row.state === 'captured' && row.capturedOre >= amountOre) return;
      if (row.state !== 'authorized') throw new ProviderRefusedError('test', 409, `Kan ikke trekke en betaling som er ${row.state}`);
      if (amountOre > row.amountOre) throw new ProviderRefusedError('test', 400, 'Beløpet er høyere enn det reserverte');
      if (!(await useKey(db, payment.reference, idempotencyKey, 'capture'))) return;
      await db.update(testPayments).set({ state: 'captured', capturedOre: amountOre }).where(eq(testPayments.reference, payment.reference));
    },
    async refund(payment, amountOre, idempotencyKey) {
      const row = await readPayment(db, payment.reference, true);
      if (!(await useKey(db, payment.reference, idempotencyKey, 'refund'))) return;
      if (row.refundedOre + amountOre > row.capturedOre) throw new ProviderRefusedError('test', 400, 'Kan ikke refundere mer enn det som er trukket');
      await db
        .update(testPayments)
        .set({ refundedOre: row.refundedOre + amountOre })
        .where(eq(testPayments.reference, payment.reference));
    },
    async cancel(payment) {
      await db
        .update(testPayments)
        .set({ state: 'cancelled' })
        .where(sql`${testPayments.reference} = ${payment.reference} AND ${testPayments.state} IN ('pending', 'authorized')`);
    },
    verifier: testPaymentsVerifier,
    webhookBody: testPaymentsEvent,
    parseEvent(body): PaymentEvent {
      const event = testPaymentsEvent.parse(body);
      const reference = event.data?.reference;
      return { eventId: event.id, type: event.type, reference: typeof reference === 'string' ? reference : null };
    },
  };
}

const actionState: Record<TestPaymentAction, PaymentState> = { approve: 'authorized', cancel: 'cancelled', fail: 'failed' };

export async function testPaymentView(db: Db, reference: string) {
  const [row] = await db
    .select({
      reference: testPayments.reference,
      amountOre: testPayments.amountOre,
      description: testPayments.description,
      state: testPayments.state,
    })
    .from(testPayments)
    .where(eq(testPayments.reference, reference));
  return row ?? null;
}

export async function actOnTestPayment(
  db: Db,
  reference: string,
  action: TestPaymentAction,
): Promise<{ returnUrl: string; event: { id: string; type: string; data: { reference: string } } | null } | null> {
  const state = actionState[action];
  const event = { id: `evt_${reference}_${state}`, type: `payment.${state}`, data: { reference } };
  const [changed] = await db
    .update(testPayments)
    .set({ state, pendingEvent: event })
    .where(sql`${testPayments.reference} = ${reference} AND ${testPayments.state} = 'pending'`)
    .returning({ returnUrl: testPayments.returnUrl, cancelUrl: testPayments.cancelUrl });
  const row =
    changed ??
    (
      await db
        .select({ returnUrl: testPayments.returnUrl, cancelUrl: testPayments.cancelUrl })
        .from(testPayments)
        .where(eq(testPayments.reference, reference))
    )[0];
  if (!row) return null;
  const returnUrl = action === 'cancel' ? row.cancelUrl : row.returnUrl;
  return {
    returnUrl,
    event: changed ? event : null,
  };
}
