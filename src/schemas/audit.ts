import { z } from 'zod';
import type { AuditAction } from './admin';
import { pagingMessages } from './issues';
import './text';

/**
 * The superuser's change timeline (issue 20, decision 24): GET /api/admin/audit merges the content
 * audit (`content_audit_log`) and the user audit (`user_audit_log`), newest first, a page at a time.
 * The query schema is the server's; the island imports the types only.
 */

export const auditMessages = pagingMessages;

/** Every action an admin write to the content records. */
export const contentAuditActions = [
  'course.rename',
  'module.rename',
  'module.create',
  'module.move',
  'lesson.create',
  'lesson.update',
  'lesson.move',
  'video.create',
  'video.delete',
] as const;
export type ContentAuditAction = (typeof contentAuditActions)[number];
export type ContentAuditTarget = 'course' | 'module' | 'lesson' | 'video';

/** A user audit row in the timeline: its action with a `user.` prefix. */
export type UserTimelineAction = `user.${AuditAction}`;

/** Changed fields by name; lesson content fields are named `content.<field>` (e.g. `content.html`). */
export type AuditFields = Record<string, unknown>;

export interface AdminAuditEntry {
  id: string;
  source: 'content' | 'user';
  action: ContentAuditAction | UserTimelineAction;
  /** ISO 8601. */
  createdAt: string;
  /** Null when the command line made the change (user audit), or the account is deleted. */
  actor: { id: string; name: string; email: string } | null;
  target: {
    type: ContentAuditTarget | 'user';
    id: string;
    /** The row's title (a user's name) now; a deleted row's last stored title; null if neither is known. */
    label: string | null;
    /** The course a module or lesson belongs to, while it exists. */
    course: string | null;
  };
  /** The changed fields before (null for a create) and after (null for a delete). Long values are clipped. */
  before: AuditFields | null;
  after: AuditFields | null;
}

export interface AdminAuditPage {
  entries: AdminAuditEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

// --- the query -------------------------------------------------------------------

/** A position in the timeline: the entry's time to the microsecond (UTC) and its id. */
export interface AuditCursor {
  at: string;
  id: string;
}

const AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor is opaque to clients: base64url of `<at>|<id>`. */
export const encodeAuditCursor = (cursor: AuditCursor): string => Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');

/** The cursor, or null when it is not one this server made (checked so the database never sees a bad value). */
export function decodeAuditCursor(raw: string): AuditCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return null;
  const [at, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !UUID.test(id)) return null;
  const parts = AT.exec(at);
  if (!parts) return null;
  // A real calendar time (no 2026-02-31) in a range both JavaScript and PostgreSQL accept.
  const time = new Date(`${at.slice(0, 23)}Z`);
  if (Number(parts[1]) < 1970 || Number.isNaN(time.getTime()) || time.toISOString().slice(0, 19) !== at.slice(0, 19)) return null;
  return { at, id };
}

export const auditQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: auditMessages.limit })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, { error: auditMessages.limit })
    .optional(),
  cursor: z
    .string()
    .transform((raw, ctx) => {
      const cursor = decodeAuditCursor(raw);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: auditMessages.cursor });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
});
