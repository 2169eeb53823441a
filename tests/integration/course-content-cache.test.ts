import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, lessons, modules } from '../../db/schema';
import { seedId, seedLessonId, seedModuleId } from '../../db/seed-ids';
import courseContentFunctions from '../../netlify/functions/course-content';
import type { CourseWithContent } from '../../src/schemas/player';
import { cachedCourseStructures } from '../../src/server/learning/course-content.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, callCountingStatements, signIn } from '../helpers';

/**
 * with-content keeps each course's modules and lessons in memory by the course's version (the
 * tuple versions of its module and lesson rows): whatever changes them, and however, the next
 * read has the change, while each learner's own state is read per request.
 */

const db = async () => (await acquireAppDb()).db;
const COURSE = 'grunnleggende-ki';
const PATH = `/api/courses/${COURSE}/with-content`;
const LESSON = seedLessonId(COURSE, 0, 1);
const MODULE = seedModuleId(COURSE, 0);

let elev: string;
let ny: string;
beforeAll(async () => {
  elev = await signIn('elev@demo.no');
  ny = await signIn('ny@demo.no');
});

async function read(cookie: string) {
  const result = await callCountingStatements(courseContentFunctions, PATH, { cookie });
  expect(result.status).toBe(200);
  return { body: result.body as CourseWithContent, statements: result.statements };
}
const lessonIn = (body: CourseWithContent, id: string) => body.modules.flatMap((m) => m.lessons).find((l) => l.id === id);

describe('with-content from the cached course structure', () => {
  it('answers the same from the cache, with each learner’s own progress, in three statements', async () => {
    const first = await read(elev);
    expect(cachedCourseStructures()).toBeGreaterThan(0);
    const second = await read(elev);
    expect(second.body).toEqual(first.body);
    // The session, the course with the version, the caller's progress rows.
    expect(second.statements).toBe(3);

    await (
      await db()
    )
      .insert(lessonProgress)
      .values({ userId: seedId('user:ny@demo.no'), lessonId: LESSON, completed: true, completedAt: new Date() });
    const theirs = await read(ny);
    expect(lessonIn(theirs.body, LESSON)?.completed).toBe(true);
    expect(lessonIn((await read(elev)).body, LESSON)?.completed).toBe(lessonIn(first.body, LESSON)?.completed);
  });

  it('has a change made in SQL, outside the app, in the next read: a title, a new lesson, a removed one, a module', async () => {
    await read(elev);
    const d = await db();
    await d.update(lessons).set({ title: 'Endret i SQL' }).where(eq(lessons.id, LESSON));
    expect(lessonIn((await read(elev)).body, LESSON)?.title).toBe('Endret i SQL');

    // Two updates of the same row in one transaction: the last one is read.
    await d.transaction(async (tx) => {
      await tx.update(lessons).set({ title: 'Første' }).where(eq(lessons.id, LESSON));
      await tx.update(lessons).set({ title: 'Andre' }).where(eq(lessons.id, LESSON));
    });
    expect(lessonIn((await read(elev)).body, LESSON)?.title).toBe('Andre');

    const [added] = await d
      .insert(lessons)
      .values({ moduleId: MODULE, title: 'Ny i SQL', type: 'text', content: { text: 'Hei' }, orderIndex: 99 })
      .returning({ id: lessons.id });
    expect(lessonIn((await read(elev)).body, added!.id)?.title).toBe('Ny i SQL');

    await d.delete(lessons).where(eq(lessons.id, added!.id));
    expect(lessonIn((await read(elev)).body, added!.id)).toBeUndefined();

    await d.update(modules).set({ title: 'Modul endret i SQL' }).where(eq(modules.id, MODULE));
    expect((await read(elev)).body.modules.find((m) => m.module.id === MODULE)?.module.title).toBe('Modul endret i SQL');
  });

  it('never mixes courses: another course is its own entry', async () => {
    const other = await call(courseContentFunctions, '/api/courses/ki-automatisering/with-content', { cookie: elev });
    expect(other.status).toBe(200);
    expect((other.body as CourseWithContent).course.id).toBe('ki-automatisering');
    expect((await read(elev)).body.course.id).toBe(COURSE);
    const [row] = (
      (await (await db()).execute(sql`SELECT count(*)::int AS n FROM modules WHERE course_id = ${COURSE}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect((await read(elev)).body.modules).toHaveLength(row!.n);
  });
});
