import { z } from 'zod';
import { courseMarketingSchema } from './content';
import { htmlContentSchema, taskContentSchema, textContentSchema, videoContentSchema } from './lesson-content';

/** One source for the seed and the marketing pages; once an admin renames a course or module, the database's title wins. */

export const levelSchema = z.enum(['Nybegynner', 'Mellom', 'Avansert', 'Alle nivåer']);

const nonEmpty = z.string().trim().min(1);

/** The seed takes a missing length from the measured media files (db/media.ts). */
export const catalogueVideoContentSchema = videoContentSchema.partial({ durationSeconds: true });

const lessonBase = {
  title: nonEmpty,
  description: nonEmpty,
  estimatedMinutes: z.number().int().min(1).max(240),
};

export const catalogueLessonSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...lessonBase, type: z.literal('video'), content: catalogueVideoContentSchema }),
  z.strictObject({ ...lessonBase, type: z.literal('task'), content: taskContentSchema }),
  z.strictObject({ ...lessonBase, type: z.literal('text'), content: textContentSchema }),
  z.strictObject({ ...lessonBase, type: z.literal('html'), content: htmlContentSchema }),
]);

export const catalogueModuleSchema = z.strictObject({
  title: nonEmpty,
  description: nonEmpty,
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
    duration: nonEmpty,
    level: levelSchema,
    order: z.number().int().min(1),
    lessonCount: z.number().int().min(1),
    modules: z.array(catalogueModuleSchema).min(1),
    marketing: courseMarketingSchema,
  })
  .refine((c) => c.modules.reduce((n, m) => n + m.lessons.length, 0) === c.lessonCount, {
    message: 'lessonCount must equal the number of lessons in the modules',
  })
  .refine((c) => c.duration === courseDurationText(c), {
    message: "duration must be the lessons' estimated minutes in whole hours, e.g. '6 timer'",
    path: ['duration'],
  });

/** The one rule behind every figure of a course's length: the lessons' estimated minutes, rounded to whole hours. */
export function courseHours(course: { modules: { lessons: { estimatedMinutes: number }[] }[] }): number {
  const minutes = course.modules.reduce((sum, m) => sum + m.lessons.reduce((s, l) => s + l.estimatedMinutes, 0), 0);
  return Math.max(1, Math.round(minutes / 60));
}

export function courseDurationText(course: Parameters<typeof courseHours>[0]): string {
  const hours = courseHours(course);
  return `${hours} ${hours === 1 ? 'time' : 'timer'}`;
}

export type CatalogueCourse = z.infer<typeof catalogueCourseSchema>;
export type CatalogueModule = z.infer<typeof catalogueModuleSchema>;
export type CatalogueLesson = z.infer<typeof catalogueLessonSchema>;
