import { z } from 'zod';
import { type LessonContent, lessonContentSchema, type LessonContentValue, type LessonType, lessonTypes } from './lesson-content';
import { isMediaUrl, mediaUrlMessage } from './media';
import { courseIdSchema, uuidSchema } from './learning';
import { text } from './text';

export const adminMessages = {
  nameRequired: 'Navnet må fylles ut',
  nameTooLong: 'Navnet kan ha høyst 400 tegn',
  titleRequired: 'Tittelen må fylles ut',
  titleTooLong: 'Tittelen kan ha høyst 400 tegn',
  descriptionTooLong: 'Beskrivelsen kan ha høyst 5000 tegn',
  lessonType: 'Leksjonstypen må være text, html eller video',
  videoUrlRequired: 'Video-URL må fylles ut for en videoleksjon',
  urlRequired: 'URL må fylles ut',
  duration: 'Varigheten må være et positivt antall sekunder (høyst 24 timer)',
  durationRequired: 'Varigheten (durationSeconds) må oppgis for en videoleksjon',
  orderIndex: 'Rekkefølgen (orderIndex) må være et heltall fra 0',
  direction: 'Retningen må være up eller down',
  content: 'Innholdet (content) må være et objekt',
  role: 'Rollen må være superuser, admin, company_admin eller individual',
  isActive: 'Status (isActive) må være true eller false',
  lessonFilterType: 'Typen må være video, task, text eller html',
} as const;

export const adminCourseParams = z.object({ courseId: courseIdSchema });
export const adminModuleParams = z.object({ moduleId: uuidSchema });
export const adminLessonParams = z.object({ lessonId: uuidSchema });
export const adminVideoParams = z.object({ id: uuidSchema });
export const adminUserParams = z.object({ userId: uuidSchema });

export const ADMIN_TITLE_MAX = 400;
const name = text({ max: ADMIN_TITLE_MAX, plain: true, messages: { required: adminMessages.nameRequired, tooLong: adminMessages.nameTooLong } });
const title = text({ max: ADMIN_TITLE_MAX, plain: true, messages: { required: adminMessages.titleRequired, tooLong: adminMessages.titleTooLong } });
const description = text({ max: 5_000, min: 0, multiline: true, messages: { tooLong: adminMessages.descriptionTooLong } });

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
export const videoUrlField = z.preprocess(
  blankToNull,
  text({ max: 2_048 })
    .refine(isMediaUrl, { error: (issue) => mediaUrlMessage('Video-URL', issue.input), abort: true })
    .nullable(),
);

/** Seconds; a browser's fractional `video.duration` is rounded (at least one second). */
export const durationField = z
  .number({ error: adminMessages.duration })
  .positive({ error: adminMessages.duration, abort: true })
  .max(86_400, { error: adminMessages.duration, abort: true })
  .transform((v) => Math.max(1, Math.round(v)));

const orderIndex = z
  .number({ error: adminMessages.orderIndex })
  .int({ error: adminMessages.orderIndex })
  .min(0, { error: adminMessages.orderIndex })
  .max(100_000);

export const adminLessonTypes = ['text', 'html', 'video'] as const;

const contentField = z.record(z.string(), z.unknown(), { error: adminMessages.content });

export interface StoredVideoFields {
  videoUrl?: string | undefined;
  durationSeconds?: number | undefined;
  captionsUrl?: string | undefined;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Nothing is validated here; the server sanitises HTML before the contract checks it. */
export function lessonContentCandidate(
  type: LessonType,
  content: Record<string, unknown>,
  extras: { videoUrl?: string | null | undefined; durationSeconds?: number | null | undefined },
  stored: StoredVideoFields = {},
): { type: LessonType; content: Record<string, unknown> } {
  switch (type) {
    case 'text':
      return { type, content: { text: content.text } };
    case 'html':
      return { type, content: { html: content.html } };
    case 'video': {
      const description = str(content.description) ?? str(content.text);
      const candidate: Record<string, unknown> = {
        videoUrl: extras.videoUrl ?? content.videoUrl ?? stored.videoUrl,
        durationSeconds: extras.durationSeconds ?? content.durationSeconds ?? stored.durationSeconds,
      };
      const captionsUrl = content.captionsUrl ?? stored.captionsUrl;
      if (captionsUrl !== undefined && captionsUrl !== null && captionsUrl !== '') candidate.captionsUrl = captionsUrl;
      if (description !== undefined && description.trim() !== '') candidate.description = description;
      return { type, content: candidate };
    }
    default:
      return { type, content };
  }
}

export function adminContentIssue(issue: { path: PropertyKey[]; message: string; code?: string }): { path: string; message: string } {
  const key = String(issue.path[1] ?? '');
  if (key === 'videoUrl') {
    const missing = issue.code === 'invalid_type';
    return { path: 'videoUrl', message: missing ? adminMessages.videoUrlRequired : issue.message };
  }
  if (key === 'durationSeconds') {
    return { path: 'durationSeconds', message: issue.code === 'invalid_type' ? adminMessages.durationRequired : adminMessages.duration };
  }
  if (key === 'description') return { path: 'content.text', message: issue.message };
  return { path: ['content', ...issue.path.slice(1)].map(String).join('.'), message: issue.message };
}

export function checkLessonContent(
  candidate: unknown,
): { success: true; data: LessonContent } | { success: false; issues: { path: string; message: string }[] } {
  const result = lessonContentSchema.safeParse(candidate);
  if (result.success) return { success: true, data: result.data };
  return { success: false, issues: result.error.issues.map((i) => adminContentIssue(i)) };
}

export const renameBody = z.strictObject({ name });

export const createModuleBody = z.strictObject({
  title,
  description: description.nullish(),
  /** 0 or missing: placed last. */
  orderIndex: orderIndex.optional(),
});

export const createLessonBody = z
  .strictObject({
    title,
    lessonType: z.enum(adminLessonTypes, { error: adminMessages.lessonType }),
    content: contentField,
    orderIndex: orderIndex.optional(),
    videoUrl: videoUrlField.optional(),
    durationSeconds: durationField.nullish(),
  })
  .superRefine((body, ctx) => {
    // HTML is checked again after the server has sanitised it.
    const checked = checkLessonContent(lessonContentCandidate(body.lessonType, body.content, body));
    if (checked.success) return;
    for (const issue of checked.issues) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
  });

export const editLessonBody = z.strictObject({
  content: contentField,
  isPreview: z.boolean({ error: 'Forhåndsvisning må være på eller av' }).optional(),
  videoUrl: videoUrlField.optional(),
  title: title.optional(),
  durationSeconds: durationField.nullish(),
});

export const moveBody = z.strictObject({ direction: z.enum(['up', 'down'], { error: adminMessages.direction }) });

export const createVideoBody = z.strictObject({
  title,
  url: text({ max: 2_048, messages: { required: adminMessages.urlRequired } }).refine(isMediaUrl, {
    error: (issue) => mediaUrlMessage('URL', issue.input),
  }),
  description: description.nullish(),
  durationSeconds: durationField.nullish(),
});

export const adminLessonsQuery = z.object({
  courseId: courseIdSchema.optional(),
  type: z.enum(lessonTypes, { error: adminMessages.lessonFilterType }).optional(),
});

export const userStatusBody = z.strictObject({ isActive: z.boolean({ error: adminMessages.isActive }) });

export const userRoles = ['superuser', 'admin', 'company_admin', 'individual'] as const;
export const userRoleBody = z.strictObject({ role: z.enum(userRoles, { error: adminMessages.role }) });

export type CreateVideoBody = z.infer<typeof createVideoBody>;

export const adminCourse = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  level: z.string(),
  orderIndex: z.int(),
  students: z.int(),
});
export type AdminCourse = z.infer<typeof adminCourse>;
export const adminCoursesResponse = z.array(adminCourse);

export const adminModuleResponse = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  orderIndex: z.int(),
});
export type AdminModule = z.infer<typeof adminModuleResponse>;

export const adminLessonResponse = z.object({
  id: z.string(),
  moduleId: z.string(),
  title: z.string(),
  lessonType: z.enum(lessonTypes),
  contentType: z.enum(lessonTypes),
  content: z.custom<LessonContentValue>((value) => typeof value === 'object' && value !== null),
  videoUrl: z.string().nullable(),
  orderIndex: z.int(),
  isPreview: z.boolean(),
});
export type AdminLesson = z.infer<typeof adminLessonResponse>;

export const adminLessonsResponse = z.array(
  z.object({
    id: z.string(),
    title: z.string(),
    contentType: z.enum(lessonTypes),
    orderIndex: z.int(),
    isPreview: z.boolean(),
    module: z.object({ id: z.string(), title: z.string(), orderIndex: z.int() }),
    course: z.object({ id: z.string(), title: z.string() }),
  }),
);
export type AdminLessonListItem = z.infer<typeof adminLessonsResponse>[number];

/** 'skipped': no NETLIFY_BUILD_HOOK_URL, so the pages change with the next deploy. */
export const publishingResults = ['requested', 'skipped', 'failed'] as const;
export type PublishingResult = (typeof publishingResults)[number];

export const publishingOutcomeResponse = z.object({
  status: z.enum(publishingResults),
  at: z.string(),
});
export type PublishingOutcome = z.infer<typeof publishingOutcomeResponse>;

export const publishingStateResponse = z.object({
  hookConfigured: z.boolean(),
  last: z.object({ status: z.enum(['requested', 'failed']), at: z.string() }).nullable(),
});
export type PublishingState = z.infer<typeof publishingStateResponse>;

export const renameResponse = z.object({ id: z.string(), title: z.string(), publishing: publishingOutcomeResponse });
export type RenameResult = z.infer<typeof renameResponse>;

export const orderedItemsResponse = z.array(z.object({ id: z.string(), title: z.string(), orderIndex: z.int() }));
export type OrderedItem = z.infer<typeof orderedItemsResponse>[number];

export const adminVideoResponse = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
});
export type AdminVideo = z.infer<typeof adminVideoResponse>;
export const adminVideosResponse = z.array(adminVideoResponse);

export const videoDeletedResponse = z.object({ ok: z.literal(true) });

const auditEntry = z.object({
  id: z.string(),
  action: z.enum(['created', 'promoted', 'deactivated', 'reactivated', 'role_changed', 'email_changed', 'password_set']),
  fromValue: z.string().nullable(),
  toValue: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditAction = AuditEntry['action'];

export const adminUserResponse = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
  isActive: z.boolean(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  audit: z.array(auditEntry),
});
export type AdminUser = z.infer<typeof adminUserResponse>;
export const adminUsersResponse = z.array(adminUserResponse);

const assistantUsageDay = z.object({
  date: z.string(),
  questions: z.int(),
  offlineAnswers: z.int(),
  modelAnswers: z.int(),
  tokens: z.int(),
});

export const adminStatisticsResponse = z.object({
  computedAt: z.string(),
  totalUsers: z.int(),
  activeUsers: z.int(),
  inactiveUsers: z.int(),
  totalCourses: z.int(),
  totalEnrollments: z.int(),
  completedEnrollments: z.int(),
  /** 0–100, not rounded. */
  completionRate: z.number(),
  averageProgress: z.number(),
  totalCompanies: z.int(),
  usersByRole: z.record(z.enum(userRoles), z.int()),
  assistant: z.object({
    month: assistantUsageDay.omit({ date: true }),
    /** Exactly 30 days, oldest first, today last. */
    daily: z.array(assistantUsageDay),
    topUsers: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), questions: z.int(), tokens: z.int() })),
  }),
});
export type AdminStatistics = z.infer<typeof adminStatisticsResponse>;

export const userChangeErrorTypes = { ownAccount: 'own_account', lastSuperuser: 'last_superuser' } as const;
