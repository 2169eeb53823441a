import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enrollMutation } from './enroll';
import { UNAUTHORIZED_REDIRECT_MS } from './session-expired';
import { enrollmentsQuery } from './learning.queries';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const effects = { toast: vi.fn(), navigate: vi.fn(), later: vi.fn<(fn: () => void, ms: number) => void>() };
  const run = async (courseId: string) => {
    const mutation = client.getMutationCache().build(client, enrollMutation(client, effects));
    await mutation.execute(courseId).catch(() => {});
  };
  return { client, effects, run };
}

describe('the enroll mutation', () => {
  it('posts {courseId}, shows a success toast and refreshes the enrollment list', async () => {
    fetchMock.mockResolvedValue(Response.json({ id: 'e1', courseId: 'ki-for-kontoret' }, { status: 201 }));
    const { client, effects, run } = setup();
    client.setQueryData(enrollmentsQuery.queryKey, []);
    await run('ki-for-kontoret');
    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/enrollments');
    expect(fetchMock.mock.lastCall?.[1]).toMatchObject({ method: 'POST', body: '{"courseId":"ki-for-kontoret"}' });
    expect(effects.toast).toHaveBeenCalledWith({ title: 'Påmeldt', description: 'Du er nå påmeldt kurset.' });
    expect(client.getQueryState(enrollmentsQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it("on an expired session shows 'Ikke innlogget' and goes to /api/login after 500 ms", async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'Unauthorized' }, { status: 401 }));
    const { effects, run } = setup();
    await run('ki-for-kontoret');
    expect(effects.toast).toHaveBeenCalledWith({
      title: 'Ikke innlogget',
      description: 'Du er logget ut. Logger inn på nytt...',
      variant: 'destructive',
    });
    expect(effects.later).toHaveBeenCalledWith(expect.any(Function), UNAUTHORIZED_REDIRECT_MS);
    expect(UNAUTHORIZED_REDIRECT_MS).toBe(500);
    expect(effects.navigate).not.toHaveBeenCalled();
    effects.later.mock.lastCall?.[0]();
    expect(effects.navigate).toHaveBeenCalledWith('/api/login');
  });

  it("on any other failure shows 'Feil' / 'Kunne ikke melde deg på kurset. Prøv igjen.'", async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'Fant ikke kurset' }, { status: 404 }));
    const { effects, run } = setup();
    await run('finnes-ikke');
    expect(effects.toast).toHaveBeenCalledWith({
      title: 'Feil',
      description: 'Kunne ikke melde deg på kurset. Prøv igjen.',
      variant: 'destructive',
    });
    expect(effects.later).not.toHaveBeenCalled();
  });

  it("on a paid course (402) shows 'Kurset må kjøpes' and goes to the checkout after 500 ms", async () => {
    const body = { error: 'Kurset må kjøpes', errorType: 'payment_required', product: { priceOre: 159_000 }, checkoutPath: '/kasse/ki-for-kontoret' };
    fetchMock.mockResolvedValue(Response.json(body, { status: 402 }));
    const { client, effects, run } = setup();
    client.setQueryData(enrollmentsQuery.queryKey, []);
    await run('ki-for-kontoret');
    expect(effects.toast).toHaveBeenCalledWith({ title: 'Kurset må kjøpes', description: 'Du sendes til kassen, der du kan kjøpe tilgang.' });
    expect(effects.later).toHaveBeenCalledWith(expect.any(Function), UNAUTHORIZED_REDIRECT_MS);
    effects.later.mock.lastCall?.[0]();
    expect(effects.navigate).toHaveBeenCalledWith('/kasse/ki-for-kontoret');
    expect(client.getQueryState(enrollmentsQuery.queryKey)?.isInvalidated).toBe(false);
  });

  it('never follows a 402 off the site', async () => {
    fetchMock.mockResolvedValue(Response.json({ errorType: 'payment_required', checkoutPath: '//evil.example/kasse' }, { status: 402 }));
    const { effects, run } = setup();
    await run('ki-for-kontoret');
    effects.later.mock.lastCall?.[0]();
    expect(effects.navigate).toHaveBeenCalledWith('/');
  });
});
