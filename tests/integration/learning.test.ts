import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../db/catalogue';
import { courses as coursesTable, enrollments, lessonProgress, lessons, modules, taskAnswers, users } from '../../db/schema';
import type { TaskContent } from '../../src/schemas/lesson-content';
import { seedId } from '../../db/seed';
import accountFunctions from '../../netlify/functions/account';
import courseFunctions from '../../netlify/functions/courses';
import enrollmentFunctions from '../../netlify/functions/enrollments';
import lessonFunctions from '../../netlify/functions/lessons';
import type { CatalogueCourse, Course, Enrollment, LearnerProgress, LessonSummary, ModuleWithProgress } from '../../src/schemas/learning';
import { acquireAppDb } from '../../src/server/platform/db';
import { demoAccounts } from '../demo-accounts';
import { call, callCountingStatements, cookieHeader, type Handler, makeCatalogueFree, signIn } from '../helpers';

const db = async () => (await acquireAppDb()).db;
const catalogue = loadCatalogue();
const userId = (email: string) => seedId(`user:${email}`);

let elev: string;
let ny: string;
beforeAll(async () => {
  // About the player's own rules: every course open (entitlements.test.ts covers access).
  await makeCatalogueFree();
  elev = await signIn('elev@demo.no');
  ny = await signIn('ny@demo.no');
});

const anonymousCalls: [Handler, string, 'GET' | 'POST'][] = [
  [courseFunctions, '/api/courses', 'GET'],
  [courseFunctions, '/api/courses/grunnleggende-ki/modules-with-progress', 'GET'],
  [courseFunctions, `/api/modules/${seedId('module:grunnleggende-ki:0')}/lessons`, 'GET'],
  [enrollmentFunctions, '/api/users/me/enrollments', 'GET'],
  [enrollmentFunctions, '/api/enrollments', 'POST'],
];

describe('every learner endpoint', () => {
  it.each(anonymousCalls)('answers anonymous callers 401 Unauthorized (%#: %s %s)', async (handler, path, method) => {
    const result = await call(handler, path, { method, json: method === 'POST' ? { courseId: 'grunnleggende-ki' } : undefined });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ error: 'Unauthorized', message: 'Du må logge inn for å fortsette.' });
  });
});

describe('every signed-in role', () => {
  it.each(demoAccounts)('%s (%s) may call every learner endpoint', async (email) => {
    const cookie = await signIn(email);
    for (const [handler, path, method] of anonymousCalls) {
      const result = await call(handler, path, { method, cookie, json: method === 'POST' ? { courseId: 'grunnleggende-ki' } : undefined });
      expect([200, 201], `${email} ${method} ${path}`).toContain(result.status);
      // Leave the seeded enrollments as the other tests expect them.
      if (result.status === 201) await (await db()).delete(enrollments).where(eq(enrollments.id, (result.body as Enrollment).id));
    }
  });
});

describe('GET /api/courses', () => {
  it('lists every course in catalogue order with id, title, description, duration and level', async () => {
    const result = await call(courseFunctions, '/api/courses', { cookie: ny });
    expect(result.status).toBe(200);
    const list = result.body as Course[];
    expect(list.map((c) => c.id)).toEqual(catalogue.map((c) => c.id));
    expect(list[0]).toEqual({
      id: 'grunnleggende-ki',
      title: 'KI Grunnkurs',
      description: catalogue[0]?.description,
      duration: '6 timer',
      level: 'Nybegynner',
      orderIndex: 1,
      // This file makes every course free (entitlements.test.ts covers prices and purchases).
      priceOre: 0,
      onSale: true,
      access: 'free',
      // The first lesson is every course's preview (decision 26).
      previewLessons: 1,
    });
  });

  it("tells the caller's own access: an enrollment's source, staff for admins", async () => {
    const mine = (await call(courseFunctions, '/api/courses', { cookie: elev })).body as CatalogueCourse[];
    const enrolled = await (
      await db()
    )
      .select({ courseId: enrollments.courseId, source: enrollments.source })
      .from(enrollments)
      .where(eq(enrollments.userId, userId('elev@demo.no')));
    for (const { courseId, source } of enrolled) expect(mine.find((c) => c.id === courseId)?.access, courseId).toBe(source);
    const admin = (await call(courseFunctions, '/api/courses', { cookie: await signIn('admin@demo.no') })).body as CatalogueCourse[];
    expect(new Set(admin.map((c) => c.access))).toEqual(new Set(['staff']));
  });
});

describe('GET /api/users/me/progress', () => {
  /** The figures computed here from the rows, independently of the endpoint's SQL. */
  async function expectedFor(id: string): Promise<LearnerProgress> {
    const d = await db();
    const rows = await d
      .select({
        moduleId: lessons.moduleId,
        type: lessons.type,
        completed: lessonProgress.completed,
        watched: lessonProgress.watchFurthestSeconds,
        studied: lessonProgress.studySeconds,
      })
      .from(lessonProgress)
      .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
      .where(eq(lessonProgress.userId, id));
    const done = rows.filter((r) => r.completed);
    const all = await d.select({ moduleId: lessons.moduleId }).from(lessons);
    const total = (moduleId: string) => all.filter((l) => l.moduleId === moduleId).length;
    const doneModules = new Set(done.map((l) => l.moduleId));
    // A task lesson counts when each of its fields (its own answer field, each question) has an answer.
    const answered = await d
      .select({ lessonId: taskAnswers.lessonId, question: taskAnswers.question, content: lessons.content })
      .from(taskAnswers)
      .innerJoin(lessons, eq(lessons.id, taskAnswers.lessonId))
      .where(and(eq(taskAnswers.userId, id), eq(lessons.type, 'task')));
    const tasks = new Map<string, { fields: number; answers: number }>();
    for (const a of answered) {
      const content = a.content as TaskContent;
      const fields = (content.questions?.length ?? 0) + (content.placeholder === undefined ? 0 : 1);
      const entry = tasks.get(a.lessonId) ?? { fields, answers: 0 };
      if (a.question >= 1 ? a.question <= (content.questions?.length ?? 0) : content.placeholder !== undefined) entry.answers++;
      tasks.set(a.lessonId, entry);
    }
    return {
      completedLessons: done.length,
      completedTasks: [...tasks.values()].filter((t) => t.answers >= t.fields).length,
      minutesStudied: Math.floor(rows.reduce((sum, r) => sum + (r.type === 'video' ? r.watched : r.studied), 0) / 60),
      modulesCompleted: [...doneModules].filter((m) => done.filter((l) => l.moduleId === m).length === total(m)).length,
    };
  }

  it("counts the caller's completed lessons, tasks, minutes and whole modules", async () => {
    const result = await call(enrollmentFunctions, '/api/users/me/progress', { cookie: elev });
    expect(result.status).toBe(200);
    const expected = await expectedFor(userId('elev@demo.no'));
    expect(result.body).toEqual(expected);
    expect(expected.completedLessons).toBeGreaterThan(0);
    expect(expected.modulesCompleted).toBeGreaterThan(0);
  });

  it('is all zeros for a new learner; completing a task lesson moves the lessons, not the answered tasks', async () => {
    const email = `tall-${process.pid}@example.no`;
    const made = await call(accountFunctions, '/api/auth/register', {
      json: { firstName: 'Tor', lastName: 'Tall', email, password: 'et langt passord' },
    });
    expect(made.status).toBe(201);
    const cookie = cookieHeader(made);
    const before = (await call(enrollmentFunctions, '/api/users/me/progress', { cookie })).body as LearnerProgress;
    expect(before).toEqual({ completedLessons: 0, completedTasks: 0, minutesStudied: 0, modulesCompleted: 0 });
    const [task] = await (await db()).select({ id: lessons.id }).from(lessons).where(eq(lessons.type, 'task')).limit(1);
    const completed = await call(lessonFunctions, `/api/lessons/${task!.id}/progress`, { cookie, json: { completed: true } });
    expect(completed.status).toBe(200);
    const after = (await call(enrollmentFunctions, '/api/users/me/progress', { cookie })).body as LearnerProgress;
    expect(after.completedTasks).toBe(before.completedTasks);
    expect(after.completedLessons).toBe(before.completedLessons + 1);
    const [row] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(after).toEqual(await expectedFor(row!.id));
  });
});

describe('GET /api/users/me/enrollments', () => {
  it("returns the caller's enrollments, oldest first, with completedAt", async () => {
    const result = await call(enrollmentFunctions, '/api/users/me/enrollments', { cookie: elev });
    expect(result.status).toBe(200);
    const list = result.body as Enrollment[];
    expect(list.map((e) => e.courseId)).toEqual(['grunnleggende-ki', 'ki-for-kontoret', 'ki-markedsforing', 'ki-chatgpt-mester']);
    expect(list.map((e) => e.completedAt !== null)).toEqual([true, false, false, false]);
    for (const e of list) expect(new Date(e.enrolledAt).toISOString()).toBe(e.enrolledAt);
  });

  it("never shows another user's enrollments", async () => {
    const result = await call(enrollmentFunctions, '/api/users/me/enrollments', { cookie: ny });
    expect(result.status).toBe(200);
    expect(result.body).toEqual([]);
  });
});

describe('GET /api/courses/:courseId/modules-with-progress', () => {
  it("gives each module in order with the caller's completed and total lessons", async () => {
    const result = await call(courseFunctions, '/api/courses/ki-for-kontoret/modules-with-progress', { cookie: elev });
    expect(result.status).toBe(200);
    const list = result.body as ModuleWithProgress[];
    const course = catalogue.find((c) => c.id === 'ki-for-kontoret');
    expect(list.map((m) => m.module.title)).toEqual(course?.modules.map((m) => m.title));
    const total = (i: number) => course?.modules[i]?.lessons.length ?? 0;
    expect(list[0]).toEqual({
      module: { id: seedId('module:ki-for-kontoret:0'), title: course?.modules[0]?.title, orderIndex: 0 },
      progress: { completed: total(0), total: total(0), percentage: 100 },
    });
    expect(list[1]?.progress).toEqual({ completed: 2, total: total(1), percentage: Math.round(200 / total(1)) });
    expect(list.slice(2).map((m) => m.progress.completed)).toEqual([0, 0, 0, 0]);
  });

  it("shows the caller's own progress only: another learner sees zero", async () => {
    const result = await call(courseFunctions, '/api/courses/grunnleggende-ki/modules-with-progress', { cookie: ny });
    const list = result.body as ModuleWithProgress[];
    expect(list).toHaveLength(6);
    expect(list.every((m) => m.progress.completed === 0 && m.progress.percentage === 0 && m.progress.total > 0)).toBe(true);
  });

  it('answers 404 for an unknown course and 400 for a malformed id', async () => {
    const unknown = await call(courseFunctions, '/api/courses/finnes-ikke/modules-with-progress', { cookie: elev });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Fant ikke kurset' });
    const malformed = await call(courseFunctions, '/api/courses/Ikke%20gyldig!/modules-with-progress', { cookie: elev });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'Kurs-id kan bare ha små bokstaver (a–z), tall og bindestrek' });
  });
});

describe('GET /api/modules/:moduleId/lessons', () => {
  it('lists the lessons in order with title and estimated minutes, without their content', async () => {
    const result = await call(courseFunctions, `/api/modules/${seedId('module:grunnleggende-ki:0')}/lessons`, { cookie: ny });
    expect(result.status).toBe(200);
    const list = result.body as LessonSummary[];
    const module = catalogue[0]?.modules[0];
    expect(list.map((l) => [l.title, l.estimatedMinutes, l.contentType])).toEqual(module?.lessons.map((l) => [l.title, l.estimatedMinutes, l.type]));
    expect(list[0]).not.toHaveProperty('content');
  });

  it('answers 404 for an unknown module and 400 for a malformed id', async () => {
    const unknown = await call(courseFunctions, `/api/modules/${seedId('module:finnes-ikke:0')}/lessons`, { cookie: elev });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Fant ikke modulen' });
    const malformed = await call(courseFunctions, '/api/modules/123/lessons', { cookie: elev });
    expect(malformed.status).toBe(400);
  });
});

describe('POST /api/enrollments', () => {
  it('enrolls the caller once: 201 the first time, 200 with the same enrollment after that, never a duplicate', async () => {
    const first = await call(enrollmentFunctions, '/api/enrollments', { cookie: ny, json: { courseId: 'ki-automatisering' } });
    expect(first.status).toBe(201);
    const created = first.body as Enrollment;
    expect(created).toMatchObject({ courseId: 'ki-automatisering', completedAt: null });
    const again = await call(enrollmentFunctions, '/api/enrollments', { cookie: ny, json: { courseId: 'ki-automatisering' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created);
    const rows = await (
      await db()
    )
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId('ny@demo.no')), eq(enrollments.courseId, 'ki-automatisering')));
    expect(rows).toHaveLength(1);
    const list = await call(enrollmentFunctions, '/api/users/me/enrollments', { cookie: ny });
    expect((list.body as Enrollment[]).map((e) => e.courseId)).toContain('ki-automatisering');
  });

  it('answers 404 for an unknown course and 400 for a bad body', async () => {
    const unknown = await call(enrollmentFunctions, '/api/enrollments', { cookie: ny, json: { courseId: 'finnes-ikke' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Fant ikke kurset' });
    for (const body of [{}, { courseId: 7 }, { courseId: 'Ugyldig id' }, { courseId: 'ki-for-kontoret', userId: 'x' }]) {
      const bad = await call(enrollmentFunctions, '/api/enrollments', { cookie: ny, json: body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses a cross-site request', async () => {
    const result = await call(enrollmentFunctions, '/api/enrollments', { cookie: ny, json: { courseId: 'ki-for-kontoret' }, crossSite: true });
    expect(result.status).toBe(403);
  });
});

describe('query counts', () => {
  const countStatements = async (handler: Handler, path: string, cookie: string, method: 'GET' | 'POST' = 'GET', json?: unknown) => {
    const result = await callCountingStatements(handler, path, { cookie, method, json });
    expect(result.status, path).toBeLessThan(300);
    return result.statements;
  };

  const measure = async (cookie: string, moduleId: string) => ({
    courses: await countStatements(courseFunctions, '/api/courses', cookie),
    enrollments: await countStatements(enrollmentFunctions, '/api/users/me/enrollments', cookie),
    figures: await countStatements(enrollmentFunctions, '/api/users/me/progress', cookie),
    progress: await countStatements(courseFunctions, '/api/courses/grunnleggende-ki/modules-with-progress', cookie),
    lessons: await countStatements(courseFunctions, `/api/modules/${moduleId}/lessons`, cookie),
    enroll: await countStatements(enrollmentFunctions, '/api/enrollments', cookie, 'POST', { courseId: 'grunnleggende-ki' }),
  });

  it('stay the same with ten times the courses, modules, lessons, enrollments and progress', async () => {
    const firstModule = seedId('module:grunnleggende-ki:0');
    const before = await measure(elev, firstModule);
    // A session lookup plus one or two statements of the endpoint's own.
    for (const [endpoint, statements] of Object.entries(before)) {
      expect(statements, endpoint).toBeGreaterThanOrEqual(2);
      expect(statements, endpoint).toBeLessThanOrEqual(4);
    }

    // Grow the data tenfold: 54 more modules of 5 lessons in the course (all done by the learner),
    // 50 more lessons in the first module, and 36 more courses the learner is enrolled in.
    const d = await db();
    const learner = userId('elev@demo.no');
    const extraModules = Array.from({ length: 54 }, (_, i) => ({
      id: seedId(`test-module:${i}`),
      courseId: 'grunnleggende-ki',
      title: `Ekstra modul ${i + 1}`,
      orderIndex: 100 + i,
    }));
    await d.insert(modules).values(extraModules);
    const textLesson = { type: 'text' as const, content: { text: 'Innhold for å telle spørringer.' } };
    const extraLessons = [
      ...extraModules.flatMap((m) =>
        Array.from({ length: 5 }, (_, j) => ({
          id: seedId(`test-lesson:${m.id}:${j}`),
          moduleId: m.id,
          title: `Leksjon ${j + 1}`,
          orderIndex: j,
          ...textLesson,
        })),
      ),
      ...Array.from({ length: 50 }, (_, j) => ({
        id: seedId(`test-lesson:first:${j}`),
        moduleId: firstModule,
        title: `Ekstra ${j + 1}`,
        orderIndex: 100 + j,
        ...textLesson,
      })),
    ];
    await d.insert(lessons).values(extraLessons);
    await d.insert(lessonProgress).values(extraLessons.map((l) => ({ userId: learner, lessonId: l.id, completed: true, completedAt: new Date() })));
    const extraCourses = Array.from({ length: 36 }, (_, i) => ({
      id: `test-kurs-${i}`,
      title: `Testkurs ${i}`,
      description: 'Et kurs for å telle spørringer.',
      duration: '1 time',
      level: 'Nybegynner',
      orderIndex: 100 + i,
    }));
    await d.insert(coursesTable).values(extraCourses);
    await d.insert(enrollments).values(extraCourses.map((c) => ({ userId: learner, courseId: c.id })));

    const after = await measure(elev, firstModule);
    expect(after).toEqual(before);

    // The data really grew, and the answers reflect it.
    const progress = await call(courseFunctions, '/api/courses/grunnleggende-ki/modules-with-progress', { cookie: elev });
    expect((progress.body as ModuleWithProgress[]).length).toBe(60);
    const lessonList = await call(courseFunctions, `/api/modules/${firstModule}/lessons`, { cookie: elev });
    expect((lessonList.body as LessonSummary[]).length).toBeGreaterThan(50);
    const mine = await call(enrollmentFunctions, '/api/users/me/enrollments', { cookie: elev });
    expect((mine.body as Enrollment[]).length).toBe(40);
  });
});
