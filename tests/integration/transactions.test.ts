import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../db/catalogue';
import { atomically } from '../../db/client';
import { courses, lessons, modules, sessions } from '../../db/schema';
import { seedDatabase, seedId } from '../../db/seed';
import type { CatalogueCourse } from '../../src/schemas/catalogue';
import { acquireAppDb, appDriver } from '../../src/server/platform/db';
import { NotFoundError } from '../../src/server/platform/errors';
import auth from '../../netlify/functions/auth';
import { call, signIn } from '../helpers';

/**
 * Several statements run as one (`atomically`, db/client.ts): a failure half-way leaves
 * nothing behind. This file runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL
 * through node-postgres (tests/neon covers the Neon driver).
 */

const db = async () => (await acquireAppDb()).db;
const count = async (query: ReturnType<typeof sql>) => ((await (await db()).execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;

/** A course the seed has never seen, whose last lesson the database refuses (integer out of range). */
function catalogueFailingHalfWay(): CatalogueCourse[] {
  const catalogue = structuredClone(loadCatalogue());
  const first = catalogue[0]!;
  first.description = 'Endret beskrivelse som aldri skal lagres.';
  const fresh: CatalogueCourse = { ...structuredClone(first), id: 'testkurs-avbrutt', title: 'Avbrutt testkurs', order: 99 };
  const lastModule = fresh.modules.at(-1)!;
  lastModule.lessons.at(-1)!.estimatedMinutes = 2 ** 40;
  return [...catalogue, fresh];
}

describe(`transactions (${appDriver()})`, () => {
  it('commit every statement of the work together', async () => {
    const d = await db();
    await atomically(d, async (tx) => {
      await tx.update(courses).set({ duration: '7 timer og 7 minutter' }).where(eq(courses.id, 'grunnleggende-ki'));
      await tx
        .update(modules)
        .set({ description: 'Ny modulbeskrivelse' })
        .where(eq(modules.id, seedId('module:grunnleggende-ki:0')));
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM courses WHERE duration = '7 timer og 7 minutter'`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM modules WHERE description = 'Ny modulbeskrivelse'`)).toBe(1);
  });

  it('roll back every statement when the work fails half-way, and rethrow the error', async () => {
    const d = await db();
    const before = await count(sql`SELECT count(*)::int AS n FROM sessions`);
    const failure = atomically(d, async (tx) => {
      await tx.update(courses).set({ title: 'Halvveis' }).where(eq(courses.id, 'ki-for-kontoret'));
      await tx.insert(sessions).values({ id: 'halvveis', secretHash: '00', userId: seedId('user:ny@demo.no'), expiresAt: new Date() });
      throw new NotFoundError('Fant ikke kurset');
    });
    await expect(failure).rejects.toBeInstanceOf(NotFoundError);
    expect(await count(sql`SELECT count(*)::int AS n FROM courses WHERE title = 'Halvveis'`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM sessions`)).toBe(before);
  });

  it('roll back a nested piece of work alone (a savepoint)', async () => {
    const d = await db();
    await atomically(d, async (tx) => {
      await tx.update(courses).set({ level: 'Ytre nivå' }).where(eq(courses.id, 'ki-markedsforing'));
      await expect(
        atomically(tx, async (inner) => {
          await inner.update(courses).set({ level: 'Indre nivå' }).where(eq(courses.id, 'ki-automatisering'));
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    const levels = await d.select({ id: courses.id, level: courses.level }).from(courses);
    const byId = Object.fromEntries(levels.map((c) => [c.id, c.level]));
    expect(byId['ki-markedsforing']).toBe('Ytre nivå');
    expect(byId['ki-automatisering']).not.toBe('Indre nivå');
  });
});

describe('the seed', () => {
  it('leaves nothing behind when it fails half-way (courses and modules written, a lesson refused)', async () => {
    const d = await db();
    const snapshot = async () =>
      count(sql`SELECT (SELECT count(*) FROM courses) * 1000000 + (SELECT count(*) FROM modules) * 1000 + (SELECT count(*) FROM lessons)::int AS n`);
    const before = await snapshot();
    const description = (await d.select({ d: courses.description }).from(courses).where(eq(courses.id, 'grunnleggende-ki')))[0]?.d;

    await expect(seedDatabase(d, { demoData: true, catalogue: catalogueFailingHalfWay() })).rejects.toThrow();

    expect(await count(sql`SELECT count(*)::int AS n FROM courses WHERE id = 'testkurs-avbrutt'`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM modules WHERE course_id = 'testkurs-avbrutt'`)).toBe(0);
    const [kept] = await d.select({ d: courses.description }).from(courses).where(eq(courses.id, 'grunnleggende-ki'));
    expect(kept?.d).toBe(description);
    expect(await snapshot()).toBe(before);
    // The same catalogue without the bad lesson goes in whole.
    const fixed = catalogueFailingHalfWay();
    fixed.at(-1)!.modules.at(-1)!.lessons.at(-1)!.estimatedMinutes = 10;
    await seedDatabase(d, { demoData: true, catalogue: fixed });
    expect(
      await count(sql`SELECT count(*)::int AS n FROM lessons l JOIN modules m ON m.id = l.module_id WHERE m.course_id = 'testkurs-avbrutt'`),
    ).toBe(fixed.at(-1)!.lessonCount);
    expect(
      (
        await d
          .select({ id: lessons.id })
          .from(lessons)
          .where(eq(lessons.id, seedId('lesson:testkurs-avbrutt:0:0')))
      ).length,
    ).toBe(1);
  });
});

describe('signing in over an existing session', () => {
  const sessionOnly = (cookie: string) =>
    cookie
      .split('; ')
      .filter((c) => c.startsWith('session='))
      .join('; ');

  it('ends the old session together with creating the new one; a failed attempt keeps it', async () => {
    const old = sessionOnly(await signIn('elev@demo.no'));
    const failed = await call(auth, '/api/auth/login', { cookie: old, json: { email: 'ny@demo.no', password: 'feil-passord' } });
    expect(failed.status).toBe(401);
    expect((await call(auth, '/api/auth/user', { cookie: old })).status).toBe(200);

    const again = await call(auth, '/api/auth/login', { cookie: old, json: { email: 'ny@demo.no', password: 'demo1234' } });
    expect(again.status).toBe(200);
    expect((await call(auth, '/api/auth/user', { cookie: old })).status).toBe(401);
  });
});
