import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { enrollmentResponse } from '../schemas/learning';
import { ApiError, apiJson, isUnauthorizedError } from './api';
import { enrollmentsQuery } from './learning.queries';
import { safeNextPath } from './safe-next';
import { type BrowserEffects, browserEffects, sessionExpired, UNAUTHORIZED_REDIRECT_MS } from './session-expired';

/**
 * Enrolling in a course (spec, learner side, sections 4 and 8): success → toast and
 * a fresh enrollment list; an expired session → 'Ikke innlogget' toast, then /api/login
 * after 500 ms; a paid course (402, decision 26) → 'Kurset må kjøpes' toast, then the checkout
 * (the server's `checkoutPath`, /kasse/<courseId>) after 500 ms; anything else → 'Feil' toast (the spec's English
 * toasts in Norwegian, decision 13).
 */
export function enrollMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (courseId: string) => apiJson<typeof enrollmentResponse>('POST', '/api/enrollments', { courseId }),
    onSuccess: async () => {
      effects.toast({ title: 'Påmeldt', description: 'Du er nå påmeldt kurset.' });
      await client.invalidateQueries({ queryKey: enrollmentsQuery.queryKey });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return sessionExpired(effects);
      const checkout = paymentRequiredPath(error);
      if (checkout) {
        effects.toast({ title: 'Kurset må kjøpes', description: 'Du sendes til kassen, der du kan kjøpe tilgang.' });
        effects.later(() => effects.navigate(checkout), UNAUTHORIZED_REDIRECT_MS);
        return;
      }
      effects.toast({ title: 'Feil', description: 'Kunne ikke melde deg på kurset. Prøv igjen.', variant: 'destructive' });
    },
  });
}

/** The same-site path a 402 `payment_required` answer points to, or null for any other error. */
function paymentRequiredPath(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 402) return null;
  const path = error.bodyField('checkoutPath');
  return typeof path === 'string' ? safeNextPath(path) : '/';
}
