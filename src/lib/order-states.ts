/** `transition` (src/server/checkout/lifecycle.ts) refuses any move not in `ORDER_MOVES`; these sets are the code's only lists of states. */

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

export const INITIAL_STATES: readonly OrderState[] = ['created', 'invoiced'];

export const OPEN_STATES: readonly OrderState[] = ['created', 'awaiting_payment'];

export const PAID_STATES: readonly OrderState[] = ['paid', 'partly_refunded', 'refunded'];

/** A package order in these states gives its company seats (less the seats a partial refund took back). */
export const SEAT_STATES: readonly OrderState[] = ['invoiced', 'paid', 'partly_refunded'];

export const REFUNDABLE_STATES: readonly OrderState[] = ['paid', 'partly_refunded'];

export const CLOSED_UNPAID_STATES: readonly OrderState[] = ['cancelled', 'expired', 'failed'];

export const canMove = (from: OrderState | null, to: OrderState): boolean =>
  from === null ? INITIAL_STATES.includes(to) : ORDER_MOVES[from].includes(to);

export const isOpen = (state: OrderState) => OPEN_STATES.includes(state);
export const hasReceipt = (state: OrderState) => PAID_STATES.includes(state);
export const isRefundable = (state: OrderState) => REFUNDABLE_STATES.includes(state);
