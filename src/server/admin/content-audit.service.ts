import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../../db/client';
import { contentAuditLog } from '../../../db/schema';
import type { AuditFields, ContentAuditAction, ContentAuditTarget } from '../../schemas/audit';
import type { LessonContentValue, LessonType } from '../../schemas/lesson-content';

/** Called inside the write's own transaction, so a write and its entry are kept together or not at all. */

/** Longest text stored per field; longer values (lesson HTML can be 50 000 characters) are clipped with a marker. */
export const AUDIT_FIELD_MAX_CHARS = 2_000;

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

export function changedFields(before: AuditFields, after: AuditFields): { before: AuditFields; after: AuditFields } | null {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !isDeepStrictEqual(before[key] ?? null, after[key] ?? null),
  );
  if (changed.length === 0) return null;
  const pick = (fields: AuditFields) => stored(Object.fromEntries(changed.map((key) => [key, fields[key] ?? null])));
  return { before: pick(before), after: pick(after) };
}

export function lessonFields(lesson: { title: string; type: LessonType; content: LessonContentValue }): AuditFields {
  const content = Object.fromEntries(Object.entries(lesson.content).map(([key, value]) => [`content.${key}`, value]));
  return { title: lesson.title, type: lesson.type, ...content };
}

export interface ContentTarget {
  actorId: string;
  action: ContentAuditAction;
  targetType: ContentAuditTarget;
  targetId: string;
}

async function insertEntry(db: Db, target: ContentTarget, before: AuditFields | null, after: AuditFields | null): Promise<void> {
  await db.insert(contentAuditLog).values({ ...target, before, after });
}

export function auditCreate(db: Db, target: ContentTarget, fields: AuditFields): Promise<void> {
  return insertEntry(db, target, null, stored(fields));
}

export async function auditUpdate(db: Db, target: ContentTarget, before: AuditFields, after: AuditFields): Promise<void> {
  const changes = changedFields(before, after);
  if (changes) await insertEntry(db, target, changes.before, changes.after);
}

export function auditDelete(db: Db, target: ContentTarget, fields: AuditFields): Promise<void> {
  return insertEntry(db, target, stored(fields), null);
}
