import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lessons, videoNotes } from '../../db/schema';
import { formatTimestamp } from '../lib/player-time';
import type { VideoNote } from '../schemas/player';
import { BadRequestError, NotFoundError } from './errors';
import { playerMessages } from './player.service';

/**
 * A learner's private notes on video lessons. Every query is scoped to the caller: another
 * user's note is "not found" (404), never "forbidden", so note ids reveal nothing. One
 * statement per call (two when a note is created: the lesson check, then the insert).
 */

export const NOTE_NOT_FOUND = 'Fant ikke notatet';

/** A note's time must lie within the video: 'Tidspunkt kan ikke være etter videoens slutt (00:28)', as the player shows times. */
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

/** The caller's notes on the lesson, by time in the video, then oldest first; 404 for an unknown lesson. */
export async function listNotes(db: Db, userId: string, lessonId: string): Promise<VideoNote[]> {
  const rows = await db
    .select({ lesson: lessons.id, note: columns })
    .from(lessons)
    .leftJoin(videoNotes, and(eq(videoNotes.lessonId, lessons.id), eq(videoNotes.userId, userId)))
    .where(eq(lessons.id, lessonId))
    .orderBy(asc(videoNotes.timestamp), asc(videoNotes.createdAt), asc(videoNotes.id));
  if (rows.length === 0) throw new NotFoundError(playerMessages.lessonNotFound);
  return rows.flatMap((r) => (r.note ? [toNote(r.note)] : []));
}

/**
 * A new note at `timestamp` seconds (stored in whole seconds) on a video lesson, at most at the
 * video's end (its stored length). A lesson that is not a video has no notes: 400.
 */
export async function createNote(db: Db, userId: string, input: { lessonId: string; timestamp: number; noteText: string }): Promise<VideoNote> {
  const [lesson] = await db
    .select({ type: lessons.type, durationSeconds: sql<number | null>`(${lessons.content}->>'durationSeconds')::int` })
    .from(lessons)
    .where(eq(lessons.id, input.lessonId));
  if (!lesson) throw new NotFoundError(playerMessages.lessonNotFound);
  if (lesson.type !== 'video') throw new BadRequestError(playerMessages.notVideo);
  const timestamp = Math.floor(input.timestamp);
  const { durationSeconds } = lesson;
  if (durationSeconds !== null && timestamp > durationSeconds) throw new BadRequestError(noteAfterEnd(durationSeconds), 'timestamp');
  const [row] = await db.insert(videoNotes).values({ userId, lessonId: input.lessonId, timestamp, noteText: input.noteText }).returning(columns);
  if (!row) throw new Error('the note insert returned no row');
  return toNote(row);
}

/** Replaces the text of the caller's note; 404 when it is not theirs or does not exist. */
export async function updateNote(db: Db, userId: string, noteId: string, noteText: string): Promise<VideoNote> {
  const [row] = await db
    .update(videoNotes)
    .set({ noteText, updatedAt: new Date() })
    .where(and(eq(videoNotes.id, noteId), eq(videoNotes.userId, userId)))
    .returning(columns);
  if (!row) throw new NotFoundError(NOTE_NOT_FOUND);
  return toNote(row);
}

/** Deletes the caller's note; 404 when it is not theirs or does not exist. */
export async function deleteNote(db: Db, userId: string, noteId: string): Promise<void> {
  const deleted = await db
    .delete(videoNotes)
    .where(and(eq(videoNotes.id, noteId), eq(videoNotes.userId, userId)))
    .returning({ id: videoNotes.id });
  if (deleted.length === 0) throw new NotFoundError(NOTE_NOT_FOUND);
}
