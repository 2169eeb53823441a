import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { seedId, seedLessonId } from '../../db/seed-ids';
import { CONSENT } from '../../src/server/checkout/checkout.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { httpMessages, type Routes } from '../../src/server/platform/http';
import { call, type Handler, signIn } from '../helpers';

/**
 * CSRF: every state-changing route refuses a request that does not come from our own
 * origin with 403, before it reads the session, validates anything or touches the
 * database. The routes come from the function files' own route tables (like the fuzz
 * test), so a new endpoint (the admin function's among them) is covered without
 * touching this file. The caller is a signed-in superuser, whom every access rule admits.
 * Webhooks are the one exception (decision 27): a provider's server calls them from outside,
 * so they prove themselves with a signature instead, and the same cross-site requests without
 * one are refused with 401 and change nothing either. The one-click unsubscribe (decision 33) is the
 * other: a mail program's server posts to it, so the signed token in its URL is its proof, and the
 * same requests without one are refused with 401 and change nothing.
 */

type FunctionModule = { default: Handler & { definitions?: Routes } };
const modules = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true });

const allMutating = Object.values(modules).flatMap((mod) =>
  Object.entries(mod.default.definitions ?? {})
    .filter(([key]) => !key.startsWith('GET '))
    .map(([key, definition]) => ({ key, handler: mod.default, definition })),
);
const mutating = allMutating.filter((r) => !r.definition.webhook && !r.definition.signedLink);
const webhooks = allMutating.filter((r) => r.definition.webhook);
const signedLinks = allMutating.filter((r) => r.definition.signedLink);

const elevNote = seedId(`note:${seedId('user:elev@demo.no')}:0`);
const someId = '00000000-0000-4000-8000-000000000001';

/** A concrete URL for a route: seeded ids where they exist, so a request that got through would do real work. */
function urlFor(key: string): string {
  const path = key.split(' ')[1]!;
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'question') return '1';
    if (path.startsWith('/api/video-notes')) return elevNote;
    if (path.startsWith('/api/lessons')) return seedLessonId('grunnleggende-ki', 0, 0);
    if (name === 'courseId') return 'grunnleggende-ki';
    return someId;
  });
}

/** Values for the body fields of every route; each route gets the first value its schema accepts. */
const pool: Record<string, unknown[]> = {
  email: ['superbruker@demo.no'],
  password: ['demo1234'],
  firstName: ['Kari'],
  lastName: ['Nordmann'],
  courseId: ['ki-for-kontoret'],
  lessonId: [seedLessonId('grunnleggende-ki', 0, 0)],
  timestamp: [5],
  noteText: ['Fra en annen side'],
  answer: ['Fra en annen side'],
  content: ['Hei', { html: '<p>Overtatt</p>' }, { text: 'Overtatt' }],
  completed: [true],
  positionSeconds: [10],
  title: ['Overtatt'],
  name: ['Overtatt'],
  description: ['Overtatt'],
  isActive: [false],
  role: ['individual'],
  direction: ['up'],
  lessonType: ['html'],
  videoUrl: [null],
  url: ['/media/video.mp4'],
  durationSeconds: [60],
  orderIndex: [1],
  // The checkout and refunds (issue 22).
  productId: ['course:ki-for-kontoret'],
  provider: ['test'],
  couponCode: ['OVERTATT'],
  consent: [{ accepted: true, version: CONSENT.version }],
  idempotencyKey: ['00000000-0000-4000-8000-000000000002'],
  amountOre: [100],
  reason: ['Overtatt'],
  // The account (issue 23) and company packages (issue 24).
  token: ['a'.repeat(43)],
  newEmail: ['overtatt@example.no'],
  currentPassword: ['demo1234'],
  newPassword: ['et overtatt passord'],
  reminders: [false],
  orgNumber: ['974760673'],
  invoiceEmail: ['faktura@example.no'],
  invoiceAddress: ['Overtatt vei 1'],
  emails: [['overtatt@example.no']],
  text: ['overtatt@example.no'],
  userId: ['00000000-0000-4000-8000-000000000003'],
  // The contact form (issue 29).
  message: ['En melding fra en annen side'],
  // What an account without a password confirms by mail.
  action: ['delete'],
  // Coupons and access by hand in /admin.
  code: ['OVERTATT'],
  kind: ['percent'],
  percentOff: [10],
  active: [false],
};

/** A body the route accepts: were the origin check missing, the request would do real work. */
function bodyFor(definition: Routes[keyof Routes]): Record<string, unknown> | undefined {
  const shape = (definition.body as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  if (!shape) return undefined;
  const entries = Object.entries(shape).flatMap(([name, schema]) => {
    const value = (pool[name] ?? []).find((v) => schema.safeParse(v).success);
    return value === undefined && !(pool[name] ?? []).includes(value) ? [] : [[name, value] as const];
  });
  return Object.fromEntries(entries);
}

const attacks: [string, Record<string, string>][] = [
  ['a cross-site request (Sec-Fetch-Site: cross-site)', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
  ['a sibling subdomain (Sec-Fetch-Site: same-site)', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://evil.localhost:4321' }],
  ['a foreign Origin without fetch metadata (an older browser)', { Origin: 'https://evil.example' }],
  ['Origin: null (a sandboxed frame or a data: URL)', { Origin: 'null' }],
  ['Sec-Fetch-Site: none with a foreign Origin', { 'Sec-Fetch-Site': 'none', Origin: 'https://evil.example' }],
];

/** Every row of every table, as one fingerprint per table: nothing may change during the refusals. */
async function snapshot(): Promise<Record<string, string>> {
  const { db } = await acquireAppDb();
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = (await db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
    )) as unknown as { rows: { n: number; digest: string }[] };
    result[name] = `${rows[0]!.n}:${rows[0]!.digest}`;
  }
  return result;
}

let superuser = '';
let elev = '';
beforeAll(async () => {
  superuser = await signIn('superbruker@demo.no', 'demo1234', '192.0.2.201');
  // The owner of the seeded note the video-note routes aim at.
  elev = await signIn('elev@demo.no', 'demo1234', '192.0.2.202');
});

describe('CSRF: every mutating route refuses requests from other sites', () => {
  it('finds the mutating routes of every function file', () => {
    expect(mutating.map((r) => r.key)).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'POST /api/enrollments', 'PUT /api/video-notes/:id', 'DELETE /api/chat/conversations/:id']),
    );
    expect(mutating.length).toBeGreaterThanOrEqual(12);
  });

  it('sends each a body its schema accepts (else a refusal could be a validation error in disguise)', () => {
    for (const { key, definition } of mutating) {
      if (!definition.body) continue;
      const result = definition.body.safeParse(bodyFor(definition));
      expect(result.success, `${key}: add a valid value for ${JSON.stringify(result.error?.issues.map((i) => i.path.join('.')))} to the pool`).toBe(
        true,
      );
    }
  });

  it('answers 403 to each, signed in (superuser and learner), and nothing in the database changes', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const { key, handler, definition } of mutating) {
      const method = key.split(' ')[0]!;
      const body = definition.body ? JSON.stringify(bodyFor(definition)) : undefined;
      for (const [what, headers, cookie] of [...attacks, ['no Origin and no fetch metadata', {}] as [string, Record<string, string>]].flatMap(
        ([w, h]) => [[`${w} as superuser`, h, superuser] as const, [`${w} as learner`, h, elev] as const],
      )) {
        const result = await call(handler, urlFor(key), {
          method,
          body,
          cookie,
          crossSite: true,
          headers: { 'Content-Type': 'application/json', ...headers },
        });
        const refused =
          result.status === 403 &&
          JSON.stringify(result.body) === JSON.stringify({ error: httpMessages.crossSite }) &&
          // Refused before the session is read: no renewed or cleared cookie either.
          result.setCookies.length === 0 &&
          result.headers.get('Content-Security-Policy') !== null;
        if (!refused) failures.push(`${key} with ${what}: ${result.status} ${result.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('webhooks are outside the check but refuse the same requests without a signature: 401, nothing changes', async () => {
    expect(webhooks.map((r) => r.key)).toEqual(['POST /api/webhooks/vipps', 'POST /api/webhooks/stripe', 'POST /api/webhooks/test-payments']);
    const before = await snapshot();
    const failures: string[] = [];
    for (const { key, handler } of webhooks) {
      const body = JSON.stringify({ id: 'evt_csrf', type: 'payment.captured' });
      for (const [what, headers] of attacks) {
        const result = await call(handler, urlFor(key), {
          body,
          cookie: superuser,
          crossSite: true,
          headers: { 'Content-Type': 'application/json', ...headers },
        });
        const refused =
          result.status === 401 &&
          JSON.stringify(result.body) === JSON.stringify({ error: httpMessages.badSignature }) &&
          result.setCookies.length === 0;
        if (!refused) failures.push(`${key} with ${what}: ${result.status} ${result.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('signed links (the one-click unsubscribe) are outside the check but refuse the same requests without a valid token: 401, nothing changes', async () => {
    expect(signedLinks.map((r) => r.key)).toEqual(['POST /api/reminders/unsubscribe']);
    const before = await snapshot();
    const failures: string[] = [];
    const elevId = seedId('user:elev@demo.no');
    for (const { key, handler } of signedLinks) {
      for (const token of ['', 'a'.repeat(43), `${elevId}.${'A'.repeat(43)}`]) {
        for (const [what, headers] of attacks) {
          const result = await call(handler, `${urlFor(key)}?token=${encodeURIComponent(token)}`, {
            body: 'List-Unsubscribe=One-Click',
            cookie: elev,
            crossSite: true,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
          });
          const refused =
            result.status === 401 &&
            JSON.stringify(result.body) === JSON.stringify({ error: httpMessages.badLink }) &&
            result.setCookies.length === 0;
          if (!refused) failures.push(`${key} (token ${token.slice(0, 8)}…) with ${what}: ${result.status} ${result.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a same-origin request gets past the check (the test above is not vacuous)', async () => {
    const enrollments = mutating.find((r) => r.key === 'POST /api/enrollments')!;
    const notes = mutating.find((r) => r.key === 'DELETE /api/video-notes/:id')!;
    const enrolled = await call(enrollments.handler, '/api/enrollments', {
      cookie: superuser,
      json: { courseId: 'ki-for-kontoret' },
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    // Past the check: a paid course is a 402 from the handler (decision 26), not the pipeline's 403.
    expect([200, 201, 402]).toContain(enrolled.status);
    const deleted = await call(notes.handler, `/api/video-notes/${elevNote}`, {
      method: 'DELETE',
      cookie: elev,
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(deleted.status).toBe(200);
    // The same deletion from another site, now for an existing note of the caller's, was refused above.
  });
});
