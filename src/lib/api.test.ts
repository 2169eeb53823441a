import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn, isUnauthorizedError } from './api';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

describe('apiRequest', () => {
  it('sends credentials always, and JSON with its content type only when there is a body', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    await apiRequest('POST', '/api/enrollments', { courseId: 'ki-for-kontoret' });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/enrollments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"courseId":"ki-for-kontoret"}',
      credentials: 'include',
    });
    await apiRequest('DELETE', '/api/x');
    expect(fetchMock).toHaveBeenLastCalledWith('/api/x', { method: 'DELETE', headers: {}, body: undefined, credentials: 'include' });
  });

  it('turns a non-OK response into "{status}: {body text}", or the status text when the body is empty', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":"Unauthorized"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('POST', '/api/enrollments', {})).rejects.toThrow('401: {"error":"Unauthorized"}');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: string[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it('GETs the query key parts joined with slashes and parses JSON', async () => {
    fetchMock.mockResolvedValue(Response.json([{ id: 1 }]));
    await expect(getQueryFn()(context(['/api/courses', 'ki-for-kontoret', 'modules-with-progress']))).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/courses/ki-for-kontoret/modules-with-progress');
    expect(fetchMock.mock.lastCall?.[1]).toMatchObject({ credentials: 'include' });
  });

  it("throws on 401 by default and answers null with on401: 'returnNull'", async () => {
    fetchMock.mockImplementation(async () => Response.json({ error: 'Unauthorized' }, { status: 401 }));
    await expect(getQueryFn()(context(['/api/auth/user']))).rejects.toThrow(/^401: /);
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
  });
});

describe('isUnauthorizedError', () => {
  it("is true for messages starting with '401: ' that contain 'Unauthorized'", () => {
    expect(isUnauthorizedError(new Error('401: {"error":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Forbidden'))).toBe(false);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });

  it('goes by the status for an ApiError', () => {
    expect(isUnauthorizedError(new ApiError(401, 'Økten er utløpt', null))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'Unauthorized', null))).toBe(false);
  });

  it("is true for what apiRequest throws on the API's 401", async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Unauthorized', message: 'Du må logge inn for å fortsette.' }, { status: 401 }));
    const error = await apiRequest('GET', '/api/users/me/enrollments').catch((e: unknown) => e);
    expect(isUnauthorizedError(error)).toBe(true);
  });
});

describe('ApiError', () => {
  const fail = async (response: Response) => {
    fetchMock.mockResolvedValueOnce(response);
    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  it("carries the status, the parsed body and the spec's message", async () => {
    const body = { error: 'Ugyldig forespørsel', issues: [{ path: 'email', message: 'Skriv inn en gyldig e-postadresse' }] };
    const error = await fail(Response.json(body, { status: 400 }));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(400);
    expect(error.body).toEqual(body);
    expect(error.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(error.bodyError).toBe('Ugyldig forespørsel');
    expect(error.issues).toEqual(body.issues);
    expect(error.errorType).toBeUndefined();
    expect(error.retryAfter).toBeUndefined();
  });

  it('reads errorType from the body', async () => {
    const error = await fail(Response.json({ error: 'Kvoten er brukt opp', errorType: 'quota_exceeded' }, { status: 429 }));
    expect(error.errorType).toBe('quota_exceeded');
    expect(error.bodyError).toBe('Kvoten er brukt opp');
  });

  it('takes retryAfter from the body first, else from the Retry-After header (seconds or an HTTP date)', async () => {
    const headers = { 'Retry-After': '30' };
    expect((await fail(Response.json({ error: 'For mange forsøk', retryAfter: 15 }, { status: 429, headers }))).retryAfter).toBe(15);
    expect((await fail(Response.json({ error: 'Databasen svarer ikke' }, { status: 503, headers: { 'Retry-After': '5' } }))).retryAfter).toBe(5);
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    const fromDate = (await fail(new Response('', { status: 503, headers: { 'Retry-After': inTwoMinutes } }))).retryAfter;
    expect(fromDate).toBeGreaterThan(100);
    expect(fromDate).toBeLessThanOrEqual(120);
    expect((await fail(new Response('', { status: 503, headers: { 'Retry-After': 'snart' } }))).retryAfter).toBeUndefined();
  });

  it('keeps a non-JSON body as text: body null, no issues, the text in the message', async () => {
    const error = await fail(new Response('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway' }));
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.text).toBe('<h1>Bad Gateway</h1>');
    expect(error.message).toBe('502: <h1>Bad Gateway</h1>');
    expect(error.issues).toEqual([]);
    expect(error.errorType).toBeUndefined();
    expect(error.bodyError).toBeUndefined();
  });

  it('uses the status text when the body is empty, and ignores malformed issues', async () => {
    const empty = await fail(new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    expect(empty.message).toBe('500: Internal Server Error');
    expect(empty.body).toBeNull();
    const odd = await fail(Response.json({ issues: [{ path: 'email' }, 'x', { path: 'password', message: 'For kort' }] }, { status: 400 }));
    expect(odd.issues).toEqual([{ path: 'password', message: 'For kort' }]);
  });

  it('is what the default read throws too', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Fant ikke kurset' }, { status: 404 }));
    const context = { queryKey: ['/api/courses', 'x', 'modules-with-progress'], signal: new AbortController().signal, meta: undefined } as never;
    const error = await Promise.resolve(getQueryFn()(context)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('404: {"error":"Fant ikke kurset"}');
  });
});
