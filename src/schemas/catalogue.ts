import { z } from 'zod';
import { courseMarketingSchema } from './content';
import { htmlContentSchema, taskContentSchema, textContentSchema, videoContentSchema } from './lesson-content';

/**
 * The course catalogue: one JSON file per course in `src/content/courses/`.
 * The database seed reads these files, and the marketing pages read the same
 * files as an Astro content collection, so durations, lesson counts, levels,
 * prices and learning outcomes have exactly one source. Course and module titles
 * start here too; once an admin renames one, the database's title wins, on the
 * public pages as well. Lesson content follows `lessonContentSchema`.
 */

export const levelSchema = z.enum(['Nybegynner', 'Mellom', 'Avansert', 'Alle nivåer']);

const nonEmpty = z.string().trim().min(1);

/**
 * A catalogue video may leave out its length: the seed takes it from the measured
 * media files (`db/media.ts`). Everything else is the lesson-content contract.
 */
export const catalogueVideoContentSchema = videoContentSchema.partial({ durationSeconds: true });

const lessonBase = {
  title: nonEmpty,
  description: nonEmpty,
  estimatedMinutes: z.number().int().min(1).max(240),
};

/** A lesson in git: its type and content follow `lessonContentSchema` (src/schemas/lesson-content.ts). */
export const catalogueLessonSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...lessonBase, type: z.literal('video'), content: catalogueVideoContentSchema }),
  z.strictObject({ ...lessonBase, type: z.literal('task'), content: taskContentSchema }),
  z.strictObject({ ...lessonBase, type: z.literal('text'), content: textContentSchema }),
  z.strictObject({ ...lessonBase, type: z.literal('html'), content: htmlContentSchema }),
]);

export const catalogueModuleSchema = z.strictObject({
  title: nonEmpty,
  description: nonEmpty,
  /** Marketing duration text, e.g. '1 time' or '45 min'. */
  duration: nonEmpty,
  learningOutcomes: z.array(nonEmpty).min(3).max(6),
  lessons: z.array(catalogueLessonSchema).min(1),
});

export const catalogueCourseSchema = z
  .strictObject({
    /** Also the course's route slug and its database id. */
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    title: nonEmpty,
    description: nonEmpty,
    /** Catalogue duration text, e.g. '6 timer'. */
    duration: nonEmpty,
    level: levelSchema,
    /** Position in the catalogue (1 = first). */
    order: z.number().int().min(1),
    /** Lesson count the catalogue states; checked against the modules. */
    lessonCount: z.number().int().min(1),
    modules: z.array(catalogueModuleSchema).min(1),
    /** Course page fields (price, hours, what you learn); the seed ignores them. */
    marketing: courseMarketingSchema,
  })
  .refine((c) => c.modules.reduce((n, m) => n + m.lessons.length, 0) === c.lessonCount, {
    message: 'lessonCount must equal the number of lessons in the modules',
  })
  .refine((c) => c.duration === courseDurationText(c), {
    message: "duration must be the lessons' estimated minutes in whole hours, e.g. '6 timer' (decision 16)",
    path: ['duration'],
  });

/**
 * A course's length in whole hours: the sum of its lessons' estimated minutes, rounded.
 * The one rule behind every figure of a course's length (the landing card, the course
 * page, the price block, the JSON-LD and the dashboard), decision 16.
 */
export function courseHours(course: { modules: { lessons: { estimatedMinutes: number }[] }[] }): number {
  const minutes = course.modules.reduce((sum, m) => sum + m.lessons.reduce((s, l) => s + l.estimatedMinutes, 0), 0);
  return Math.max(1, Math.round(minutes / 60));
}

/** '1 time', '6 timer'. */
export function courseDurationText(course: Parameters<typeof courseHours>[0]): string {
  const hours = courseHours(course);
  return `${hours} ${hours === 1 ? 'time' : 'timer'}`;
}

export type CatalogueCourse = z.infer<typeof catalogueCourseSchema>;
export type CatalogueModule = z.infer<typeof catalogueModuleSchema>;
export type CatalogueLesson = z.infer<typeof catalogueLessonSchema>;
