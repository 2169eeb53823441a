import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, lessonProgress, lessons, modules, products } from '../../db/schema';
import { seedId } from '../../db/seed-ids';
import accountFunctions from '../../netlify/functions/account';
import enrollmentFunctions from '../../netlify/functions/enrollments';
import lessonFunctions from '../../netlify/functions/lessons';
import taskAnswerFunctions from '../../netlify/functions/task-answers';
import { courseMainAction } from '../../src/features/dashboard/dashboard-stats';
import type { LearnerProgress, ListedEnrollment } from '../../src/schemas/learning';
import { STUDY_CAP_FACTOR, STUDY_MAX_GAP_SECONDS, type StudyTime } from '../../src/schemas/player';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, cookieHeader, signIn } from '../helpers';

/**
 * The dashboard's figures say what they count, and each course card has a way in:
 * - minutes are time actually spent: video watched (the paced furthest point) and the time the
 *   player's heartbeats measured on text and task lessons, each heartbeat bounded and each lesson
 *   capped, so completing a course in a hurry earns almost nothing and a tab left open no hours;
 * - a task lesson counts once every one of its answer fields has an answer, not when completed;
 * - the card's main button opens the next lesson ('Start kurset', 'Fortsett', 'Se igjen');
 * - a company seat's courses come in the package's recommended order.
 * Time passes here by moving the row's `study_seen_at` (and the video's viewing) back.
 */

const db = async () => (await acquireAppDb()).db;
const COURSE = 'figurkurs';
const TEXT_MINUTES = 10;
const ids = {
  module: seedId(`module:${COURSE}`),
  text: seedId(`lesson:${COURSE}:text`),
  taskA: seedId(`lesson:${COURSE}:task-a`),
  video: seedId(`lesson:${COURSE}:video`),
  taskB: seedId(`lesson:${COURSE}:task-b`),
};
const VIDEO_SECONDS = 120;

beforeAll(async () => {
  const d = await db();
  await d
    .insert(courses)
    .values({ id: COURSE, title: 'Figurkurs', description: 'Testkurs', duration: '1 time', level: 'Nybegynner', orderIndex: 700 });
  await d.insert(products).values({ id: `course:${COURSE}`, kind: 'course', courseId: COURSE, priceOre: 0, vat: 'standard_25' });
  await d.insert(modules).values({ id: ids.module, courseId: COURSE, title: 'Modul', orderIndex: 0 });
  await d.insert(lessons).values([
    {
      id: ids.text,
      moduleId: ids.module,
      title: 'Les dette',
      orderIndex: 0,
      type: 'text',
      estimatedMinutes: TEXT_MINUTES,
      content: { text: 'Tekst.' },
    },
    {
      id: ids.taskA,
      moduleId: ids.module,
      title: 'Oppgave A',
      orderIndex: 1,
      type: 'task',
      estimatedMinutes: 15,
      content: {
        questions: [
          { question: 'Hva?', answer: 'Dette.' },
          { question: 'Hvorfor?', answer: 'Derfor.' },
        ],
      },
    },
    {
      id: ids.video,
      moduleId: ids.module,
      title: 'Video',
      orderIndex: 2,
      type: 'video',
      content: { videoUrl: '/media/demo-leksjon.mp4', durationSeconds: VIDEO_SECONDS },
    },
    {
      id: ids.taskB,
      moduleId: ids.module,
      title: 'Oppgave B',
      orderIndex: 3,
      type: 'task',
      content: { placeholder: 'Skriv her', questions: [{ question: 'Hva nå?', answer: 'Dette.' }] },
    },
  ]);
});

let learnerCount = 0;
async function newLearner(): Promise<{ cookie: string; id: string }> {
  const email = `figur-${process.pid}-${++learnerCount}@example.no`;
  const made = await call(accountFunctions, '/api/auth/register', {
    json: { firstName: 'Frida', lastName: 'Figur', email, password: 'et langt passord' },
  });
  expect(made.status, made.text).toBe(201);
  return { cookie: cookieHeader(made), id: (made.body as { user: { id: string } }).user.id };
}

const figures = async (cookie: string) => {
  const result = await call(enrollmentFunctions, '/api/users/me/progress', { cookie });
  expect(result.status).toBe(200);
  return result.body as LearnerProgress;
};
const complete = async (cookie: string, lessonId: string) => {
  const result = await call(lessonFunctions, `/api/lessons/${lessonId}/progress`, { cookie, json: { completed: true } });
  expect(result.status, result.text).toBe(200);
};
const heartbeat = async (cookie: string, lessonId: string) => call(lessonFunctions, `/api/lessons/${lessonId}/study-time`, { cookie, json: {} });
const answer = async (cookie: string, lessonId: string, question: number, text: string) => {
  const result = await call(taskAnswerFunctions, `/api/lessons/${lessonId}/answers/${question}`, { cookie, method: 'PUT', json: { answer: text } });
  expect(result.status, result.text).toBe(200);
};
/** Moves the learner's last heartbeat on the lesson `seconds` into the past. */
async function later(userId: string, lessonId: string, seconds: number): Promise<void> {
  await (
    await db()
  )
    .update(lessonProgress)
    .set({ studySeenAt: sql`${lessonProgress.studySeenAt} - make_interval(secs => ${seconds})` })
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
}
/** Watches the whole video as the pacing allows: a first save, then one a minute of viewing later. */
async function watchVideo(cookie: string, userId: string): Promise<void> {
  const save = (positionSeconds: number) => call(lessonFunctions, `/api/lessons/${ids.video}/watch-position`, { cookie, json: { positionSeconds } });
  expect((await save(1)).status).toBe(200);
  await (
    await db()
  )
    .update(lessonProgress)
    .set({
      watchSavedAt: sql`${lessonProgress.watchSavedAt} - make_interval(secs => 60)`,
      watchViewingStartedAt: sql`${lessonProgress.watchViewingStartedAt} - make_interval(secs => 60)`,
    })
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, ids.video)));
  const end = await save(VIDEO_SECONDS);
  expect(end.body).toMatchObject({ watched: true });
}

describe('the figures', () => {
  it('count next to nothing for a course completed in a hurry: no minutes read, no task answered', async () => {
    const { cookie, id } = await newLearner();
    await watchVideo(cookie, id);
    for (const lesson of [ids.text, ids.taskA, ids.video, ids.taskB]) await complete(cookie, lesson);
    expect(await figures(cookie)).toEqual({
      completedLessons: 4,
      completedTasks: 0,
      // The video's two minutes, watched; nothing else was spent in a lesson.
      minutesStudied: VIDEO_SECONDS / 60,
      modulesCompleted: 1,
    });
  });

  it('count a task lesson once every field has an answer, completed or not; a cleared answer takes it back', async () => {
    const { cookie } = await newLearner();
    await answer(cookie, ids.taskA, 1, 'Første svar');
    expect((await figures(cookie)).completedTasks).toBe(0);
    await answer(cookie, ids.taskA, 2, 'Andre svar');
    expect((await figures(cookie)).completedTasks).toBe(1);
    // Task B has its own answer field (0) and one question: both must be answered.
    await answer(cookie, ids.taskB, 1, 'Svar på spørsmålet');
    expect((await figures(cookie)).completedTasks).toBe(1);
    await answer(cookie, ids.taskB, 0, 'Mitt eget svar');
    expect((await figures(cookie)).completedTasks).toBe(2);
    await answer(cookie, ids.taskA, 2, '');
    const after = await figures(cookie);
    expect(after.completedTasks).toBe(1);
    expect(after.completedLessons).toBe(0);
  });

  it('count the time between heartbeats on a text or task lesson: bounded per heartbeat, capped per lesson', async () => {
    const { cookie, id } = await newLearner();
    const beat = async (lessonId = ids.text) => {
      const result = await heartbeat(cookie, lessonId);
      expect(result.status, result.text).toBe(200);
      return (result.body as StudyTime).studySeconds;
    };
    // Opening the lesson starts the clock; nothing is earned yet.
    expect(await beat()).toBe(0);
    await later(id, ids.text, 30);
    expect(await beat()).toBeGreaterThanOrEqual(30);
    expect(await beat()).toBeLessThan(35);
    // A gap longer than the limit (the page hidden or closed) earns nothing, however long.
    await later(id, ids.text, 3 * 3600);
    expect(await beat()).toBeLessThan(35);
    expect(STUDY_MAX_GAP_SECONDS).toBeLessThan(3 * 3600);
    // A tab left open and in view: heartbeats for hours stop counting at the lesson's cap.
    for (let i = 0; i < 30; i++) {
      await later(id, ids.text, 60);
      await beat();
    }
    const cap = TEXT_MINUTES * 60 * STUDY_CAP_FACTOR;
    expect(await beat()).toBe(cap);
    expect((await figures(cookie)).minutesStudied).toBe(cap / 60);
    // A task lesson counts its own time; a video counts what was watched instead (400 here).
    expect(await beat(ids.taskA)).toBe(0);
    await later(id, ids.taskA, 45);
    expect(await beat(ids.taskA)).toBeGreaterThanOrEqual(45);
    const video = await heartbeat(cookie, ids.video);
    expect(video.status).toBe(400);
    expect(video.body).toEqual({ error: 'Tiden i en video telles mens den spilles av' });
  });

  it('refuse a heartbeat on an unknown lesson (404) and from an anonymous caller (401)', async () => {
    const { cookie } = await newLearner();
    expect((await heartbeat(cookie, seedId('lesson:finnes-ikke'))).status).toBe(404);
    expect((await call(lessonFunctions, `/api/lessons/${ids.text}/study-time`, { json: {} })).status).toBe(401);
  });
});

describe("a course card's main button", () => {
  const enrollment = async (cookie: string) => {
    const list = (await call(enrollmentFunctions, '/api/users/me/enrollments', { cookie })).body as ListedEnrollment[];
    const mine = list.find((e) => e.courseId === COURSE);
    expect(mine).toBeDefined();
    return mine!;
  };

  it("says 'Start kurset' on a new course, 'Fortsett' on the way and 'Se igjen' when done, each to the next lesson", async () => {
    const { cookie, id } = await newLearner();
    const enrolled = await call(enrollmentFunctions, '/api/enrollments', { cookie, json: { courseId: COURSE } });
    expect(enrolled.status).toBe(201);
    expect(await enrollment(cookie)).toMatchObject({ lessonsTotal: 4, lessonsCompleted: 0, nextLessonId: ids.text });
    expect(courseMainAction(await enrollment(cookie))).toEqual({ label: 'Start kurset', href: `/course/${COURSE}?lessonId=${ids.text}` });

    await complete(cookie, ids.text);
    expect(courseMainAction(await enrollment(cookie))).toEqual({ label: 'Fortsett', href: `/course/${COURSE}?lessonId=${ids.taskA}` });
    // The next lesson is the first one not completed, wherever the learner has been.
    await complete(cookie, ids.taskB);
    expect(courseMainAction(await enrollment(cookie))).toEqual({ label: 'Fortsett', href: `/course/${COURSE}?lessonId=${ids.taskA}` });

    await complete(cookie, ids.taskA);
    await watchVideo(cookie, id);
    await complete(cookie, ids.video);
    const done = await enrollment(cookie);
    expect(done).toMatchObject({ lessonsTotal: 4, lessonsCompleted: 4 });
    expect(done.completedAt).not.toBeNull();
    expect(courseMainAction(done)).toEqual({ label: 'Se igjen', href: `/course/${COURSE}?lessonId=${ids.text}` });
  });
});

describe("a company seat's courses", () => {
  it('come in the order the package recommends (its learning path), not the catalogue order', async () => {
    const cookie = await signIn('ansatt@demo.no');
    const list = (await call(enrollmentFunctions, '/api/users/me/enrollments', { cookie })).body as ListedEnrollment[];
    expect(list.map((e) => e.courseId)).toEqual([
      'grunnleggende-ki',
      'ki-for-kontoret',
      'ki-markedsforing',
      'ki-filmproduksjon',
      'ki-automatisering',
    ]);
    // Three lessons done in the first: it goes on from the fourth.
    expect(list[0]).toMatchObject({ lessonsCompleted: 3, nextLessonId: seedId('lesson:grunnleggende-ki:0:3') });
    expect(courseMainAction(list[0]!).label).toBe('Fortsett');
    expect(list.slice(1).map((e) => courseMainAction(e).label)).toEqual(['Start kurset', 'Start kurset', 'Start kurset', 'Start kurset']);
  });
});
