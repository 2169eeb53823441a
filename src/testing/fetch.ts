import { vi } from 'vitest';

/**
 * The component tests' network: importing this module replaces the global `fetch` with
 * `fetchMock` for the test file (Vitest isolates modules per file). A test answers requests
 * with `serve()` and resets the mock in its own `afterEach`.
 */
export const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

/** Answers one request: gets its init (method, body) and returns the response. */
export type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const requestKey = (input: RequestInfo | URL, init: RequestInit | undefined) => `${init?.method ?? 'GET'} ${String(input)}`;

/** Answers by "METHOD path" (`'GET /api/courses'`); anything else is a 500. */
export function serve(routes: Record<string, Handler>): void {
  fetchMock.mockImplementation(async (input, init) => {
    const handler = routes[requestKey(input, init)];
    return handler ? handler(init) : new Response('ukjent', { status: 500 });
  });
}

/** The calls made for one "METHOD path", in order. */
export const calls = (key: string) => fetchMock.mock.calls.filter(([input, init]) => requestKey(input, init) === key);

/** Every "METHOD path" requested so far, in order. */
export const requested = () => fetchMock.mock.calls.map(([input, init]) => requestKey(input, init));

/** The parsed JSON body of the `index`th call to one "METHOD path". */
export const bodyOf = (key: string, index = 0) => JSON.parse(String(calls(key)[index]?.[1]?.body)) as unknown;
