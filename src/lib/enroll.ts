import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Enrollment } from '../schemas/learning';
import { apiRequest, isUnauthorizedError } from './api';
import { enrollmentsQuery } from './learning.queries';
import { type BrowserEffects, browserEffects, sessionExpired } from './session-expired';

/**
 * Enrolling in a course (spec, learner side, sections 4 and 8): success → toast and
 * a fresh enrollment list; an expired session → 'Ikke innlogget' toast, then /api/login
 * after 500 ms; anything else → 'Feil' toast (the spec's English toasts in Norwegian, decision 13).
 */
export function enrollMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (courseId: string) => (await (await apiRequest('POST', '/api/enrollments', { courseId })).json()) as Enrollment,
    onSuccess: async () => {
      effects.toast({ title: 'Påmeldt', description: 'Du er nå påmeldt kurset.' });
      await client.invalidateQueries({ queryKey: enrollmentsQuery.queryKey });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return sessionExpired(effects);
      effects.toast({ title: 'Feil', description: 'Kunne ikke melde deg på kurset. Prøv igjen.', variant: 'destructive' });
    },
  });
}
