import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../../db/client';
import { contentAuditLog } from '../../../db/schema';
import type { AuditFields, ContentAuditAction, ContentAuditTarget } from '../../schemas/audit';
import type { LessonContentValue, LessonType } from '../../schemas/lesson-content';

/**
 * The content audit (issue 20, decision 24): every admin write to courses, modules, lessons and the
 * video library records who did what to which row, with the changed fields before and after. The
 * services call these helpers inside the write's own transaction (`atomically`), so a write and its
 * entry are kept together or not at all. A write that changes no recorded field (a rename to the
 * same title) records nothing, as a no-op status change records nothing in `user_audit_log`.
 */

/** Longest text stored per field; longer values (lesson HTML can be 50 000 characters) are clipped with a marker. */
export const AUDIT_FIELD_MAX_CHARS = 2_000;

/** One value as stored: undefined → null; a long string, or a structure whose JSON is long, clipped with its full length. */
export function auditValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') {
    return value.length > AUDIT_FIELD_MAX_CHARS ? `${value.slice(0, AUDIT_FIELD_MAX_CHARS)}… [avkortet: ${value.length} tegn]` : value;
  }
  if (value !== null && typeof value === 'object') {
    const json = JSON.stringify(value);
    if (json.length > AUDIT_FIELD_MAX_CHARS) return auditValue(json);
  }
  return value;
}

const stored = (fields: AuditFields): AuditFields => Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, auditValue(value)]));

/** Only the fields whose values differ (missing counts as null), each side clipped; null when nothing changed. */
export function changedFields(before: AuditFields, after: AuditFields): { before: AuditFields; after: AuditFields } | null {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !isDeepStrictEqual(before[key] ?? null, after[key] ?? null),
  );
  if (changed.length === 0) return null;
  const pick = (fields: AuditFields) => stored(Object.fromEntries(changed.map((key) => [key, fields[key] ?? null])));
  return { before: pick(before), after: pick(after) };
}

/** A lesson's recorded fields: title, type and each content field as `content.<name>`. */
export function lessonFields(lesson: { title: string; type: LessonType; content: LessonContentValue }): AuditFields {
  const content = Object.fromEntries(Object.entries(lesson.content).map(([key, value]) => [`content.${key}`, value]));
  return { title: lesson.title, type: lesson.type, ...content };
}

export interface ContentTarget {
  /** The admin or superuser whose session made the write. */
  actorId: string;
  action: ContentAuditAction;
  targetType: ContentAuditTarget;
  targetId: string;
}

async function insertEntry(db: Db, target: ContentTarget, before: AuditFields | null, after: AuditFields | null): Promise<void> {
  await db.insert(contentAuditLog).values({ ...target, before, after });
}

/** A new row: before null, after its fields. */
export function auditCreate(db: Db, target: ContentTarget, fields: AuditFields): Promise<void> {
  return insertEntry(db, target, null, stored(fields));
}

/** A changed row: only the changed fields; nothing when none changed. */
export async function auditUpdate(db: Db, target: ContentTarget, before: AuditFields, after: AuditFields): Promise<void> {
  const changes = changedFields(before, after);
  if (changes) await insertEntry(db, target, changes.before, changes.after);
}

/** A deleted row: before its main fields, after null. */
export function auditDelete(db: Db, target: ContentTarget, fields: AuditFields): Promise<void> {
  return insertEntry(db, target, stored(fields), null);
}
