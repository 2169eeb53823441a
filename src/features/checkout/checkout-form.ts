import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { NETWORK_ERROR } from '../../lib/form-errors';
import { safeNextPath } from '../../lib/safe-next';
import { checkoutOrderBody } from '../../schemas/checkout';
import type { CheckoutInfo, GuestBuyer, OrderRequest, OrderStatus, ProviderId } from '../../schemas/checkout';

/** The checkout's rules that need no React: guest fields, the order body, what an error means. */

export type GuestField = keyof GuestBuyer;
export const guestFields: GuestField[] = ['firstName', 'lastName', 'email'];

/** The server's rules for a guest buyer: a value passes here exactly when the order route takes it. */
const serverBuyer = checkoutOrderBody.shape.buyer.unwrap().shape;

/** The checkout's own words for an empty or a malformed field; any other refusal is the server's sentence. */
const guestMessages: Record<GuestField, { empty: string; invalid?: string }> = {
  firstName: { empty: 'Skriv inn fornavnet ditt.' },
  lastName: { empty: 'Skriv inn etternavnet ditt.' },
  email: { empty: 'Skriv inn e-postadressen din.', invalid: 'Skriv inn en gyldig e-postadresse, for eksempel navn@eksempel.no.' },
};

/** The inline message of each guest field, or nothing when the value will do. */
export function guestFieldError(field: GuestField, value: string): string | undefined {
  const checked = serverBuyer[field].safeParse(value);
  if (checked.success) return undefined;
  if (!value.trim()) return guestMessages[field].empty;
  return guestMessages[field].invalid ?? checked.error.issues[0]?.message;
}

/** The guest's fields as the form checks them: the server's rules in the checkout's words. */
const guestField = (field: GuestField) =>
  z.string().check((context) => {
    const message = guestFieldError(field, context.value);
    if (message) context.issues.push({ code: 'custom', message, input: context.value });
  });
export const guestSchema = z.object({ firstName: guestField('firstName'), lastName: guestField('lastName'), email: guestField('email') });

export function guestIsValid(buyer: GuestBuyer): boolean {
  return guestSchema.safeParse(buyer).success;
}

/** The sign-in page with the way back to this checkout. */
export function signInPath(courseId: string): string {
  return `/logg-inn?next=${encodeURIComponent(safeNextPath(`/kasse/${courseId}`))}`;
}

/**
 * The body of POST /api/checkout/orders: the product, the provider, the coupon that was applied,
 * the consent to immediate access with the text's version, the buyer when no one is signed in,
 * and the key made once per page load. Never a price: the server reads it.
 */
export function orderRequest(options: {
  info: CheckoutInfo;
  provider: ProviderId;
  couponCode: string | null;
  buyer: GuestBuyer | null;
  idempotencyKey: string;
}): OrderRequest {
  const { info, provider, couponCode, buyer, idempotencyKey } = options;
  return {
    productId: info.product.id,
    provider,
    ...(couponCode ? { couponCode } : {}),
    consent: { accepted: true, version: info.consent.version },
    ...(info.viewer === null && buyer
      ? { buyer: { firstName: buyer.firstName.trim(), lastName: buyer.lastName.trim(), email: buyer.email.trim() } }
      : {}),
    idempotencyKey,
  };
}

/** What a refused order means for the form. */
export type OrderFailure =
  | { kind: 'account_exists'; message: string }
  | { kind: 'already_has_access' }
  | { kind: 'fields'; errors: Partial<Record<GuestField, string>> }
  | { kind: 'alert'; message: string };

const FALLBACK_MESSAGE = 'Betalingen kunne ikke startes. Prøv igjen om litt.';

export function orderFailure(error: unknown): OrderFailure {
  if (!(error instanceof ApiError)) return { kind: 'alert', message: NETWORK_ERROR };
  if (error.status === 409 && error.errorType === 'account_exists') {
    return {
      kind: 'account_exists',
      message: error.bodyError ?? 'Det finnes allerede en konto med denne e-postadressen. Logg inn for å kjøpe kurset.',
    };
  }
  if (error.status === 409 && error.errorType === 'already_has_access') return { kind: 'already_has_access' };
  const errors: Partial<Record<GuestField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path.replace(/^buyer\./, '') as GuestField;
    if (issue.path.startsWith('buyer.') && guestFields.includes(field)) errors[field] ??= issue.message;
  }
  if (Object.keys(errors).length > 0) return { kind: 'fields', errors };
  return { kind: 'alert', message: error.bodyError ?? FALLBACK_MESSAGE };
}

/** A provider's redirect is followed only to a web address (a same-site path or http(s)). */
export function isNavigableUrl(url: string | null): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url, 'https://same.site');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The status of an order in the buyer's words; 'invoiced' is a company's seat order on invoice. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  created: 'Venter på betaling',
  awaiting_payment: 'Venter på betaling',
  invoiced: 'Fakturert',
  paid: 'Betalt',
  cancelled: 'Avbrutt',
  expired: 'Utløpt',
  failed: 'Feilet',
  refunded: 'Refundert',
  partly_refunded: 'Delvis refundert',
};
