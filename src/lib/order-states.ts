/**
 * An order's states and the moves between them: the one definition the database queries, the
 * server and the browser read. `transition` (src/server/checkout/lifecycle.ts) refuses any move
 * that is not in `ORDER_MOVES`; the named sets below are the only lists of "open", "paid",
 * "counts for seats" and "refundable" anywhere in the code.
 */

export const ORDER_STATES = [
  'created',
  'awaiting_payment',
  'invoiced',
  'paid',
  'partly_refunded',
  'refunded',
  'cancelled',
  'expired',
  'failed',
] as const;

export type OrderState = (typeof ORDER_STATES)[number];

/** Where an order may go from each state. A closed state has nowhere to go. */
export const ORDER_MOVES: Readonly<Record<OrderState, readonly OrderState[]>> = {
  created: ['awaiting_payment', 'cancelled', 'expired', 'failed'],
  awaiting_payment: ['paid', 'cancelled', 'expired', 'failed'],
  invoiced: ['paid', 'cancelled'],
  paid: ['partly_refunded', 'refunded'],
  partly_refunded: ['partly_refunded', 'refunded'],
  refunded: [],
  cancelled: [],
  expired: [],
  failed: [],
};

/** The states an order is made in: a payment to start, or a company's invoice. */
export const INITIAL_STATES: readonly OrderState[] = ['created', 'invoiced'];

/** Waiting for the buyer's payment: the return page, the webhook and the sweep look at these. */
export const OPEN_STATES: readonly OrderState[] = ['created', 'awaiting_payment'];

/** Paid at some point: the order has a receipt (and a receipt number). */
export const PAID_STATES: readonly OrderState[] = ['paid', 'partly_refunded', 'refunded'];

/** A package order in these states gives its company seats (less the seats a partial refund took back). */
export const SEAT_STATES: readonly OrderState[] = ['invoiced', 'paid', 'partly_refunded'];

/** Money is left to refund. */
export const REFUNDABLE_STATES: readonly OrderState[] = ['paid', 'partly_refunded'];

/** Nothing more can happen to an unpaid order. */
export const CLOSED_UNPAID_STATES: readonly OrderState[] = ['cancelled', 'expired', 'failed'];

export const canMove = (from: OrderState | null, to: OrderState): boolean =>
  from === null ? INITIAL_STATES.includes(to) : ORDER_MOVES[from].includes(to);

export const isOpen = (state: OrderState) => OPEN_STATES.includes(state);
export const hasReceipt = (state: OrderState) => PAID_STATES.includes(state);
export const isRefundable = (state: OrderState) => REFUNDABLE_STATES.includes(state);
