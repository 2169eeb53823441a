import { and, count, eq, sql } from 'drizzle-orm';
import { atomically, type Db, preparedPer } from '../../../db/client';
import { courses, enrollments, lessonProgress, lessons, modules } from '../../../db/schema';
import { percentage } from '../../schemas/learning';
import type { VideoContent } from '../../schemas/lesson-content';
import {
  type CourseProgress,
  MAX_PLAYBACK_RATE,
  type ProgressResult,
  STUDY_CAP_FACTOR,
  STUDY_MAX_GAP_SECONDS,
  type StudyTime,
  WATCH_SLACK_SECONDS,
  WATCHED_THRESHOLD,
  type WatchState,
} from '../../schemas/player';
import { type LessonAccess, requireReadableLesson } from '../access/entitlements';
import { recordCourseCompletion } from './completion.service';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/errors';

/**
 * The course player: a course with all its content, the caller's progress, completing
 * lessons and the watch position of video lessons. Every function runs a
 * fixed number of statements whatever the size of the course; writes of more than one
 * statement run in one transaction.
 */

export const playerMessages = {
  courseNotFound: 'Kurs ikke funnet',
  lessonNotFound: 'Fant ikke leksjonen',
  notVideo: 'Leksjonen er ikke en video',
  videoStudyTime: 'Tiden i en video telles mens den spilles av',
  videoNotWatched: 'Du må se hele videoen før du kan fullføre leksjonen.',
} as const;

/** `errorType` of the 409 when a video lesson is completed before it was watched. */
export const VIDEO_NOT_WATCHED = 'video_not_watched';

/**
 * The longest gap between two saves that stays within one viewing, in seconds. The player
 * saves every 10 s while playing (and on pause and when the page is left), so a longer gap
 * means the video was paused or the page closed: the next save starts a new viewing from
 * the furthest point, and the gap earns nothing (a learner who comes back after a week and
 * seeks to the end gets one slack, not the whole video). Two minutes leaves room for
 * browsers that slow the timers of a background tab to about once a minute.
 */
export const WATCH_MAX_ELAPSED_SECONDS = 120;

/** True when the furthest point played counts as watching the video (95 %, or its end). */
export function isWatched(furthestSeconds: number, durationSeconds: number): boolean {
  return furthestSeconds >= WATCHED_THRESHOLD * durationSeconds;
}

export function watchState(positionSeconds: number, furthestSeconds: number, durationSeconds: number): WatchState {
  return { positionSeconds, furthestSeconds, watched: isWatched(furthestSeconds, durationSeconds) };
}

const completedCount = sql<number>`count(${lessonProgress.id}) filter (where ${lessonProgress.completed})`.mapWith(Number);

/** The caller's completed and total lessons of the course, in one statement (404 for an unknown course). */
/** The player's progress read, prepared once per database (`preparedPer`): no query building per request. */
const courseProgressQuery = preparedPer((db) =>
  db
    .select({ total: count(lessons.id), completed: completedCount })
    .from(courses)
    .leftJoin(modules, eq(modules.courseId, courses.id))
    .leftJoin(lessons, eq(lessons.moduleId, modules.id))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, sql.placeholder('userId'))))
    .where(eq(courses.id, sql.placeholder('courseId')))
    .groupBy(courses.id)
    .prepare('course_progress'),
);

export async function courseProgress(db: Db, userId: string, courseId: string): Promise<CourseProgress> {
  const [row] = await courseProgressQuery(db).execute({ userId, courseId });
  if (!row) throw new NotFoundError(playerMessages.courseNotFound);
  return { completed: row.completed, total: row.total, percentage: percentage(row.completed, row.total) };
}

// --- writing ------------------------------------------------------------------

/**
 * Before a progress or watch write: the enrollment that gives the course is locked until the
 * transaction ends (`ON CONFLICT DO UPDATE … WHERE false` locks the row without writing it), so
 * two progress changes of one learner in one course run one after the other and the second sees
 * the first when the course's completion is decided. A free course the learner has not enrolled
 * in is enrolled here (source `free`), as opening it in the player always did. Staff and a
 * learner on a preview get no enrollment.
 */
async function lockEnrollment(tx: Db, userId: string, access: LessonAccess): Promise<void> {
  if (access.reason === null || access.reason === 'staff') return;
  if (access.facts.enrollmentId === null && access.reason !== 'free') return;
  await tx
    .insert(enrollments)
    .values({ userId, courseId: access.courseId, source: access.facts.source ?? 'free' })
    .onConflictDoUpdate({
      target: [enrollments.userId, enrollments.courseId],
      set: { updatedAt: sql`${enrollments.updatedAt}` },
      setWhere: sql`false`,
    });
}

/**
 * Marks the lesson completed or not for the caller, idempotently, in one transaction:
 * check access (entitlements) → lock the enrollment → upsert the progress row → count the course
 * → the course's completion step (completion.service.ts). A video lesson can be completed only once the saved
 * furthest point reaches 95 % of the video; a lesson completed earlier stays completed.
 */
export async function setLessonProgress(db: Db, userId: string, lessonId: string, completed: boolean): Promise<ProgressResult> {
  return atomically(db, async (tx) => {
    const lesson = await requireReadableLesson(tx, userId, lessonId);
    if (completed && lesson.type === 'video' && lesson.completed !== true) {
      const { durationSeconds } = lesson.content as VideoContent;
      if (!isWatched(lesson.furthest ?? 0, durationSeconds)) throw new ConflictError(playerMessages.videoNotWatched, VIDEO_NOT_WATCHED);
    }
    await lockEnrollment(tx, userId, lesson);

    await tx
      .insert(lessonProgress)
      .values({ userId, lessonId, completed, completedAt: completed ? sql`now()` : null })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: {
          completed,
          // Re-completing keeps the first completion time.
          completedAt: completed ? sql`coalesce(${lessonProgress.completedAt}, now())` : null,
          updatedAt: sql`now()`,
        },
      });

    const progress = await courseProgress(tx, userId, lesson.courseId);
    const courseCompleted = await recordCourseCompletion(tx, userId, lesson.courseId, progress);
    return { lessonId, completed, courseProgress: progress, courseCompleted };
  });
}

/**
 * Saves where the caller is in a video lesson and moves the furthest point the server
 * accepts as played: within one viewing it grows no faster than playing at
 * double speed since the viewing's first save, plus one slack, however many saves arrive
 * and in whatever order. One upsert decides it with the database's clock; ON CONFLICT DO
 * UPDATE locks the row, so concurrent saves (a beacon and a timer, or a script's burst)
 * each see the one before:
 *
 *   position  = clamp(posted, 0, duration)
 *   viewing   = a new one (start now, base = furthest) on the first save, or when the last
 *               save is more than WATCH_MAX_ELAPSED_SECONDS ago; else the current one
 *   reach     = base + MAX_PLAYBACK_RATE × (now − viewing start) + WATCH_SLACK_SECONDS
 *   furthest' = max(furthest, min(position, reach)), and the whole duration once it is
 *               within one second of the end.
 */
export async function saveWatchPosition(db: Db, userId: string, lessonId: string, positionSeconds: number): Promise<WatchState> {
  return atomically(db, async (tx) => {
    const lesson = await requireReadableLesson(tx, userId, lessonId);
    if (lesson.type !== 'video') throw new BadRequestError(playerMessages.notVideo);
    const duration = (lesson.content as VideoContent).durationSeconds;
    await lockEnrollment(tx, userId, lesson);

    const position = Math.min(Math.max(positionSeconds, 0), duration);
    const toEnd = (furthest: number) => (furthest >= duration - 1 ? duration : furthest);
    const { watchSavedAt: savedAt, watchViewingStartedAt: startedAt, watchViewingBaseSeconds: base, watchFurthestSeconds: furthest } = lessonProgress;
    // In DO UPDATE these columns are the stored row's, locked and read after any save that went first.
    // A row without a viewing (written by the progress endpoint, or before migration 0006) starts one.
    const newViewing = sql`(${startedAt} IS NULL OR ${savedAt} IS NULL OR now() - ${savedAt} > make_interval(secs => ${WATCH_MAX_ELAPSED_SECONDS}))`;
    const viewingSeconds = sql`greatest(extract(epoch from (now() - ${startedAt}))::float8, 0)`;
    const reach = sql`(CASE WHEN ${newViewing} THEN ${furthest} ELSE ${base} + ${MAX_PLAYBACK_RATE}::float8 * ${viewingSeconds} END + ${WATCH_SLACK_SECONDS}::float8)`;
    const candidate = sql`greatest(${furthest}, least(${position}::float8, ${reach}))`;
    const [row] = await tx
      .insert(lessonProgress)
      .values({
        userId,
        lessonId,
        watchPositionSeconds: position,
        watchFurthestSeconds: toEnd(Math.min(position, WATCH_SLACK_SECONDS)),
        watchSavedAt: sql`now()`,
        watchViewingStartedAt: sql`now()`,
        watchViewingBaseSeconds: 0,
      })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: {
          watchPositionSeconds: position,
          watchFurthestSeconds: sql`CASE WHEN ${candidate} >= ${duration - 1}::float8 THEN ${duration}::float8 ELSE ${candidate} END`,
          watchViewingStartedAt: sql`CASE WHEN ${newViewing} THEN now() ELSE ${startedAt} END`,
          watchViewingBaseSeconds: sql`CASE WHEN ${newViewing} THEN ${furthest} ELSE ${base} END`,
          watchSavedAt: sql`now()`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ position: lessonProgress.watchPositionSeconds, furthest: lessonProgress.watchFurthestSeconds });
    if (!row) throw new Error('the watch position upsert returned no row');
    return watchState(row.position, row.furthest, duration);
  });
}

/**
 * A heartbeat of a text, task or HTML lesson the learner has open and in view (the player sends
 * one when the lesson opens, every STUDY_HEARTBEAT_MS while the page is visible, and one when it is
 * hidden or left). The server counts the time itself, with its own clock: the time since the last
 * heartbeat on the lesson, when that is at most STUDY_MAX_GAP_SECONDS (a longer gap means the page
 * was hidden, asleep or closed, and earns nothing), and never more in all than STUDY_CAP_FACTOR
 * times the lesson's estimated minutes. So one request adds at most the gap limit, however often
 * or in whatever order they come, and a tab left open stops counting at the cap. One upsert: ON
 * CONFLICT DO UPDATE locks the row, so concurrent heartbeats each see the one before. Video
 * lessons count their watched seconds instead (400).
 */
export async function recordStudyTime(db: Db, userId: string, lessonId: string): Promise<StudyTime> {
  const lesson = await requireReadableLesson(db, userId, lessonId);
  if (lesson.type === 'video') throw new BadRequestError(playerMessages.videoStudyTime);
  const { studySeconds: spent, studySeenAt: seenAt } = lessonProgress;
  const gap = sql`greatest(extract(epoch from (now() - ${seenAt}))::float8, 0)`;
  const credit = sql`(CASE WHEN ${seenAt} IS NULL OR ${gap} > ${STUDY_MAX_GAP_SECONDS}::float8 THEN 0::float8 ELSE ${gap} END)`;
  const cap = sql`(SELECT greatest(${lessons.estimatedMinutes}, 1) * 60 * ${STUDY_CAP_FACTOR} FROM ${lessons} WHERE ${lessons.id} = ${lessonId})::float8`;
  const [row] = await db
    .insert(lessonProgress)
    .values({ userId, lessonId, studySeconds: 0, studySeenAt: sql`now()` })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        // A lowered estimate never takes back time already counted.
        studySeconds: sql`greatest(${spent}, least(${spent} + ${credit}, ${cap}))`,
        studySeenAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ studySeconds: lessonProgress.studySeconds });
  if (!row) throw new Error('the study time upsert returned no row');
  return { studySeconds: Math.floor(row.studySeconds) };
}
