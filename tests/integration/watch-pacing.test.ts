import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, lessonProgress, lessons, modules } from '../../db/schema';
import { seedId } from '../../db/seed-ids';
import lessonFunctions from '../../netlify/functions/lessons';
import { MAX_PLAYBACK_RATE, WATCH_SAVE_INTERVAL_MS, WATCH_SLACK_SECONDS, type WatchState } from '../../src/schemas/player';
import { acquireAppDb } from '../../src/server/platform/db';
import { WATCH_MAX_ELAPSED_SECONDS } from '../../src/server/learning/player.service';
import { allowConsoleErrors, call, signIn } from '../helpers';

/**
 * Watch pacing (decision 11): the furthest point of a viewing grows no faster than playing
 * at double speed, `2 × (time since the viewing's first save) + one slack`, however many
 * saves arrive, in whatever order, at once or one after the other. Time passes in these
 * tests by moving the row's `watch_saved_at` and `watch_viewing_started_at` back.
 */

const db = async () => (await acquireAppDb()).db;
const userId = (email: string) => seedId(`user:${email}`);
const EMAIL = 'ny@demo.no';
let cookie: string;
beforeAll(async () => {
  cookie = await signIn(EMAIL);
});

let courseCount = 0;
/** A course of its own with one video lesson of `durationSeconds`; returns the lesson's id. */
async function videoLesson(durationSeconds: number): Promise<string> {
  const id = `tempo-${++courseCount}`;
  const d = await db();
  await d.insert(courses).values({ id, title: `Kurs ${id}`, description: 'Testkurs', duration: '1 time', level: 'Nybegynner', orderIndex: 600 });
  const moduleId = seedId(`module:${id}`);
  await d.insert(modules).values({ id: moduleId, courseId: id, title: 'Modul', orderIndex: 0 });
  const lessonId = seedId(`lesson:${id}`);
  await d.insert(lessons).values({
    id: lessonId,
    moduleId,
    title: 'Video',
    orderIndex: 0,
    type: 'video',
    content: { videoUrl: '/media/demo-leksjon.mp4', durationSeconds },
  });
  return lessonId;
}

async function save(lessonId: string, positionSeconds: number): Promise<WatchState> {
  const result = await call(lessonFunctions, `/api/lessons/${lessonId}/watch-position`, { cookie, json: { positionSeconds } });
  expect(result.status, result.text).toBe(200);
  return result.body as WatchState;
}

/**
 * `positions.length` saves at once. With PostgreSQL the saves of one row queue on its lock,
 * each holding a pooled connection meanwhile, so on a busy machine some wait longer than
 * DATABASE_CONNECT_TIMEOUT_MS for a connection and are refused with 503: a refused save
 * changes nothing, and the bounds below hold for the ones that got through.
 */
async function burst(lessonId: string, positions: number[]): Promise<WatchState[]> {
  allowConsoleErrors();
  const results = await Promise.all(
    positions.map((positionSeconds) => call(lessonFunctions, `/api/lessons/${lessonId}/watch-position`, { cookie, json: { positionSeconds } })),
  );
  for (const result of results) expect([200, 503], result.text).toContain(result.status);
  const saved = results.filter((r) => r.status === 200).map((r) => r.body as WatchState);
  expect(saved.length).toBeGreaterThan(0);
  return saved;
}

const complete = (lessonId: string) => call(lessonFunctions, `/api/lessons/${lessonId}/progress`, { cookie, json: { completed: true } });

/** Lets `seconds` pass for the caller's row: its last save and its viewing's start move into the past. */
async function pass(lessonId: string, seconds: number) {
  await (
    await db()
  )
    .update(lessonProgress)
    .set({
      watchSavedAt: sql`${lessonProgress.watchSavedAt} - make_interval(secs => ${seconds})`,
      watchViewingStartedAt: sql`${lessonProgress.watchViewingStartedAt} - make_interval(secs => ${seconds})`,
    })
    .where(and(eq(lessonProgress.userId, userId(EMAIL)), eq(lessonProgress.lessonId, lessonId)));
}

async function row(lessonId: string) {
  const [found] = await (
    await db()
  )
    .select({
      furthest: lessonProgress.watchFurthestSeconds,
      base: lessonProgress.watchViewingBaseSeconds,
      startedAgo: sql<number>`extract(epoch from now() - ${lessonProgress.watchViewingStartedAt})::float8`.mapWith(Number),
    })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId(EMAIL)), eq(lessonProgress.lessonId, lessonId)));
  return found;
}

/** Runs `fn` and says how many seconds it took. */
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, (performance.now() - started) / 1000];
}

/** The most the furthest point may have grown from `from` in `seconds` of real time. */
const allowed = (from: number, seconds: number) => from + MAX_PLAYBACK_RATE * seconds + WATCH_SLACK_SECONDS + 1e-6;

describe('watch pacing: saves faster than real time', () => {
  it('gives a serial burst of saves one slack in all, not one per save, and refuses completion', async () => {
    const lesson = await videoLesson(28);
    const [states, seconds] = await timed(async () => {
      const all: WatchState[] = [];
      for (let i = 0; i < 8; i++) all.push(await save(lesson, 28));
      return all;
    });
    const last = states.at(-1)!;
    expect(last.positionSeconds).toBe(28);
    expect(last.furthestSeconds).toBeLessThanOrEqual(allowed(0, seconds));
    expect(last.watched).toBe(false);
    const refused = await complete(lesson);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorType: 'video_not_watched' });
  });

  it('gives 200 parallel first saves one slack in all (plus the real time they took), and refuses completion', async () => {
    // Ten minutes, so that a slow machine's burst (PGlite runs the saves one at a time) cannot reach 95 %.
    const lesson = await videoLesson(600);
    const [states, seconds] = await timed(() =>
      burst(
        lesson,
        Array.from({ length: 200 }, () => 600),
      ),
    );
    const after = await row(lesson);
    expect(after?.furthest).toBeLessThanOrEqual(allowed(0, seconds));
    expect(Math.max(...states.map((s) => s.furthestSeconds))).toBe(after?.furthest);
    expect((await complete(lesson)).status).toBe(409);
  });

  it('lets a long video (3,600 s) grow by real time only under parallel bursts, whatever the order of the positions', async () => {
    const lesson = await videoLesson(3600);
    const started = performance.now();
    await save(lesson, 0);
    for (let round = 0; round < 3; round++) {
      await pass(lesson, 60);
      await burst(
        lesson,
        Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 3600 : 3600 - i * 5)),
      );
      const after = await row(lesson);
      // Each round: one minute of real time is at most two minutes of video (plus the one slack of the viewing).
      const elapsed = 60 * (round + 1) + (performance.now() - started) / 1000;
      expect(after?.furthest).toBeLessThanOrEqual(allowed(0, elapsed));
      expect(after?.furthest).toBeGreaterThanOrEqual(MAX_PLAYBACK_RATE * 60 * (round + 1));
    }
    expect((await complete(lesson)).status).toBe(409);
  });
});

describe('watch pacing: honest playback', () => {
  /**
   * A learner plays the whole video at `rate` from the start: the player saves at play
   * start, every WATCH_SAVE_INTERVAL_MS, and at the end; the furthest point keeps up
   * with the playhead at every save, and completion is accepted.
   */
  async function playThrough(
    durationSeconds: number,
    rate: number,
    { pauseAt, lateFirstSave = 0 }: { pauseAt?: { position: number; seconds: number }; lateFirstSave?: number } = {},
  ) {
    const lesson = await videoLesson(durationSeconds);
    const step = WATCH_SAVE_INTERVAL_MS / 1000;
    // The save at play start reached the server `lateFirstSave` seconds after the video started playing.
    let position = 0;
    expect((await save(lesson, 0)).furthestSeconds).toBe(0);
    let lead = lateFirstSave;
    while (position < durationSeconds) {
      const wall = Math.min(step, (durationSeconds - position) / rate);
      await pass(lesson, wall);
      position = Math.min(durationSeconds, position + (wall + lead) * rate);
      lead = 0;
      const state = await save(lesson, position);
      expect(state.furthestSeconds, `at ${position} s of ${durationSeconds} s, ${rate}×`).toBe(position);
      if (pauseAt && position >= pauseAt.position) {
        await pass(lesson, pauseAt.seconds);
        expect((await save(lesson, position)).furthestSeconds).toBe(position);
        pauseAt = undefined;
      }
    }
    expect((await save(lesson, durationSeconds)).watched).toBe(true);
    const done = await complete(lesson);
    expect(done.status, done.text).toBe(200);
  }

  it.each([
    [28, 1],
    [28, 2],
    [600, 1],
    [600, 2],
  ])('completes a %i s video played at %i× speed', async (duration, rate) => {
    await playThrough(duration, rate);
  });

  it('completes a video played at 2× with a pause shorter than the limit in the middle', async () => {
    await playThrough(600, 2, { pauseAt: { position: 300, seconds: WATCH_MAX_ELAPSED_SECONDS - 10 } });
  });

  it('completes a video played at 2× with a pause longer than the limit in the middle (a new viewing from the furthest point)', async () => {
    await playThrough(600, 2, { pauseAt: { position: 300, seconds: 3 * 24 * 3600 } });
  });

  it('completes a video played at 2× whose first save arrived 2 s late (the slack covers 2.5 s at 2×)', async () => {
    await playThrough(28, 2, { lateFirstSave: 2 });
    await playThrough(600, 2, { lateFirstSave: 2 });
  });

  it('counts real time: at 2× the furthest point passes the slack once that much time has gone', async () => {
    const lesson = await videoLesson(28);
    const [early, seconds] = await timed(async () => {
      await save(lesson, 0);
      return save(lesson, 9);
    });
    expect(early.furthestSeconds).toBeLessThanOrEqual(allowed(0, seconds));
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    // 2.2 s of real time at 2× plus the slack: 9.4 s.
    expect((await save(lesson, 9)).furthestSeconds).toBe(9);
  });
});

describe('watch pacing: a new viewing', () => {
  it('starts after a pause longer than the limit, from the furthest point, with one slack and no credit for the gap', async () => {
    const lesson = await videoLesson(3600);
    await save(lesson, 0);
    await pass(lesson, 10);
    expect((await save(lesson, 20)).furthestSeconds).toBe(20);

    await pass(lesson, WATCH_MAX_ELAPSED_SECONDS + 80);
    const back = await save(lesson, 3000);
    expect(back.positionSeconds).toBe(3000);
    expect(back.furthestSeconds).toBeGreaterThanOrEqual(20);
    expect(back.furthestSeconds).toBeLessThanOrEqual(allowed(20, 0));
    const viewing = await row(lesson);
    expect(viewing?.base).toBe(20);
    expect(viewing?.startedAgo).toBeLessThan(5);

    // The new viewing grows with its own time from the furthest point it started at.
    await pass(lesson, 10);
    const on = await save(lesson, 3000);
    expect(on.furthestSeconds).toBeGreaterThanOrEqual(20 + MAX_PLAYBACK_RATE * 10);
    expect(on.furthestSeconds).toBeLessThanOrEqual(allowed(20, 11));

    // A learner back after a week who seeks back keeps the furthest point.
    await pass(lesson, 7 * 24 * 3600);
    const week = await save(lesson, 0);
    expect(week).toMatchObject({ positionSeconds: 0, furthestSeconds: on.furthestSeconds });
  });

  it('keeps a pause shorter than the limit inside the viewing', async () => {
    const lesson = await videoLesson(3600);
    await save(lesson, 0);
    const started = await row(lesson);
    await pass(lesson, WATCH_MAX_ELAPSED_SECONDS - 1);
    await save(lesson, 10);
    const after = await row(lesson);
    expect(after?.base).toBe(started?.base);
    expect(after?.startedAgo).toBeGreaterThanOrEqual(WATCH_MAX_ELAPSED_SECONDS - 1);
  });
});
