import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import type { Course } from '../../schemas/learning';
import { CoursesCard, type CoursesCardData } from '../../features/dashboard/CoursesCard';

/**
 * Faults in the browser (issue 15): when the API answers 503 (the database is down),
 * the dashboard shows its Norwegian error text with 'Prøv igjen' instead of loading
 * for ever; the read is tried once (no retries, no polling), and 'Prøv igjen'
 * reads again and shows the data once the service is back. Real react-query client
 * and default GET (`src/lib/query-client.ts`), real `CoursesCard`, a stubbed fetch.
 */

const unavailable = { error: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.' };
const course: Course = {
  id: 'grunnleggende-ki',
  title: 'Grunnleggende KI',
  description: 'Et kurs',
  duration: '4 timer',
  level: 'Nybegynner',
  orderIndex: 1,
};

function Courses() {
  // The card shows the courses once the read succeeds.
  const query = useQuery<Course[], Error, CoursesCardData>({
    queryKey: ['/api/courses'],
    select: (list) => ({
      enrolled: list.map((c) => ({ ...c, main: { label: 'Start kurset', href: `/course/${c.id}` } })),
      catalogueSize: list.length,
    }),
  });
  return <CoursesCard courses={query} />;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the dashboard while the database is down', () => {
  it('shows the error text with a retry button after one 503, and the courses once retrying succeeds', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify(unavailable), { status: 503, headers: { 'Retry-After': '5', 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={queryClient}>
        <Courses />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Laster...')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke hente kursene dine.');
    expect(screen.queryByText('Laster...')).toBeNull();
    // One request: no retry loop and no polling behind the error.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetch).toHaveBeenCalledTimes(1);

    // The service is back: 'Prøv igjen' reads again.
    fetch.mockImplementation(async () => new Response(JSON.stringify([course]), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(screen.getByText('Grunnleggende KI')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a network failure (no answer at all) ends in the same error state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <Courses />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke hente kursene dine.');
    expect(screen.getByRole('button', { name: 'Prøv igjen' })).toBeTruthy();
  });
});
