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

export const playerMessages = {
  courseNotFound: 'Kurs ikke funnet',
  lessonNotFound: 'Fant ikke leksjonen',
  notVideo: 'Leksjonen er ikke en video',
  videoStudyTime: 'Tiden i en video telles mens den spilles av',
  videoNotWatched: 'Du må se hele videoen før du kan fullføre leksjonen.',
} as const;

export const VIDEO_NOT_WATCHED = 'video_not_watched';

/** A longer gap between saves starts a new viewing that earns nothing; 120 s allows for background tabs' slowed timers. */
export const WATCH_MAX_ELAPSED_SECONDS = 120;

export function isWatched(furthestSeconds: number, durationSeconds: number): boolean {
  return furthestSeconds >= WATCHED_THRESHOLD * durationSeconds;
}

export function watchState(positionSeconds: number, furthestSeconds: number, durationSeconds: number): WatchState {
  return { positionSeconds, furthestSeconds, watched: isWatched(furthestSeconds, durationSeconds) };
}

const completedCount = sql<number>`count(${lessonProgress.id}) filter (where ${lessonProgress.completed})`.mapWith(Number);

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

/** Locks the enrollment (`ON CONFLICT DO UPDATE … WHERE false`) so one learner's progress writes in a course run one after the other. */
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

/** Idempotent; a video lesson completes only once the saved furthest point reaches 95 %. */
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

/** The furthest point grows at most MAX_PLAYBACK_RATE × the viewing's time plus one slack; the upsert's row lock orders concurrent saves. */
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

/** The server counts with its own clock: at most STUDY_MAX_GAP_SECONDS per heartbeat, capped per lesson; the row lock orders concurrent ones. */
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
