import { z } from 'zod';
import { courseMarketingSchema } from './content';

/**
 * The course catalogue: one JSON file per course in `src/content/courses/`.
 * The database seed reads these files, and the marketing pages read the same
 * files as an Astro content collection, so titles, durations, lesson counts,
 * levels, module titles and learning outcomes have exactly one source.
 */

export const levelSchema = z.enum(['Nybegynner', 'Mellom', 'Avansert', 'Alle nivåer']);

const nonEmpty = z.string().trim().min(1);

export const videoContentSchema = z.strictObject({
  description: nonEmpty,
  videoUrl: nonEmpty,
  captionsUrl: nonEmpty.optional(),
});

export const taskContentSchema = z
  .strictObject({
    instructions: nonEmpty.optional(),
    questions: z.array(z.strictObject({ question: nonEmpty, answer: nonEmpty })).optional(),
    tasks: z.array(nonEmpty).optional(),
    requirements: z.array(nonEmpty).optional(),
    scenarios: z.array(nonEmpty).optional(),
    placeholder: nonEmpty.optional(),
  })
  .refine((c) => Object.keys(c).length > 0, { message: 'A task lesson needs at least one content field' });

const lessonBase = {
  title: nonEmpty,
  description: nonEmpty,
  estimatedMinutes: z.number().int().min(1).max(240),
};

export const catalogueLessonSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...lessonBase, type: z.literal('video'), content: videoContentSchema }),
  z.strictObject({ ...lessonBase, type: z.literal('task'), content: taskContentSchema }),
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
  });

export type CatalogueCourse = z.infer<typeof catalogueCourseSchema>;
export type CatalogueModule = z.infer<typeof catalogueModuleSchema>;
export type CatalogueLesson = z.infer<typeof catalogueLessonSchema>;
