import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { courses, enrollments, lessons, modules, videos } from '../../../db/schema';
import {
  type AdminCourse,
  type AdminLesson,
  type AdminLessonListItem,
  type AdminModule,
  type AdminVideo,
  checkLessonContent,
  type CreateVideoBody,
  lessonContentCandidate,
  type OrderedItem,
} from '../../schemas/admin';
import type { LessonContent, LessonContentValue, LessonType, VideoContent } from '../../schemas/lesson-content';
import { lessonImageMessage } from '../../schemas/media';
import { auditCreate, auditDelete, auditUpdate, type ContentTarget, lessonFields } from './content-audit.service';
import { editLesson, LESSON_NOT_FOUND } from './content.service';
import { BadRequestError, NotFoundError } from '../platform/errors';
import { refusedImageSources, sanitizeLessonHtml } from '../platform/html';
import { COURSE_NOT_FOUND, MODULE_NOT_FOUND } from '../learning/learning.service';

/** Every write records its change in the content audit in its own transaction; HTML is sanitised before it is stored. */

export const adminServiceMessages = {
  videoNotFound: 'Fant ikke videoen',
  invalidContent: 'Ugyldig innhold',
} as const;

export async function listAdminCourses(db: Db): Promise<AdminCourse[]> {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      level: courses.level,
      orderIndex: courses.orderIndex,
      students: count(enrollments.id),
    })
    .from(courses)
    .leftJoin(enrollments, eq(enrollments.courseId, courses.id))
    .groupBy(courses.id)
    .orderBy(asc(courses.orderIndex), asc(courses.id));
}

export interface LessonFilter {
  courseId?: string | undefined;
  type?: LessonType | undefined;
}

/** Not paged: the list is the catalogue, which admins write, not something learners grow. */
export async function listAdminLessons(db: Db, filter: LessonFilter = {}): Promise<AdminLessonListItem[]> {
  const rows = await db
    .select({
      id: lessons.id,
      title: lessons.title,
      contentType: lessons.type,
      orderIndex: lessons.orderIndex,
      isPreview: lessons.isPreview,
      moduleId: modules.id,
      moduleTitle: modules.title,
      moduleOrder: modules.orderIndex,
      courseId: courses.id,
      courseTitle: courses.title,
    })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(
      and(
        filter.courseId === undefined ? undefined : eq(courses.id, filter.courseId),
        filter.type === undefined ? undefined : eq(lessons.type, filter.type),
      ),
    )
    .orderBy(asc(courses.orderIndex), asc(courses.id), asc(modules.orderIndex), asc(modules.id), asc(lessons.orderIndex), asc(lessons.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    contentType: r.contentType,
    orderIndex: r.orderIndex,
    isPreview: r.isPreview,
    module: { id: r.moduleId, title: r.moduleTitle, orderIndex: r.moduleOrder },
    course: { id: r.courseId, title: r.courseTitle },
  }));
}

export interface NewModule {
  title: string;
  description?: string | null | undefined;
  orderIndex?: number | undefined;
}

export async function createModule(db: Db, actorId: string, courseId: string, input: NewModule): Promise<AdminModule> {
  return atomically(db, async (tx) => {
    // Locks the course, so two modules created at once do not get the same place.
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
    if (!course) throw new NotFoundError(COURSE_NOT_FOUND);
    const orderIndex = input.orderIndex ? input.orderIndex : await nextModuleIndex(tx, courseId);
    const [row] = await tx
      .insert(modules)
      .values({ courseId, title: input.title, description: input.description || null, orderIndex })
      .returning({
        id: modules.id,
        courseId: modules.courseId,
        title: modules.title,
        description: modules.description,
        orderIndex: modules.orderIndex,
      });
    const { id, ...fields } = row!;
    await auditCreate(tx, { actorId, action: 'module.create', targetType: 'module', targetId: id }, fields);
    return row!;
  });
}

async function nextModuleIndex(db: Db, courseId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${modules.orderIndex}) + 1, 0)`.mapWith(Number) })
    .from(modules)
    .where(eq(modules.courseId, courseId));
  return row?.next ?? 0;
}

export interface NewLesson {
  title: string;
  lessonType: 'text' | 'html' | 'video';
  content: Record<string, unknown>;
  orderIndex?: number | undefined;
  videoUrl?: string | null | undefined;
  durationSeconds?: number | null | undefined;
}

export interface LessonContentEdit {
  content: Record<string, unknown>;
  videoUrl?: string | null | undefined;
  durationSeconds?: number | null | undefined;
  title?: string | undefined;
  isPreview?: boolean | undefined;
}

function contractContent(
  type: LessonType,
  content: Record<string, unknown>,
  extras: { videoUrl?: string | null | undefined; durationSeconds?: number | null | undefined },
  stored?: LessonContentValue,
): LessonContent {
  const storedVideo = type === 'video' && stored && 'videoUrl' in stored ? (stored as VideoContent) : undefined;
  const candidate = lessonContentCandidate(type, content, extras, storedVideo ?? {});
  if (candidate.type === 'html' && typeof candidate.content.html === 'string') {
    // An image from a host the player may not load is refused, not silently dropped.
    const external = refusedImageSources(candidate.content.html).find((src) => /^https?:/i.test(src));
    if (external !== undefined) throw new BadRequestError(lessonImageMessage(external), 'content.html');
    candidate.content.html = sanitizeLessonHtml(candidate.content.html);
  }
  const checked = checkLessonContent(candidate);
  if (checked.success) return checked.data;
  throw new BadRequestError(checked.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
}

function adminLesson(row: {
  id: string;
  moduleId: string;
  title: string;
  type: LessonType;
  content: LessonContentValue;
  orderIndex: number;
  isPreview: boolean;
}): AdminLesson {
  return {
    id: row.id,
    moduleId: row.moduleId,
    title: row.title,
    lessonType: row.type,
    contentType: row.type,
    content: row.content,
    videoUrl: row.type === 'video' ? (row.content as VideoContent).videoUrl : null,
    orderIndex: row.orderIndex,
    isPreview: row.isPreview,
  };
}

const lessonColumns = {
  id: lessons.id,
  moduleId: lessons.moduleId,
  title: lessons.title,
  type: lessons.type,
  content: lessons.content,
  orderIndex: lessons.orderIndex,
  isPreview: lessons.isPreview,
};

export async function createLesson(db: Db, actorId: string, moduleId: string, input: NewLesson): Promise<AdminLesson> {
  const lesson = contractContent(input.lessonType, input.content, input);
  return atomically(db, async (tx) => {
    const [module] = await tx.select({ id: modules.id }).from(modules).where(eq(modules.id, moduleId)).for('update');
    if (!module) throw new NotFoundError(MODULE_NOT_FOUND);
    let orderIndex = input.orderIndex;
    if (!orderIndex) {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${lessons.orderIndex}) + 1, 0)`.mapWith(Number) })
        .from(lessons)
        .where(eq(lessons.moduleId, moduleId));
      orderIndex = row?.next ?? 0;
    }
    const estimatedMinutes = lesson.type === 'video' ? Math.max(1, Math.ceil(lesson.content.durationSeconds / 60)) : 10;
    const [row] = await tx
      .insert(lessons)
      .values({ moduleId, title: input.title, type: lesson.type, content: lesson.content, orderIndex, estimatedMinutes })
      .returning(lessonColumns);
    await auditCreate(
      tx,
      { actorId, action: 'lesson.create', targetType: 'lesson', targetId: row!.id },
      { moduleId, orderIndex: row!.orderIndex, ...lessonFields(row!) },
    );
    return adminLesson(row!);
  });
}

/** A video lesson keeps its stored URL, duration and captions where the body leaves them out. */
export async function updateLessonContent(db: Db, actorId: string, lessonId: string, input: LessonContentEdit): Promise<AdminLesson> {
  return atomically(db, async (tx) => {
    const [stored] = await tx
      .select({ title: lessons.title, type: lessons.type, content: lessons.content, isPreview: lessons.isPreview })
      .from(lessons)
      .where(eq(lessons.id, lessonId))
      .for('update');
    if (!stored) throw new NotFoundError(LESSON_NOT_FOUND);
    const lesson = contractContent(stored.type, input.content, input, stored.content);
    const row = await editLesson(tx, lessonId, { title: input.title, lesson, isPreview: input.isPreview });
    await auditUpdate(
      tx,
      { actorId, action: 'lesson.update', targetType: 'lesson', targetId: lessonId },
      { ...lessonFields(stored), isPreview: stored.isPreview },
      { ...lessonFields(row), isPreview: row.isPreview },
    );
    return adminLesson(row);
  });
}

export type Direction = 'up' | 'down';

function moved<T extends { id: string }>(siblings: T[], id: string, direction: Direction): T[] | null {
  const at = siblings.findIndex((s) => s.id === id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= siblings.length) return null;
  const next = [...siblings];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

function orderCase(ids: string[]) {
  return sql`CASE ${sql.join(
    ids.map((id, index) => sql`WHEN id = ${id}::uuid THEN ${index}::integer`),
    sql` `,
  )} END`;
}

const auditMove = (tx: Db, target: ContentTarget, before: { id: string }[], after: { id: string }[]) =>
  auditUpdate(
    tx,
    target,
    { position: before.findIndex((s) => s.id === target.targetId) + 1 },
    { position: after.findIndex((s) => s.id === target.targetId) + 1 },
  );

/** The order becomes the admin's, so the seed keeps it. */
export async function moveModule(db: Db, actorId: string, moduleId: string, direction: Direction): Promise<OrderedItem[]> {
  return atomically(db, async (tx) => {
    const [module] = await tx.select({ courseId: modules.courseId }).from(modules).where(eq(modules.id, moduleId));
    if (!module) throw new NotFoundError(MODULE_NOT_FOUND);
    const siblings = await tx
      .select({ id: modules.id, title: modules.title, orderIndex: modules.orderIndex })
      .from(modules)
      .where(eq(modules.courseId, module.courseId))
      .orderBy(asc(modules.orderIndex), asc(modules.createdAt), asc(modules.id))
      .for('update');
    const next = moved(siblings, moduleId, direction);
    if (!next) return siblings;
    const ids = next.map((s) => s.id);
    await tx
      .update(modules)
      .set({ orderIndex: orderCase(ids), adminOrderedAt: sql`now()` })
      .where(inArray(modules.id, ids));
    await auditMove(tx, { actorId, action: 'module.move', targetType: 'module', targetId: moduleId }, siblings, next);
    return next.map((s, index) => ({ ...s, orderIndex: index }));
  });
}

export async function moveLesson(db: Db, actorId: string, lessonId: string, direction: Direction): Promise<OrderedItem[]> {
  return atomically(db, async (tx) => {
    const [lesson] = await tx.select({ moduleId: lessons.moduleId }).from(lessons).where(eq(lessons.id, lessonId));
    if (!lesson) throw new NotFoundError(LESSON_NOT_FOUND);
    const siblings = await tx
      .select({ id: lessons.id, title: lessons.title, orderIndex: lessons.orderIndex })
      .from(lessons)
      .where(eq(lessons.moduleId, lesson.moduleId))
      .orderBy(asc(lessons.orderIndex), asc(lessons.createdAt), asc(lessons.id))
      .for('update');
    const next = moved(siblings, lessonId, direction);
    if (!next) return siblings;
    const ids = next.map((s) => s.id);
    await tx
      .update(lessons)
      .set({ orderIndex: orderCase(ids), adminOrderedAt: sql`now()` })
      .where(and(eq(lessons.moduleId, lesson.moduleId), inArray(lessons.id, ids)));
    await auditMove(tx, { actorId, action: 'lesson.move', targetType: 'lesson', targetId: lessonId }, siblings, next);
    return next.map((s, index) => ({ ...s, orderIndex: index }));
  });
}

const videoColumns = {
  id: videos.id,
  title: videos.title,
  url: videos.url,
  description: videos.description,
  durationSeconds: videos.durationSeconds,
  createdAt: videos.createdAt,
};

const videoFields = ({ title, url, description, durationSeconds }: Omit<AdminVideo, 'createdAt'>) => ({ title, url, description, durationSeconds });

const adminVideo = (row: { createdAt: Date } & Omit<AdminVideo, 'createdAt'>): AdminVideo => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listVideos(db: Db): Promise<AdminVideo[]> {
  const rows = await db.select(videoColumns).from(videos).orderBy(desc(videos.createdAt), desc(videos.id));
  return rows.map(adminVideo);
}

export async function createVideo(db: Db, actorId: string, input: CreateVideoBody): Promise<AdminVideo> {
  return atomically(db, async (tx) => {
    const [row] = await tx
      .insert(videos)
      .values({
        title: input.title,
        url: input.url,
        description: input.description || null,
        durationSeconds: input.durationSeconds ?? null,
        createdBy: actorId,
      })
      .returning(videoColumns);
    await auditCreate(tx, { actorId, action: 'video.create', targetType: 'video', targetId: row!.id }, videoFields(row!));
    return adminVideo(row!);
  });
}

export async function deleteVideo(db: Db, actorId: string, id: string): Promise<void> {
  await atomically(db, async (tx) => {
    const [row] = await tx.delete(videos).where(eq(videos.id, id)).returning(videoColumns);
    if (!row) throw new NotFoundError(adminServiceMessages.videoNotFound);
    await auditDelete(tx, { actorId, action: 'video.delete', targetType: 'video', targetId: id }, videoFields(row));
  });
}
