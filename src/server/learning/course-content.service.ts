import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../../db/client';
import { courses, enrollments, lessonProgress, lessons, modules } from '../../../db/schema';
import type { HtmlContent, LessonContentValue, LessonType, VideoContent } from '../../schemas/lesson-content';
import type { CourseWithContent, PlayerLesson, PlayerModule } from '../../schemas/player';
import { accessColumns, accessReason, purchasePagePath, enrollmentOf, isPreviewLesson } from '../access/entitlements';
import { NotFoundError } from '../platform/errors';
import { sanitizeLessonHtml } from '../platform/html';
import { playerMessages, watchState } from './player.service';

// Apart from player.service so the HTML sanitiser ships only in the function that serves it.

/** Sanitising costs ~0.4 ms for 4 kB against ~10 µs for a lookup; an LRU bounded by entries and characters. */
export function sanitisedHtmlMemo({ maxEntries = 500, maxChars = 2_000_000 } = {}) {
  const entries = new Map<string, string>();
  let chars = 0;
  return {
    get size() {
      return entries.size;
    },
    sanitise(raw: string): string {
      const hit = entries.get(raw);
      if (hit !== undefined) {
        entries.delete(raw);
        entries.set(raw, hit);
        return hit;
      }
      const clean = sanitizeLessonHtml(raw);
      const cost = raw.length + clean.length;
      if (cost > maxChars) return clean;
      entries.set(raw, clean);
      chars += cost;
      for (const [key, value] of entries) {
        if (entries.size <= maxEntries && chars <= maxChars) break;
        entries.delete(key);
        chars -= key.length + value.length;
      }
      return clean;
    },
  };
}

const lessonHtml = sanitisedHtmlMemo();

function contentForPlayer(type: LessonType, content: LessonContentValue): LessonContentValue {
  if (type !== 'html') return content;
  const html = content as HtmlContent;
  return { ...html, html: lessonHtml.sanitise(html.html) };
}

/** Structures are cached by a version hashed from every module and lesson row's (ctid, xmin), so any change to a row invalidates it. */
const courseQuery = preparedPer((db) =>
  db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      level: courses.level,
      ...accessColumns(sql.placeholder('userId')),
      version: sql<string>`current_database() || ' ' || pg_postmaster_start_time()::text || ' ' || (
        SELECT md5(coalesce(string_agg(v.row_version, ',' ORDER BY v.row_version), '')) FROM (
          SELECT 'm' || m.ctid::text || ':' || m.xmin::text AS row_version FROM ${modules} m WHERE m.course_id = ${courses.id}
          UNION ALL
          SELECT 'l' || l.ctid::text || ':' || l.xmin::text FROM ${modules} m JOIN ${lessons} l ON l.module_id = m.id WHERE m.course_id = ${courses.id}
        ) v)`,
    })
    .from(courses)
    .leftJoin(enrollments, enrollmentOf(sql.placeholder('userId')))
    .where(eq(courses.id, sql.placeholder('courseId')))
    .prepare('course_with_access_and_version'),
);

const contentQuery = preparedPer((db) =>
  db
    .select({
      moduleId: modules.id,
      moduleTitle: modules.title,
      moduleOrder: modules.orderIndex,
      lessonId: lessons.id,
      title: lessons.title,
      description: lessons.description,
      orderIndex: lessons.orderIndex,
      type: lessons.type,
      content: lessons.content,
      estimatedMinutes: lessons.estimatedMinutes,
      markedPreview: lessons.isPreview,
      completed: lessonProgress.completed,
      position: lessonProgress.watchPositionSeconds,
      furthest: lessonProgress.watchFurthestSeconds,
      savedAt: lessonProgress.watchSavedAt,
    })
    .from(modules)
    .leftJoin(lessons, eq(lessons.moduleId, modules.id))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, sql.placeholder('userId'))))
    .where(eq(modules.courseId, sql.placeholder('courseId')))
    .orderBy(asc(modules.orderIndex), asc(modules.createdAt), asc(modules.id), asc(lessons.orderIndex), asc(lessons.createdAt), asc(lessons.id))
    .prepare('course_content'),
);

const progressQuery = preparedPer((db) =>
  db
    .select({
      lessonId: lessonProgress.lessonId,
      completed: lessonProgress.completed,
      position: lessonProgress.watchPositionSeconds,
      furthest: lessonProgress.watchFurthestSeconds,
      savedAt: lessonProgress.watchSavedAt,
    })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(and(eq(lessonProgress.userId, sql.placeholder('userId')), eq(modules.courseId, sql.placeholder('courseId'))))
    .prepare('course_progress_rows'),
);

type StaticLesson = Omit<PlayerLesson, 'completed' | 'watch' | 'locked' | 'content'> & { content: LessonContentValue };
type StaticModule = { module: PlayerModule['module']; lessons: StaticLesson[] };
interface ProgressRow {
  completed: boolean | null;
  position: number | null;
  furthest: number | null;
  savedAt: Date | null;
}

const structures = new Map<string, StaticModule[]>();
const MAX_STRUCTURES = 64;

function remember(key: string, structure: StaticModule[]): void {
  structures.delete(key);
  structures.set(key, structure);
  while (structures.size > MAX_STRUCTURES) structures.delete(structures.keys().next().value!);
}

function recall(key: string): StaticModule[] | undefined {
  const hit = structures.get(key);
  if (hit) remember(key, hit);
  return hit;
}

export const cachedCourseStructures = () => structures.size;

function withState(lesson: StaticLesson, progress: ProgressRow | undefined, locked: boolean): PlayerLesson {
  return {
    ...lesson,
    content: locked ? null : lesson.content,
    locked,
    completed: progress?.completed ?? false,
    watch:
      !locked && lesson.contentType === 'video' && progress?.savedAt
        ? watchState(progress.position ?? 0, progress.furthest ?? 0, (lesson.content as VideoContent).durationSeconds)
        : null,
  };
}

export async function courseWithContent(db: Db, userId: string, courseId: string): Promise<CourseWithContent> {
  const [course] = await courseQuery(db).execute({ userId, courseId });
  if (!course) throw new NotFoundError(playerMessages.courseNotFound);
  const reason = accessReason(course);
  const key = `${courseId}\u0000${course.version}`;
  let structure = recall(key);
  let progressOf: Map<string, ProgressRow>;
  if (structure) {
    const rows = await progressQuery(db).execute({ userId, courseId });
    progressOf = new Map(rows.map((r) => [r.lessonId, r]));
  } else {
    const rows = await contentQuery(db).execute({ userId, courseId });
    const byModule = new Map<string, StaticModule>();
    progressOf = new Map();
    let position = 0;
    for (const r of rows) {
      let module = byModule.get(r.moduleId);
      if (!module) {
        module = { module: { id: r.moduleId, title: r.moduleTitle, orderIndex: r.moduleOrder }, lessons: [] };
        byModule.set(r.moduleId, module);
      }
      if (r.lessonId === null || r.title === null || r.type === null || r.content === null) continue;
      module.lessons.push({
        id: r.lessonId,
        title: r.title,
        description: r.description,
        orderIndex: r.orderIndex ?? 0,
        contentType: r.type,
        estimatedMinutes: r.estimatedMinutes ?? 0,
        content: contentForPlayer(r.type, r.content),
        preview: isPreviewLesson(position++, r.markedPreview === true),
      });
      progressOf.set(r.lessonId, r);
    }
    structure = [...byModule.values()];
    // The rows may be newer than the version (read a moment later): at worst one more read.
    remember(key, structure);
  }
  return {
    course: { id: course.id, title: course.title, description: course.description, level: course.level },
    enrolled: course.enrollmentId !== null && course.revokedAt === null,
    access: reason,
    purchasePath: purchasePagePath(course.id),
    modules: structure.map((m) => ({
      module: m.module,
      lessons: m.lessons.map((l) => withState(l, progressOf.get(l.id), reason === null && !l.preview)),
    })),
  };
}
