import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { AppRoot } from '../components/app/AppRoot';
import type { CurrentUser } from '../schemas/auth';
import { $toast } from '../stores/toast';
import { fetchMock } from './fetch';

/**
 * A fresh QueryClient per test, set like the app's (src/lib/query-client.ts: no retries, never
 * stale), so a test sees exactly the requests the code makes and nothing leaks between tests.
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
}

/** Renders `ui` inside the app's root (QueryClient and Toaster), as an island does. */
export function renderInApp(ui: ReactNode, client: QueryClient = testQueryClient()) {
  return { client, ...render(<AppRoot client={client}>{ui}</AppRoot>) };
}

/** A signed-in user for a test: Emma Larsen, a learner, unless `extra` says otherwise. */
export function testUser(extra: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'elev@demo.no',
    firstName: 'Emma',
    lastName: 'Larsen',
    role: 'individual',
    companyId: null,
    profileImageUrl: null,
    isActive: true,
    emailVerified: true,
    ...extra,
  };
}

/**
 * The reset every component test file needs, registered by calling this once at its top: no toast
 * before each test; after it, the DOM unmounted, the fetch mock emptied, then `extra` (a file's
 * own stores or mocks).
 */
export function resetAfterEach(...extra: (() => void)[]): void {
  beforeEach(() => $toast.set(null));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    for (const reset of extra) reset();
  });
}
