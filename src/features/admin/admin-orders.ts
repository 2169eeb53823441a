import type { z } from 'zod';
import { formatKroner } from '../../lib/format';
import { ORDER_STATES, type OrderState } from '../../lib/order-states';
import { formatReceiptNumber } from '../../lib/receipt-format';
import type { adminOrder, adminOrderDetailResponse, revenueResponse } from '../../schemas/checkout';

/**
 * The superuser's orders, refunds and revenue in words and numbers, free of React so
 * it is unit-tested on its own. The answer types come from the routes' response schemas in
 * src/schemas/checkout.ts (types only here). Money is integer øre, VAT included.
 */

export const orderStatuses = ORDER_STATES;
export type OrderStatus = OrderState;

/** One row of GET /api/admin/orders. */
export type AdminOrder = z.infer<typeof adminOrder>;
/** GET /api/admin/orders/:orderId (and the 201 of a refund). */
export type AdminOrderDetail = z.infer<typeof adminOrderDetailResponse>;
export type OrderEvent = AdminOrderDetail['events'][number];
/** One month of GET /api/admin/revenue, newest first. */
export type RevenueMonth = z.infer<typeof revenueResponse>[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  created: 'Opprettet',
  awaiting_payment: 'Venter på betaling',
  // A company's seats on invoice: usable at once, paid later.
  invoiced: 'Fakturert',
  paid: 'Betalt',
  refunded: 'Refundert',
  partly_refunded: 'Delvis refundert',
  cancelled: 'Avbrutt',
  expired: 'Utløpt',
  failed: 'Feilet',
};

export type StatusTone = 'default' | 'secondary' | 'destructive' | 'outline';

/** The badge look of a status: paid stands out, refunds are muted, a failure is red, the rest outlined. */
export function statusTone(status: OrderStatus): StatusTone {
  if (status === 'paid') return 'default';
  if (status === 'refunded' || status === 'partly_refunded' || status === 'invoiced') return 'secondary';
  if (status === 'failed') return 'destructive';
  return 'outline';
}

const providerLabels: Record<string, string> = { vipps: 'Vipps', stripe: 'Kort', test: 'Testbetaling' };

/** The payment method as the receipt names it; an unknown provider by its id. */
export const providerLabel = (provider: string) => providerLabels[provider] ?? provider;

const triggerLabels: Record<string, string> = {
  checkout: 'Kassen',
  return: 'Returside',
  webhook: 'Varsel fra betalingstjenesten',
  sweep: 'Automatisk kontroll',
};

/** What moved the order: the checkout, the return page, a webhook, the sweep, or the superuser by name. */
export function triggerText(event: Pick<OrderEvent, 'trigger' | 'actorName'>): string {
  if (event.trigger === 'admin') return event.actorName?.trim() || 'Slettet konto';
  return triggerLabels[event.trigger] ?? event.trigger;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The parts of an event's detail a superuser can read: a refund's amount and reason, a revoked
 * course, the receipt number and a new account. Anything else (the server's own notes) is left out.
 */
export function eventDetailLines(detail: unknown): string[] {
  if (!isRecord(detail)) return [];
  const lines: string[] = [];
  if (typeof detail.refundOre === 'number') {
    const reason = typeof detail.reason === 'string' && detail.reason ? `: ${detail.reason}` : '';
    lines.push(`Refundert ${formatKroner(detail.refundOre)}${reason}`);
  }
  if (detail.revoked === true) lines.push('Tilgangen til kurset er fjernet.');
  if (typeof detail.receiptNumber === 'number') lines.push(`Kvittering ${formatReceiptNumber(detail.receiptNumber)}`);
  if (detail.accountCreated === true) lines.push('Kjøperen fikk en ny konto.');
  return lines;
}

/** A receipt number as every receipt prints it: 42 → '000042' (the one format, src/lib/receipt-format.ts). */
export { formatReceiptNumber };

/** The largest refund the API takes in one go (refundBody in src/schemas/checkout.ts): one million kroner. */
const MAX_REFUND_ORE = 100_000_000;

export const refundMessages = {
  amountRequired: 'Skriv inn beløpet',
  amountFormat: 'Skriv beløpet i kroner, for eksempel 1 990 eller 1 990,50',
  amountZero: 'Beløpet må være større enn 0',
  tooMuch: (leftOre: number) => `Beløpet er større enn det som kan refunderes (${formatKroner(leftOre)}).`,
} as const;

/**
 * An amount typed in kroner as whole øre: '1 990' → 199000, '1990,50' → 199050, '1 990,5 kr' →
 * 199050. Spaces (also no-break ones) group thousands; a comma or a point starts at most two
 * decimals, so '1.990' is refused rather than guessed. Counted in integers, never in floating point.
 */
export function parseKroner(text: string): { ore: number } | { error: string } {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/kr\.?$/i, '');
  if (compact === '') return { error: refundMessages.amountRequired };
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return { error: refundMessages.amountFormat };
  const ore = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (ore <= 0) return { error: refundMessages.amountZero };
  if (ore > MAX_REFUND_ORE) return { error: refundMessages.tooMuch(MAX_REFUND_ORE) };
  return { ore };
}

/** The amount field's text for an øre amount: 199000 → '1990', 199050 → '1990,50' (what 'Hele beløpet' fills in). */
export function kronerInput(ore: number): string {
  const kroner = String(Math.floor(ore / 100));
  const rest = ore % 100;
  return rest === 0 ? kroner : `${kroner},${String(rest).padStart(2, '0')}`;
}

/** The typed amount in øre, or why it cannot be refunded: not an amount, or more than is left. */
export function refundOre(amount: string, refundableOre: number): { ore: number } | { error: string } {
  const parsed = parseKroner(amount);
  if ('ore' in parsed && parsed.ore > refundableOre) return { error: refundMessages.tooMuch(refundableOre) };
  return parsed;
}
