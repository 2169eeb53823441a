import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { lessons, videoNotes } from '../../../db/schema';
import { formatTimestamp } from '../../lib/format';
import type { VideoNote } from '../../schemas/player';
import { requireReadableLesson } from '../access/entitlements';
import { BadRequestError, NotFoundError } from '../platform/errors';
import { cursorCodec, type CursorValues, fetchSize, microsIso, type Page, type PageRequest, toPage } from '../platform/paging';
import { playerMessages } from '../learning/player.service';
import { createWithinQuota, quotaErrors, storageQuotas } from '../platform/quotas';

/** Another user's note is a 404, never a 403, so note ids reveal nothing; a locked lesson's notes stay stored. */

export const NOTE_NOT_FOUND = 'Fant ikke notatet';

const noteAfterEnd = (durationSeconds: number) => `Tidspunkt kan ikke være etter videoens slutt (${formatTimestamp(durationSeconds)})`;

const columns = {
  id: videoNotes.id,
  lessonId: videoNotes.lessonId,
  timestamp: videoNotes.timestamp,
  noteText: videoNotes.noteText,
  transcription: videoNotes.transcription,
  createdAt: videoNotes.createdAt,
  updatedAt: videoNotes.updatedAt,
};

type NoteRow = Omit<VideoNote, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toNote = (r: NoteRow): VideoNote => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

export const noteCursor = cursorCodec('n', ['seconds', 'time', 'uuid'] as const);
export type NoteCursor = CursorValues<['seconds', 'time', 'uuid']>;

export async function listNotes(db: Db, userId: string, lessonId: string, page: PageRequest<NoteCursor> = {}): Promise<Page<VideoNote>> {
  await requireReadableLesson(db, userId, lessonId);
  const after = page.cursor;
  const rows = await db
    .select({ lesson: lessons.id, note: columns, createdKey: microsIso(videoNotes.createdAt) })
    .from(lessons)
    .leftJoin(
      videoNotes,
      and(
        eq(videoNotes.lessonId, lessons.id),
        eq(videoNotes.userId, userId),
        after
          ? sql`(${videoNotes.timestamp}, ${videoNotes.createdAt}, ${videoNotes.id}) > (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .where(eq(lessons.id, lessonId))
    .orderBy(asc(videoNotes.timestamp), asc(videoNotes.createdAt), asc(videoNotes.id))
    .limit(fetchSize(page));
  if (rows.length === 0) throw new NotFoundError(playerMessages.lessonNotFound);
  const notes = rows.flatMap((r) => (r.note ? [{ note: r.note, createdKey: r.createdKey }] : []));
  return toPage(
    notes,
    page,
    (r) => toNote(r.note),
    (r) => noteCursor.encode([r.note.timestamp, r.createdKey, r.note.id]),
  );
}

/** `timestamp` in seconds (stored whole), at most the video's stored length. */
export async function createNote(db: Db, userId: string, input: { lessonId: string; timestamp: number; noteText: string }): Promise<VideoNote> {
  await requireReadableLesson(db, userId, input.lessonId);
  const mine = and(eq(videoNotes.userId, userId), eq(videoNotes.lessonId, input.lessonId));
  const [lesson] = await db
    .select({
      type: lessons.type,
      durationSeconds: sql<number | null>`(${lessons.content}->>'durationSeconds')::int`,
      notes: sql<number>`(${db.select({ n: count() }).from(videoNotes).where(mine)})`.mapWith(Number),
    })
    .from(lessons)
    .where(eq(lessons.id, input.lessonId));
  if (!lesson) throw new NotFoundError(playerMessages.lessonNotFound);
  if (lesson.type !== 'video') throw new BadRequestError(playerMessages.notVideo);
  const timestamp = Math.floor(input.timestamp);
  const { durationSeconds } = lesson;
  if (durationSeconds !== null && timestamp > durationSeconds) throw new BadRequestError(noteAfterEnd(durationSeconds), 'timestamp');
  const max = storageQuotas().notesPerLesson;
  const quota = { key: `video_notes:${userId}:${input.lessonId}`, max, counted: lesson.notes, refusal: quotaErrors.notes(max) };
  const row = await createWithinQuota(db, quota, async (tx) => {
    const [inserted] = await tx
      .insert(videoNotes)
      .values({ userId, lessonId: input.lessonId, timestamp, noteText: input.noteText })
      .returning({ ...columns, before: sql<number>`(${tx.select({ n: count() }).from(videoNotes).where(mine)})`.mapWith(Number) });
    if (!inserted) throw new Error('the note insert returned no row');
    const { before, ...note } = inserted;
    return { row: note, before };
  });
  return toNote(row);
}

export async function updateNote(db: Db, userId: string, noteId: string, noteText: string): Promise<VideoNote> {
  const [note] = await db
    .select({ lessonId: videoNotes.lessonId })
    .from(videoNotes)
    .where(and(eq(videoNotes.id, noteId), eq(videoNotes.userId, userId)));
  if (!note) throw new NotFoundError(NOTE_NOT_FOUND);
  await requireReadableLesson(db, userId, note.lessonId);
  const [row] = await db
    .update(videoNotes)
    .set({ noteText, updatedAt: new Date() })
    .where(and(eq(videoNotes.id, noteId), eq(videoNotes.userId, userId)))
    .returning(columns);
  if (!row) throw new NotFoundError(NOTE_NOT_FOUND);
  return toNote(row);
}

export async function deleteNote(db: Db, userId: string, noteId: string): Promise<void> {
  const deleted = await db
    .delete(videoNotes)
    .where(and(eq(videoNotes.id, noteId), eq(videoNotes.userId, userId)))
    .returning({ id: videoNotes.id });
  if (deleted.length === 0) throw new NotFoundError(NOTE_NOT_FOUND);
}
