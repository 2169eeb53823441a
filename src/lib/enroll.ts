import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { enrollmentResponse } from '../schemas/learning';
import { ApiError, apiJson, isUnauthorizedError } from './api';
import { enrollmentsQuery } from './learning.queries';
import { safeNextPath } from './safe-next';
import { type BrowserEffects, browserEffects, sessionExpired, UNAUTHORIZED_REDIRECT_MS } from './session-expired';

/** A 401 goes to /api/login and a 402 to the server's `checkoutPath`, each 500 ms after its toast. */
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

function paymentRequiredPath(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 402) return null;
  const path = error.bodyField('checkoutPath');
  return typeof path === 'string' ? safeNextPath(path) : '/';
}
