import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadCatalogue } from '../../db/catalogue';
import { acquireDb, openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedDatabase } from '../../db/seed';
import auth from '../../netlify/functions/auth';
import health from '../../netlify/functions/health';
import { appDatabaseOptions, appDriver } from '../../src/server/platform/db';
import { call, cookieHeader } from '../helpers';
import { databaseUrl } from '../setup/pg-url';

/**
 * The production driver path: Neon's serverless driver (WebSocket Pool) against the
 * local PostgreSQL server through the WebSocket-to-TCP proxy that tests/setup/database.ts
 * starts. This file's database is a clone of the seeded template.
 */

describe('Neon serverless driver', () => {
  it('is the driver the app runs on in this project', () => {
    expect(appDriver()).toBe('neon');
  });

  const emptyName = `${inject('pgTemplateDatabase').replace(/_tpl$/, '')}_empty`;
  const adminUrl = inject('pgAdminUrl');
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${emptyName}" WITH (FORCE)`);
    await admin.end();
  });

  it('migrates and seeds an empty database with its own migrator', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${emptyName}"`);
    await admin.end();
    const database = await openDatabase({ url: databaseUrl(adminUrl, emptyName), driver: 'neon' });
    try {
      await migrateDatabase(database);
      await seedDatabase(database.db, { demoData: true });
      const count = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
      expect(await count(sql`SELECT count(*)::int AS n FROM lessons`)).toBe(164);
      // Transactions go through the WebSocket Pool too.
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE courses SET title = 'midlertidig'`);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await count(sql`SELECT count(*)::int AS n FROM courses WHERE title = 'midlertidig'`)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('runs the seed in one transaction: a failure half-way leaves nothing behind', async () => {
    const { db, release } = await acquireDb(appDatabaseOptions());
    try {
      const catalogue = structuredClone(loadCatalogue());
      const fresh = { ...structuredClone(catalogue[0]!), id: 'testkurs-avbrutt', order: 99 };
      fresh.modules.at(-1)!.lessons.at(-1)!.estimatedMinutes = 2 ** 40; // out of range for integer: refused
      await expect(seedDatabase(db, { demoData: false, catalogue: [...catalogue, fresh] })).rejects.toThrow();
      const count = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
      expect(await count(sql`SELECT count(*)::int AS n FROM courses WHERE id = 'testkurs-avbrutt'`)).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM modules WHERE course_id = 'testkurs-avbrutt'`)).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM lessons`)).toBe(164);
    } finally {
      await release();
    }
  });

  it('gives every request its own Pool and ends it on release', async () => {
    const first = await acquireDb(appDatabaseOptions());
    const second = await acquireDb(appDatabaseOptions());
    expect(first.db).not.toBe(second.db);
    await first.db.execute(sql`SELECT 1`);
    await first.release();
    await second.release();
    await expect(first.db.execute(sql`SELECT 1`)).rejects.toThrow();
  });

  it('serves health, sign-in, the current user and sign-out through the handlers', async () => {
    expect((await call(health, '/api/health')).body).toEqual({ ok: true, db: 'up' });
    const login = await call(auth, '/api/auth/login', { json: { email: 'bedrift@demo.no', password: 'demo1234' } });
    expect(login.status).toBe(200);
    const cookie = cookieHeader(login);
    expect((await call(auth, '/api/auth/user', { cookie })).body).toMatchObject({ role: 'company_admin' });
    expect((await call(auth, '/api/logout', { cookie, headers: { 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(302);
    expect((await call(auth, '/api/auth/user', { cookie })).status).toBe(401);
  });
});
