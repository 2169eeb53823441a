import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getQueryFn, isUnauthorizedError } from './api';

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
});
