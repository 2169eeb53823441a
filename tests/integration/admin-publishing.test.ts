import { createServer, type IncomingMessage, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentAuditLog, modules } from '../../db/schema';
import { seedModuleId } from '../../db/seed-ids';
import type { PublishingOutcome, PublishingState, RenameResult } from '../../src/schemas/admin';
import type { AdminAuditPage } from '../../src/schemas/audit';
import { allowConsoleErrors, call, signIn } from '../helpers';

/**
 * Issue 29, point 8 (decision 38): after a rename of a field the prerendered pages read, the admin
 * learns what became of the rebuild request to NETLIFY_BUILD_HOOK_URL, 'Prøv igjen' asks again,
 * and each request made is in the content audit. The build hook is a local HTTP server this file
 * starts, answering 2xx or 500 as a test tells it; the app's settings point at it before any app
 * module is loaded. Without a hook (every other integration file) see admin-content.test.ts.
 */

let status = 200;
const received: { method: string; title: string | null }[] = [];
const server: Server = createServer((request: IncomingMessage, response) => {
  request.resume();
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    received.push({ method: request.method ?? '', title: url.searchParams.get('trigger_title') });
    response.statusCode = status;
    response.end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
if (!address || typeof address === 'string') throw new Error('no port');
process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${address.port}/build_hooks/test-hook-id`;

const { default: admin } = await import('../../netlify/functions/admin');
const { acquireAppDb } = await import('../../src/server/platform/db');
const { db } = await acquireAppDb();

const COURSE = 'grunnleggende-ki';
const MODULE = seedModuleId(COURSE, 0);
let adminCookie: string;
let superCookie: string;

beforeAll(async () => {
  adminCookie = await signIn('admin@demo.no');
  superCookie = await signIn('superbruker@demo.no');
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  status = 200;
  received.length = 0;
});

const asAdmin = (path: string, method = 'GET', json?: unknown) => call(admin, path, { method, json, cookie: adminCookie });
const rebuildEntries = () =>
  db
    .select()
    .from(contentAuditLog)
    .where(and(eq(contentAuditLog.action, 'site.rebuild'), eq(contentAuditLog.targetType, 'site')))
    .orderBy(contentAuditLog.createdAt);

describe('a rename asks for a rebuild and says what became of it', () => {
  it('requested: the hook is POSTed with a deploy title naming the edit; the request is audited and reported', async () => {
    const result = await asAdmin(`/api/admin/courses/${COURSE}/name`, 'PUT', { name: 'KI Grunnkurs publisert' });
    expect(result.status).toBe(200);
    const body = result.body as RenameResult;
    expect(body).toMatchObject({ id: COURSE, title: 'KI Grunnkurs publisert', publishing: { status: 'requested' } });
    expect(Math.abs(Date.parse(body.publishing.at) - Date.now())).toBeLessThan(60_000);
    expect(received).toEqual([{ method: 'POST', title: 'Kursnavn endret i admin: «KI Grunnkurs publisert»' }]);

    const entries = await rebuildEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      targetId: 'netlify',
      before: null,
      after: { result: 'requested', reason: 'Kursnavn endret i admin: «KI Grunnkurs publisert»' },
    });
    expect(entries[0]!.createdAt.toISOString()).toBe(body.publishing.at);

    const state = await asAdmin('/api/admin/publishing');
    expect(state.status).toBe(200);
    expect(state.body).toEqual({ hookConfigured: true, last: { status: 'requested', at: body.publishing.at } } satisfies PublishingState);
  });

  it("failed: the rename is saved all the same, the failure is audited and reported, and 'Prøv igjen' asks again under the same title", async () => {
    allowConsoleErrors();
    status = 500;
    const result = await asAdmin(`/api/admin/modules/${MODULE}/name`, 'PUT', { name: 'Introduksjon, publisert' });
    expect(result.status).toBe(200);
    const body = result.body as RenameResult;
    expect(body.publishing.status).toBe('failed');
    const [row] = await db.select({ title: modules.title }).from(modules).where(eq(modules.id, MODULE));
    expect(row?.title).toBe('Introduksjon, publisert');
    expect((await asAdmin('/api/admin/publishing')).body).toEqual({ hookConfigured: true, last: { status: 'failed', at: body.publishing.at } });

    // The hook is back: asking again succeeds, with the title of the request that failed.
    status = 200;
    received.length = 0;
    const again = await asAdmin('/api/admin/publishing', 'POST');
    expect(again.status).toBe(200);
    const outcome = again.body as PublishingOutcome;
    expect(outcome.status).toBe('requested');
    expect(received).toEqual([{ method: 'POST', title: 'Modulnavn endret i admin: «Introduksjon, publisert»' }]);
    expect((await asAdmin('/api/admin/publishing')).body).toEqual({ hookConfigured: true, last: { status: 'requested', at: outcome.at } });

    const results = (await rebuildEntries()).map((e) => (e.after as { result: string }).result);
    expect(results.slice(-2)).toEqual(['failed', 'requested']);
  });

  it('is in the superuser’s change timeline as a request to rebuild the site', async () => {
    const page = (await call(admin, '/api/admin/audit?limit=20', { cookie: superCookie })).body as AdminAuditPage;
    const entry = page.entries.find((e) => e.action === 'site.rebuild');
    expect(entry).toMatchObject({
      source: 'content',
      target: { type: 'site', id: 'netlify', label: null, course: null },
      actor: { email: 'admin@demo.no' },
      before: null,
      after: { result: 'requested' },
    });
  });

  it('a learner may neither read the state nor ask for a rebuild', async () => {
    const learner = await signIn('ny@demo.no');
    expect((await call(admin, '/api/admin/publishing', { cookie: learner })).status).toBe(403);
    expect((await call(admin, '/api/admin/publishing', { method: 'POST', cookie: learner })).status).toBe(403);
    expect(received).toEqual([]);
  });

  it('a superuser starts a build with ‘Publiser nettsiden nå’ (audited); an admin may not; a failing hook says so', async () => {
    const started = await call(admin, '/api/admin/publishing/build', { method: 'POST', json: {}, cookie: superCookie });
    expect(started.status).toBe(200);
    const outcome = started.body as PublishingOutcome;
    expect(outcome.status).toBe('requested');
    expect(received).toEqual([{ method: 'POST', title: 'Publisering startet av superbruker i admin' }]);
    expect((await call(admin, '/api/admin/publishing', { cookie: superCookie })).body).toEqual({
      hookConfigured: true,
      last: { status: 'requested', at: outcome.at },
    });
    const [entry] = (await rebuildEntries()).slice(-1);
    expect(entry!.after).toEqual({ result: 'requested', reason: 'Publisering startet av superbruker i admin' });

    allowConsoleErrors();
    status = 500;
    const failing = await call(admin, '/api/admin/publishing/build', { method: 'POST', json: {}, cookie: superCookie });
    expect(failing.body).toMatchObject({ status: 'failed' });

    received.length = 0;
    expect((await asAdmin('/api/admin/publishing/build', 'POST', {})).status).toBe(403);
    expect(received).toEqual([]);
  });
});
