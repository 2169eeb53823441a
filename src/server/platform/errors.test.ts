import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AccountInactiveError,
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidCredentialsError,
  NotFoundError,
  ThrottledError,
} from './errors';
import { okResponse } from '../../schemas/player';
import { createHandler, httpErrorFromDomain, route } from './http';

const cases: [DomainError, number][] = [
  [new NotFoundError('Fant ikke kurset'), 404],
  [new ConflictError('Det finnes allerede en konto med denne e-postadressen. Logg inn i stedet.'), 409],
  [new ForbiddenError('Du har ikke tilgang til dette.'), 403],
  [new AccountInactiveError('Kontoen din er deaktivert. Ta kontakt med oss hvis du mener dette er feil.'), 403],
  [new InvalidCredentialsError('Feil e-post eller passord'), 401],
  [new ThrottledError('For mange mislykkede innloggingsforsøk. Vent litt og prøv igjen.', 15), 429],
];

/** A handler whose one route throws `error`; it opens no database, so no setup is needed. */
const throwing = (error: DomainError) =>
  createHandler({
    'GET /api/test': route({
      access: 'public',
      database: false,
      response: okResponse,
      handler() {
        throw error;
      },
    }),
  });

describe('service errors in the HTTP pipeline', () => {
  it.each(cases)('%s → %i with its Norwegian message as the body', async (error, status) => {
    expect(httpErrorFromDomain(error).status).toBe(status);
    const response = await throwing(error)(new Request('http://localhost:4321/api/test'));
    expect(response.status).toBe(status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error).toBe(error.message);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('429 carries Retry-After and retryAfter in whole seconds, at least one', async () => {
    const response = await throwing(new ThrottledError('Vent litt.', 14.2))(new Request('http://localhost:4321/api/test'));
    expect(response.headers.get('Retry-After')).toBe('15');
    expect(await response.json()).toEqual({ error: 'Vent litt.', retryAfter: 15 });
    expect(httpErrorFromDomain(new ThrottledError('Vent litt.', 0)).headers).toEqual({ 'Retry-After': '1' });
  });

  it('other errors carry no extra fields or headers', () => {
    for (const [error] of cases.filter(([e]) => !(e instanceof ThrottledError))) {
      const http = httpErrorFromDomain(error);
      expect(http.extra).toEqual({});
      expect(http.headers).toEqual({});
    }
  });
});

describe('services', () => {
  it('never import the HTTP pipeline (a script or a test can use them without it)', () => {
    const services = readdirSync('src/server', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThanOrEqual(3);
    for (const file of services) {
      expect(readFileSync(`src/server/${file}`, 'utf8'), file).not.toMatch(/from ['"][./]*(platform\/)?http(\/[\w.-]*)?['"]/);
    }
  });
});
