import { z } from 'zod';
import type { AuditAction } from './admin';

/** The user audit's actions, as the admin's user list names them. */
const userAuditActions = [
  'created',
  'promoted',
  'deactivated',
  'reactivated',
  'role_changed',
  'email_changed',
  'password_set',
] as const satisfies readonly AuditAction[];

/**
 * The superuser's change timeline (issue 20, decision 24): GET /api/admin/audit merges the content
 * audit (`content_audit_log`) and the user audit (`user_audit_log`), newest first, a page at a time.
 * Its query (`?limit=`, `?cursor=`) is the paged lists' (src/server/platform/paging.ts); the island imports
 * the types only.
 */

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
  // A request to rebuild the public pages after an edit they show: after = {result, reason}.
  'site.rebuild',
  // A superuser revoked a course certificate (issue 25, decision 33).
  'certificate.revoke',
  // A superuser made or changed a coupon (its window, limit or whether it works).
  'coupon.create',
  'coupon.update',
  // A superuser gave a person a course by hand, or took it back (target: the person), with a reason.
  'access.grant',
  'access.revoke',
] as const;
export type ContentAuditAction = (typeof contentAuditActions)[number];
/** 'site': the public site itself (a rebuild request), target id 'netlify'. */
export type ContentAuditTarget = 'course' | 'module' | 'lesson' | 'video' | 'site' | 'certificate' | 'coupon' | 'user';

/** A user audit row in the timeline: its action with a `user.` prefix. */

/** Changed fields by name; lesson content fields are named `content.<field>` (e.g. `content.html`). */
export type AuditFields = Record<string, unknown>;

const adminAuditEntry = z.object({
  id: z.string(),
  source: z.enum(['content', 'user']),
  action: z.union([z.enum(contentAuditActions), z.templateLiteral(['user.', z.enum(userAuditActions)])]),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Null when the command line made the change (user audit), or the account is deleted. */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  target: z.object({
    type: z.enum(['course', 'module', 'lesson', 'video', 'site', 'certificate', 'coupon', 'user']),
    id: z.string(),
    /** The row's title (a user's name) now; a deleted row's last stored title; null if neither is known. */
    label: z.string().nullable(),
    /** The course a module or lesson belongs to, while it exists. */
    course: z.string().nullable(),
  }),
  /** The changed fields before (null for a create) and after (null for a delete). Long values are clipped. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

/** GET /api/admin/audit */
export const adminAuditResponse = z.object({
  entries: z.array(adminAuditEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminAuditPage = z.infer<typeof adminAuditResponse>;
