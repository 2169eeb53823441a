import { z } from 'zod';
import type { AuditAction } from './admin';

const userAuditActions = [
  'created',
  'promoted',
  'deactivated',
  'reactivated',
  'role_changed',
  'email_changed',
  'password_set',
] as const satisfies readonly AuditAction[];

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
  'site.rebuild',
  'certificate.revoke',
  'coupon.create',
  'coupon.update',
  'access.grant',
  'access.revoke',
] as const;
export type ContentAuditAction = (typeof contentAuditActions)[number];
export type ContentAuditTarget = 'course' | 'module' | 'lesson' | 'video' | 'site' | 'certificate' | 'coupon' | 'user';

export type AuditFields = Record<string, unknown>;

const adminAuditEntry = z.object({
  id: z.string(),
  source: z.enum(['content', 'user']),
  action: z.union([z.enum(contentAuditActions), z.templateLiteral(['user.', z.enum(userAuditActions)])]),
  createdAt: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  target: z.object({
    type: z.enum(['course', 'module', 'lesson', 'video', 'site', 'certificate', 'coupon', 'user']),
    id: z.string(),
    label: z.string().nullable(),
    course: z.string().nullable(),
  }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export const adminAuditResponse = z.object({
  entries: z.array(adminAuditEntry),
  nextCursor: z.string().nullable(),
});
export type AdminAuditPage = z.infer<typeof adminAuditResponse>;
