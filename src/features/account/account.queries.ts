import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../../lib/api';
import { currentUserQuery } from '../../lib/learning.queries';
import type { CurrentUser } from '../../schemas/auth';

/**
 * Queries and requests of 'Min konto' on /konto (issue 23), keyed by URL parts like the rest of
 * the app. The shapes are the account API's contract (GET /api/account and friends).
 */

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  /** False for an account made by a guest's purchase until a password is chosen: changes are then confirmed by mail. */
  hasPassword: boolean;
  /** A new address waiting for its link to be opened; the change happens only then. */
  pendingEmail: string | null;
  preferences: AccountPreferences;
  createdAt: string;
}

export interface AccountPreferences {
  /** 'Påminnelser når jeg ikke har vært innom på en uke'. */
  reminders: boolean;
}

export interface AccountSession {
  /** An opaque handle, not the session's secret. */
  id: string;
  /** The session this browser holds. */
  current: boolean;
  /** The server's Norwegian name for the browser and system ('Chrome på Windows', 'Ukjent enhet'). */
  device: string;
  createdAt: string;
  lastUsedAt: string;
}

/** Where the account's data is downloaded as one JSON file (`Content-Disposition: attachment`). */
export const EXPORT_URL = '/api/account/export';

export const accountQuery = queryOptions({
  queryKey: ['/api/account'],
  queryFn: getQueryFn<Account>(),
});

/** The account's sessions, the most recently used first. */
export const sessionsQuery = queryOptions({
  queryKey: ['/api/account/sessions'],
  queryFn: getQueryFn<{ sessions: AccountSession[] }>(),
  select: (data) => data.sessions,
});

const json = async <T>(response: Response) => (await response.json()) as T;

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
    mutationFn: async (input: ProfileInput) => json<{ user: CurrentUser }>(await apiRequest('PATCH', '/api/account/profile', input)),
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
    mutationFn: async (input: EmailChangeInput) =>
      json<{ message: string; pendingEmail: string | null }>(await apiRequest('POST', '/api/account/email', input)),
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
    mutationFn: async (input: PasswordChangeInput) => json<{ message: string }>(await apiRequest('POST', '/api/account/password', input)),
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
      json<{ ended: number; current: boolean }>(await apiRequest('DELETE', `/api/account/sessions/${encodeURIComponent(session.id)}`)),
    onSuccess: async ({ current }) => {
      if (current) return signedOut();
      await client.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    },
  });
}

/** POST /api/account/sessions/end-others: every session but this one ends. */
export function endOtherSessionsMutation(client: QueryClient) {
  return mutationOptions({
    mutationFn: async () => json<{ ended: number }>(await apiRequest('POST', '/api/account/sessions/end-others', {})),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/** PUT /api/account/preferences: the saved preferences replace the cached ones. */
export function savePreferencesMutation(client: QueryClient) {
  return mutationOptions({
    mutationFn: async (preferences: AccountPreferences) =>
      json<{ preferences: AccountPreferences }>(await apiRequest('PUT', '/api/account/preferences', preferences)),
    onSuccess: ({ preferences }) => patchAccount(client, { preferences }),
  });
}

/** POST /api/account/delete: the account is gone and the session cookies cleared; `signedOut` leaves the app. */
export function deleteAccountMutation(signedOut: () => void) {
  return mutationOptions({
    mutationFn: async (input: { password: string }) => json<{ message: string }>(await apiRequest('POST', '/api/account/delete', input)),
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
      json<{ message: string }>(await apiRequest('POST', '/api/account/confirm-by-mail', input)),
  });
}
