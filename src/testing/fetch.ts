import { vi } from 'vitest';

/** Importing this replaces the global `fetch` with `fetchMock` for the test file (Vitest isolates modules per file). */
export const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

export type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const requestKey = (input: RequestInfo | URL, init: RequestInit | undefined) => `${init?.method ?? 'GET'} ${String(input)}`;

/** Unrouted requests get a 500. */
export function serve(routes: Record<string, Handler>): void {
  fetchMock.mockImplementation(async (input, init) => {
    const handler = routes[requestKey(input, init)];
    return handler ? handler(init) : new Response('ukjent', { status: 500 });
  });
}

export const calls = (key: string) => fetchMock.mock.calls.filter(([input, init]) => requestKey(input, init) === key);

export const requested = () => fetchMock.mock.calls.map(([input, init]) => requestKey(input, init));

export const bodyOf = (key: string, index = 0) => JSON.parse(String(calls(key)[index]?.[1]?.body)) as unknown;

/** A handler answering as the pipeline refuses a body: a 400 with one issue on `path`. */
export const refusedAt =
  (path: string, message: string): Handler =>
  () =>
    Response.json({ error: 'Ugyldig forespørsel', issues: [{ path, message }] }, { status: 400 });
