import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { AppRoot } from '../components/app/AppRoot';
import type { CurrentUser } from '../schemas/auth';
import { $toast } from '../stores/toast';
import { fetchMock } from './fetch';

/** Set like the app's client (no retries, never stale), so a test sees exactly the requests the code makes. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
}

export function renderInApp(ui: ReactNode, client: QueryClient = testQueryClient()) {
  return { client, ...render(<AppRoot client={client}>{ui}</AppRoot>) };
}

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

/** Call once at the top of a test file. */
export function resetAfterEach(...extra: (() => void)[]): void {
  beforeEach(() => $toast.set(null));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    for (const reset of extra) reset();
  });
}
