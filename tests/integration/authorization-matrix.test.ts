import { describe, expect, it } from 'vitest';
import type { Routes } from '../../src/server/http';
import { call, type Handler, signIn, webhookSignature } from '../helpers';
import { type Caller, callerAccounts, type Expected, matrix, type MatrixRow } from './authorization-matrix';

/**
 * One test per cell of the authorisation matrix (authorization-matrix.ts): the real handler, a
 * real Request, the caller's real session. The routes come from the function files' own route
 * tables (as in fuzz.test.ts), and a route without a row fails the first test.
 */

type FunctionModule = { default: Handler & { definitions?: Routes }; config: { schedule?: string } };
// A scheduled function (the mail sender) has no URL, so no route to call.
const modules = Object.fromEntries(
  Object.entries(import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true })).filter(([, mod]) => !mod.config.schedule),
);

const declared = Object.entries(modules).flatMap(([file, mod]) => {
  const definitions = mod.default.definitions;
  if (!definitions) throw new Error(`${file} does not export a createHandler() handler`);
  return Object.keys(definitions).map((route) => ({ route, file, handler: mod.default }));
});
const handlerOf = new Map(declared.map((d) => [d.route, d.handler]));

describe('the authorisation matrix', () => {
  it('has exactly one row for every /api route any function file declares', () => {
    const rows = matrix.map((r) => r.route);
    const missing = declared.filter((d) => !rows.includes(d.route)).map((d) => `${d.route} (${d.file})`);
    expect(missing, 'routes without a row in tests/integration/authorization-matrix.ts').toEqual([]);
    expect(
      rows.filter((r) => !handlerOf.has(r)),
      'rows for routes no function declares',
    ).toEqual([]);
    expect(rows.length, 'duplicate rows').toBe(new Set(rows).size);
    expect(declared.length).toBeGreaterThanOrEqual(40);
  });

  it('gives every row a cell for every role (and the owner where rows are owned)', () => {
    for (const row of matrix) {
      expect(Object.keys(row.expect), row.route).toEqual(expect.arrayContaining(['anonymous', 'individual', 'company_admin', 'admin', 'superuser']));
      // A row someone owns (a note, a conversation): the owner's cell too.
      if (/ \/api\/(video-notes|chat\/conversations)\/:id/.test(row.route)) expect(row.expect.owner, `${row.route} needs an owner cell`).toBe('2xx');
    }
  });
});

const sessions = new Map<string, string>();
let ip = 0;
const nextIp = () => `198.18.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

async function cookieFor(caller: Caller, fresh: boolean): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const email = callerAccounts[caller];
  if (fresh || !sessions.has(email)) {
    const cookie = await signIn(email, 'demo1234', nextIp());
    if (fresh) return cookie;
    sessions.set(email, cookie);
  }
  return sessions.get(email);
}

function matches(status: number, expected: Expected): boolean {
  if (expected === '2xx') return status >= 200 && status < 300;
  if (expected === '3xx') return status >= 300 && status < 400;
  return status === expected;
}

const cells = matrix.flatMap((row) => (Object.entries(row.expect) as [Caller, Expected][]).map(([caller, expected]) => ({ row, caller, expected })));

describe.each(matrix.map((row) => [row.route, row] as const))('%s', (_route, row: MatrixRow) => {
  const rowCells = cells.filter((c) => c.row === row);
  it.each(rowCells.map((c) => [c.caller, c.expected] as const))('as %s → %s', async (caller, expected) => {
    const handler = handlerOf.get(row.route);
    expect(handler, `${row.route} is declared by a function file`).toBeDefined();
    const [method] = row.route.split(' ') as [string, string];
    const path = typeof row.path === 'string' ? row.path : await row.path();
    const body = typeof row.body === 'function' ? (row.body as () => unknown)() : row.body;
    const cookie = await cookieFor(caller, row.replacesSession === true);
    // The route as it is, then with each of its query strings (the paging parameters).
    for (const url of [path, ...(row.queries ?? []).map((query) => `${path}${query}`)]) {
      const headers = row.signedBy ? await webhookSignature(row.signedBy, JSON.stringify(body)) : undefined;
      const result = await call(handler!, url, { method, cookie, json: body, headers, ip: nextIp() });
      expect(matches(result.status, expected), `${method} ${url} as ${caller}: ${result.status} ${result.text.slice(0, 200)}`).toBe(true);
      if (expected === 401) expect(result.body).toMatchObject({ error: 'Unauthorized' });
      if (expected === 403) expect((result.body as { error: string }).error).toBe('Du har ikke tilgang til dette.');
    }
  });
});

it('covers every cell (sanity: roles × routes)', () => {
  expect(cells.length).toBeGreaterThanOrEqual(matrix.length * 5);
});
