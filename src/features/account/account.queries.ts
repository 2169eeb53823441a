import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson, getQueryFn } from '../../lib/api';
import { currentUserQuery } from '../../lib/learning.queries';
import type {
  accountResponse,
  emailChangeResponse,
  preferencesResponse,
  sessionEndedResponse,
  sessionsEndedResponse,
  sessionsResponse,
  userResponse,
} from '../../schemas/account';
import type { messageAnswer } from '../../schemas/auth';

/**
 * Queries and requests of 'Min konto' on /konto, keyed by URL parts like the rest of
 * the app. The shapes are the account API's contract (GET /api/account and friends).
 */

export type Account = z.infer<typeof accountResponse>;
export type AccountPreferences = Account['preferences'];
export type AccountSession = z.infer<typeof sessionsResponse>['sessions'][number];

/** Where the account's data is downloaded as one JSON file (`Content-Disposition: attachment`). */
export const EXPORT_URL = '/api/account/export';

export const accountQuery = queryOptions({
  queryKey: ['/api/account'],
  queryFn: getQueryFn<typeof accountResponse>(),
});

/** The account's sessions, the most recently used first. */
export const sessionsQuery = queryOptions({
  queryKey: ['/api/account/sessions'],
  queryFn: getQueryFn<typeof sessionsResponse>(),
  select: (data) => data.sessions,
});

/** The account's cached copy with `change` applied (nothing when it is not loaded). */
const patchAccount = (client: QueryClient, change: Partial<Account>) =>
  client.setQueryData(accountQuery.queryKey, (account) => (account ? { ...account, ...change } : account));

export interface ProfileInput {
  firstName: string;
  lastName: string;
}

/**
 * PATCH /api/account/profile. The answer is the current user: it replaces the one the header and
 * every gate read (`/api/auth/user`), so the user menu shows the new name without a reload.
 */
export function saveProfileMutation(client: QueryClient) {
  return mutationOptions({
    mutationFn: async (input: ProfileInput) => apiJson<typeof userResponse>('PATCH', '/api/account/profile', input),
    onSuccess: ({ user }) => {
      client.setQueryData(currentUserQuery.queryKey, user);
      patchAccount(client, { firstName: user.firstName, lastName: user.lastName });
    },
  });
}

export interface EmailChangeInput {
  newEmail: string;
  password: string;
}

/** POST /api/account/email: a link goes to the new address; the account shows it as waiting. */
export function changeEmailMutation(client: QueryClient) {
  return mutationOptions({
    mutationFn: async (input: EmailChangeInput) => apiJson<typeof emailChangeResponse>('POST', '/api/account/email', input),
    onSuccess: ({ pendingEmail }) => patchAccount(client, { pendingEmail }),
  });
}

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/account/password: every other session ends, so the list is read again. */
export function changePasswordMutation(client: QueryClient) {
  return mutationOptions({
    mutationFn: async (input: PasswordChangeInput) => apiJson<typeof messageAnswer>('POST', '/api/account/password', input),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/**
 * DELETE /api/account/sessions/:id. Ending this browser's own session signs it out (the server
 * clears the cookies): then `signedOut` runs; otherwise the list is read again.
 */
export function endSessionMutation(client: QueryClient, signedOut: () => void) {
  return mutationOptions({
    mutationFn: async (session: AccountSession) =>
      apiJson<typeof sessionEndedResponse>('DELETE', `/api/account/sessions/${encodeURIComponent(session.id)}`),
    onSuccess: async ({ current }) => {
      if (current) return signedOut();
      await client.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    },
  });
}

/** POST /api/account/sessions/end-others: every session but this one ends. */
export function endOtherSessionsMutation(client: QueryClient) {
  return mutationOptions({
    mutationFn: async () => apiJson<typeof sessionsEndedResponse>('POST', '/api/account/sessions/end-others', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/** PUT /api/account/preferences: the saved preferences replace the cached ones. */
export function savePreferencesMutation(client: QueryClient) {
  return mutationOptions({
    mutationFn: async (preferences: AccountPreferences) => apiJson<typeof preferencesResponse>('PUT', '/api/account/preferences', preferences),
    onSuccess: ({ preferences }) => patchAccount(client, { preferences }),
  });
}

/** POST /api/account/delete: the account is gone and the session cookies cleared; `signedOut` leaves the app. */
export function deleteAccountMutation(signedOut: () => void) {
  return mutationOptions({
    mutationFn: async (input: { password: string }) => apiJson<typeof messageAnswer>('POST', '/api/account/delete', input),
    onSuccess: () => signedOut(),
  });
}

export type MailConfirmAction = 'change_email' | 'delete' | 'set_password';

/**
 * POST /api/account/confirm-by-mail: an account without a password asks for a link to its address
 * that confirms a change (or lets it choose a password); nothing changes until the link is opened.
 */
export function confirmByMailMutation() {
  return mutationOptions({
    mutationFn: async (input: { action: MailConfirmAction; newEmail?: string }) =>
      apiJson<typeof messageAnswer>('POST', '/api/account/confirm-by-mail', input),
  });
}
