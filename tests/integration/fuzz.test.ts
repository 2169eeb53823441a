import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { atomically } from '../../db/client';
import { companies, companyInvitations, companyMemberships, users } from '../../db/schema';
import { demoCompany } from '../../db/seed';
import { seedId } from '../../db/seed-ids';
import { auditCursor } from '../../src/server/admin/audit-timeline.service';
import { addMembership } from '../../src/server/company/memberships';
import { acquireAppDb } from '../../src/server/platform/db';
import { NO_PASSWORD } from '../../src/server/auth/password';
import { conversationCursor, messageCursor } from '../../src/server/chat/conversations.service';
import { env } from '../../src/server/platform/env';
import { noteCursor } from '../../src/server/notes/notes.service';
import type { Routes } from '../../src/server/platform/http';
import { type CallResult, call, type Handler, signIn, webhookSignature } from '../helpers';

/**
 * Fuzzes every API route with fast-check: arbitrary params, query strings and bodies
 * (random JSON, and objects with the route's own field names holding hostile values),
 * as anonymous callers and as a superuser who passes every access rule. The company
 * routes (a `:companyId` in the path, or a `companyId` in the body: the seat checkout)
 * are fuzzed as the manager of the demo company (bedrift@demo.no) too, who passes
 * `requireManager`, with real ids mostly: that company's with its seats, people and an
 * invitation, and another company's it does not manage with its manager and an invitation
 * (ids of one company under the other's too). Whatever comes in, the answer is never a
 * 5xx, and neither the response nor the log shows a stack trace or SQL. The routes come
 * from the function files' own route tables, so a new endpoint is fuzzed without
 * touching this file.
 */

// `npm test` (and CI): 300 cases per route with a fixed seed, so a run is repeatable.
// `npm run fuzz` (scripts/fuzz.ts): 3000 per route with a random seed, printed first;
// FUZZ_SEED=<seed> FUZZ_RUNS=<runs> replays a run (fast-check prints seed and path of a failure).
const SEED = env.FUZZ_SEED ?? 20_261_123;
const RUNS = env.FUZZ_RUNS;

type FunctionModule = { default: Handler & { definitions?: Routes }; config: { schedule?: string } };
// Every function with a URL; a scheduled one (the mail sender) has none to send requests to.
const everyFunction = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true });
const modules = Object.fromEntries(Object.entries(everyFunction).filter(([, mod]) => !mod.config.schedule));
/** The scheduled functions (the mail sender, the order sweeper): no URL, so nothing to fuzz. */
const scheduled = Object.keys(everyFunction)
  .filter((file) => everyFunction[file]!.config.schedule)
  .map((file) => file.replace('../../netlify/functions/', ''));

const routes = Object.entries(modules).flatMap(([file, mod]) => {
  const definitions = mod.default.definitions;
  if (!definitions) throw new Error(`${file} does not export a createHandler() handler`);
  return Object.entries(definitions).map(([key, definition]) => ({ key, handler: mod.default, definition }));
});

// --- companies: one the fuzzing manager manages, one it does not (made in beforeAll) ---

const MANAGER = 'bedrift@demo.no';
const managedCompany = demoCompany.id;
const otherCompany = seedId('company:fuzz-andre');
const otherManager = seedId('user:fuzz-andre-leder');
/** Real ids per parameter of the company routes: the two companies and their seats, people and invitations. */
const knownIds: Record<string, string[]> = {
  companyId: [managedCompany, otherCompany],
  seatId: [seedId('seat:fjordtech:ansatt@demo.no'), seedId('seat:fjordtech:ansatt2@demo.no')],
  userId: [seedId(`user:${MANAGER}`), seedId('user:ansatt@demo.no'), seedId('user:ansatt2@demo.no'), otherManager],
  id: [seedId('invitation:fuzz-fjordtech'), seedId('invitation:fuzz-andre')],
};
const isCompanyRoute = (key: string) =>
  key.includes(' /api/companies/:companyId') || key === 'POST /api/checkout/orders' || key === 'POST /api/company-trials';

// --- values -------------------------------------------------------------------

const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  '\r\n',
  '\t',
  '\uFEFF',
  '\u202E',
  '\uD800',
  'a'.repeat(5000),
  '../../etc/passwd',
  "' OR 1=1 --",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '%00',
  '%',
  '{{7*7}}',
  '${process.env}',
  'grunnleggende-ki',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
);

const scalar = fc.oneof(
  hostileStrings,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.uuid(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.boolean(),
  fc.constant(null),
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);

/** The fields of an object schema (zod 4 keeps them in `shape`). */
function fields(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
}

/**
 * Plausible values: each field draws mostly from those its own schema accepts, so
 * most cases get past validation with one hostile field among valid ones, and reach
 * the services and the database.
 */
const candidates = [
  'Kari',
  'Nordmann',
  'kari.nordmann@example.no',
  'elev@demo.no',
  'demo1234',
  'et langt passord',
  'grunnleggende-ki',
  '/kurs/grunnleggende-ki',
  '00000000-0000-4000-8000-000000000000',
  'En vanlig tekst med æøå.',
  '1',
  '100',
  'true',
  // Well-formed paging cursors (decision 23), so their routes also get spoiled and foreign ones.
  noteCursor.encode([12, '2026-01-01T00:00:00.123456Z', '00000000-0000-4000-8000-000000000000']),
  conversationCursor.encode(['2026-01-01T00:00:00.123456Z', '2026-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000']),
  messageCursor.encode(['9999-12-31T23:59:59.999999Z', '00000000-0000-4000-8000-000000000000']),
  auditCursor.encode(['2026-01-01T00:00:00.123456Z', '00000000-0000-4000-8000-000000000000']),
  // The companies (a body's `companyId`: the seat checkout for one the caller manages, or not) and
  // the package on invoice. People's ids only on the company routes (`shaped(…, extra)`): on the
  // superuser's routes they would deactivate the fuzzing manager.
  managedCompany,
  otherCompany,
  'package:nettbasert-pakke',
  'invoice',
];
const insertions = ['\u0000', '\u001b', '\u007f', '\n', '\uD800', "'", '%00', '\u202E', 'a'.repeat(300)];

function field(schema: z.ZodType | undefined, extra: string[] = []): fc.Arbitrary<unknown> {
  const accepted = schema ? [...candidates, ...extra].filter((c) => schema.safeParse(c).success) : [];
  if (accepted.length === 0) return value;
  const plausible = fc.constantFrom(...accepted);
  const spoiled = fc
    .tuple(plausible, fc.constantFrom(...insertions), fc.nat())
    .map(([text, bad, at]) => text.slice(0, at % (text.length + 1)) + bad + text.slice(at % (text.length + 1)));
  return fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 3, arbitrary: spoiled }, { weight: 2, arbitrary: value });
}

/** Objects with the schema's own fields (some left out, plus extra ones) holding plausible or hostile values. */
function shaped(schema: z.ZodType | undefined, extra: string[] = []): fc.Arbitrary<Record<string, unknown>> {
  const own = Object.entries(fields(schema)).map(([name, s]) => [name, field(s, extra)] as const);
  const record = Object.fromEntries([...own, ['extra', value] as const, ['__proto__', value] as const]);
  const required = own.map(([name]) => name);
  return fc.oneof(
    { weight: 3, arbitrary: fc.record(Object.fromEntries(own), { requiredKeys: required }) },
    { weight: 2, arbitrary: fc.record(record, { requiredKeys: [] }) },
  );
}

function encodeSegment(raw: string): string {
  try {
    return encodeURIComponent(raw);
  } catch {
    return '%ZZ'; // a lone surrogate: an invalid escape is a fine test too
  }
}

// --- the cases ----------------------------------------------------------------

interface Case {
  anonymous: boolean;
  /** On a company route: as the demo company's manager rather than the superuser. */
  asManager: boolean;
  params: Record<string, string>;
  rawParams: boolean;
  query: [string, string][];
  body: { kind: 'json'; value: unknown } | { kind: 'text'; text: string; type: string } | { kind: 'none' };
  ip: number;
}

function caseFor(route: (typeof routes)[number]): fc.Arbitrary<Case> {
  const [, path] = route.key.split(' ') as [string, string];
  const paramNames = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramSchemas = fields(route.definition.params);
  const queryFields = Object.entries(fields(route.definition.query));
  const text = fc.oneof(hostileStrings, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.uuid());
  const textFor = (schema: z.ZodType | undefined) =>
    fc.oneof({ weight: 3, arbitrary: field(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) }, text);
  // A company route's parameters are mostly real ids (so the cases reach past `requireManager` and the lookups), else anything.
  const paramFor = (name: string) =>
    isCompanyRoute(route.key) && knownIds[name]
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...knownIds[name]) }, { weight: 1, arbitrary: textFor(paramSchemas[name]) })
      : textFor(paramSchemas[name]);
  return fc.record({
    anonymous: fc.boolean(),
    asManager: fc.boolean(),
    params: fc.record(Object.fromEntries(paramNames.map((name) => [name, paramFor(name)]))),
    rawParams: fc.boolean(),
    query: fc.oneof(
      fc.tuple(...queryFields.map(([name, schema]) => fc.tuple(fc.constant(name), textFor(schema)))),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...queryFields.map(([name]) => name), 'x'), fc.string({ maxLength: 6 })), text), {
        maxLength: 3,
      }),
    ),
    body: fc.oneof(
      {
        weight: 6,
        // A company route's body names people of the companies too (a member to make a manager of, or a stranger).
        arbitrary: shaped(route.definition.body, isCompanyRoute(route.key) ? knownIds.userId : []).map((v) => ({ kind: 'json' as const, value: v })),
      },
      { weight: 2, arbitrary: fc.jsonValue().map((v) => ({ kind: 'json' as const, value: v })) },
      { weight: 1, arbitrary: value.map((v) => ({ kind: 'json' as const, value: v })) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('text' as const),
          text: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"a":', '[1,', 'null', '\u0000', '{"__proto__":{"x":1}}')),
          type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    ),
    ip: fc.integer({ min: 1, max: 250 }),
  });
}

const STACK = /\n\s+at \S|\bat \S+ \(.*:\d+:\d+\)|node_modules|\.ts:\d+/;
const SQL = /\b(select\s.+\sfrom|insert into|delete from|update\s+"?\w+"?\s+set|Failed query|params:)/is;

let superuser = '';
let manager = '';
const logged: string[] = [];

const db = async () => (await acquireAppDb()).db;

/** The fuzzing manager manages the demo company again (a case may have removed or demoted them). */
async function keepManager(): Promise<void> {
  await (
    await db()
  )
    .insert(companyMemberships)
    .values({ companyId: managedCompany, userId: seedId(`user:${MANAGER}`), role: 'manager' })
    .onConflictDoUpdate({ target: [companyMemberships.companyId, companyMemberships.userId], set: { role: 'manager' } });
}

beforeAll(async () => {
  superuser = await signIn('superbruker@demo.no', 'demo1234', '192.0.2.250');
  manager = await signIn(MANAGER, 'demo1234', '192.0.2.249');
  // Another company, with a manager of its own and a pending invitation; and one of the demo company.
  const d = await db();
  await d.insert(users).values({
    id: otherManager,
    email: `fuzz-andre-leder-${process.pid}@example.no`,
    passwordHash: NO_PASSWORD,
    firstName: 'Fuzz',
    lastName: 'Leder',
  });
  await d.insert(companies).values({ id: otherCompany, name: 'Fuzz Andre AS', orgNumber: '923609016' });
  await atomically(d, (tx) => addMembership(tx, { companyId: otherCompany, userId: otherManager, role: 'manager', addedBy: null }));
  const expiresAt = new Date(Date.now() + 86_400_000);
  await d.insert(companyInvitations).values([
    { id: knownIds.id![0]!, companyId: managedCompany, email: 'fuzz-invitert@example.no', tokenHash: 'a'.repeat(64), expiresAt },
    { id: knownIds.id![1]!, companyId: otherCompany, email: 'fuzz-invitert@example.no', tokenHash: 'b'.repeat(64), expiresAt },
  ]);
  const [count] = (
    (await d.execute(
      sql`SELECT count(*)::int AS n FROM company_memberships WHERE company_id = ${managedCompany} AND role = 'manager'`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  expect(count!.n).toBeGreaterThan(0);
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe(`fuzzing every route (fast-check seed ${SEED}, ${RUNS} cases each)`, () => {
  it('covers every function file', () => {
    expect(scheduled).toContain('mail-sender.ts');
    const files = readdirSync('netlify/functions').filter((f) => /\.ts$/.test(f) && !f.includes('.test.') && !scheduled.includes(f));
    expect(
      Object.keys(modules)
        .map((m) => m.replace('../../netlify/functions/', ''))
        .sort(),
    ).toEqual(files.sort());
    expect(routes.length).toBeGreaterThanOrEqual(25);
    // The company routes are fuzzed as their manager too, with real ids of a company it manages and one it does not.
    const companyRoutes = routes.map((r) => r.key).filter(isCompanyRoute);
    expect(companyRoutes).toEqual(
      expect.arrayContaining(['GET /api/companies/:companyId', 'DELETE /api/companies/:companyId/seats/:seatId', 'POST /api/checkout/orders']),
    );
    expect(companyRoutes.length).toBeGreaterThanOrEqual(14);
    // Each function contributes its routes (the admin function, once merged, among them).
    for (const [file, mod] of Object.entries(modules)) {
      const keys = Object.keys(mod.default.definitions ?? {});
      expect(keys.length, file).toBeGreaterThan(0);
      for (const key of keys) expect(routes.map((r) => r.key)).toContain(key);
    }
  });

  it.each(routes.map((r) => [r.key, r] as const))(
    '%s: never a 5xx, a stack trace or SQL',
    async (key, route) => {
      console.info(`fuzz ${key}: seed ${SEED}, ${RUNS} runs (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`);
      const spies = (['error', 'warn', 'log'] as const).map((level) =>
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
          logged.push(args.map(String).join(' '));
        }),
      );
      const [method, path] = key.split(' ') as [string, string];
      const companyRoute = isCompanyRoute(key);
      try {
        await fc.assert(
          fc.asyncProperty(caseFor(route), async (c) => {
            const asManager = companyRoute && c.asManager && !c.anonymous;
            if (asManager) await keepManager();
            let url = path.replace(/:(\w+)/g, (_, name: string) => (c.rawParams ? c.params[name]! : encodeSegment(c.params[name]!)));
            if (c.query.length > 0) url += `?${new URLSearchParams(c.query).toString()}`;
            const headers: Record<string, string> = {};
            let body: BodyInit | undefined;
            if (method !== 'GET') {
              if (c.body.kind === 'json') {
                headers['Content-Type'] = 'application/json';
                body = JSON.stringify(c.body.value) ?? 'null';
              } else if (c.body.kind === 'text') {
                if (c.body.type) headers['Content-Type'] = c.body.type;
                body = c.body.text;
              }
              // A webhook: half the cases correctly signed, so they get past the signature to the parser and the handler.
              const { webhook } = route.definition;
              if (webhook && !c.anonymous)
                Object.assign(headers, await webhookSignature(webhook.verifier.provider, (body as string | undefined) ?? ''));
            }
            let result: CallResult;
            try {
              result = await call(route.handler, url.startsWith('/') ? url : `/${url}`, {
                method,
                body,
                headers,
                cookie: c.anonymous ? undefined : asManager ? manager : superuser,
                ip: `10.${c.ip}.0.1`,
              });
            } catch (error) {
              // `new Request` refused the URL itself (the platform answers 400 before us).
              if (error instanceof TypeError && /Invalid URL|URI/.test(error.message)) return;
              throw error;
            }
            // A route that ends the session (sign-out) or replaces it (sign-in): keep a valid one.
            if (!c.anonymous && (result.status === 401 || result.setCookies.some((s) => s.startsWith('session=')))) {
              if (asManager) manager = await signIn(MANAGER, 'demo1234', `192.0.2.${c.ip}`);
              else superuser = await signIn('superbruker@demo.no', 'demo1234', `192.0.2.${c.ip}`);
            }
            expect(result.status, `${method} ${url} → ${result.status} ${result.text.slice(0, 200)}`).toBeLessThan(500);
            expect(result.text).not.toMatch(STACK);
            expect(result.text).not.toMatch(SQL);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      for (const line of logged) {
        expect(line).not.toMatch(STACK);
        expect(line).not.toMatch(SQL);
      }
      expect(logged.filter((line) => !line.startsWith('fuzz '))).toEqual([]);
      logged.length = 0;
    },
    // About 0.1 s per case on the slowest route (sign-out re-signs in); room for a loaded machine.
    60_000 + RUNS * 400,
  );
});
