import { z } from 'zod';
import { isMediaUrl, mediaUrlError } from './media';
import { text } from './text';

/**
 * The one contract for a lesson's content: what `lessons.content` holds for each
 * lesson type. The course catalogue (and so the seed), the database column's type,
 * the services and the admin's request bodies all use it. The type itself is not
 * stored in the content: it is the `type` column (API field `contentType`), and the
 * pair `{ type, content }` is what this union validates.
 *
 * Every text goes through `text()` (trimmed, bounded, no control characters), since
 * admins will write these fields.
 */

export const lessonTypes = ['video', 'task', 'text', 'html'] as const;
export type LessonType = (typeof lessonTypes)[number];

export const lessonContentMessages = {
  emptyTask: 'Innholdet i en oppgave må ha minst ett felt',
} as const;

/** A site path or an https URL on an allowed media host (src/schemas/media.ts). */
const mediaUrl = text({ max: 2048 }).refine(isMediaUrl, { error: mediaUrlError });
const line = (max: number) => text({ max });
const paragraph = (max: number) => text({ max, multiline: true });
const list = (item: ReturnType<typeof text>) => z.array(item).min(1).max(50);

export const videoContentSchema = z.strictObject({
  /** The video file: a site path (`/media/demo-leksjon.mp4`) or an https URL on a media host. */
  videoUrl: mediaUrl,
  /** WebVTT captions, same rules as `videoUrl`. */
  captionsUrl: mediaUrl.optional(),
  /** The video's length in whole seconds. */
  durationSeconds: z.number().int().positive().max(86_400),
  /** What the video covers, shown under the player. */
  description: paragraph(5_000).optional(),
});

/** A practical task: instructions, plus questions with model answers, subtasks, requirements or scenarios. */
export const taskContentSchema = z
  .strictObject({
    instructions: paragraph(5_000).optional(),
    questions: z
      .array(z.strictObject({ question: line(1_000), answer: paragraph(5_000) }))
      .min(1)
      .max(50)
      .optional(),
    tasks: list(line(1_000)).optional(),
    requirements: list(line(1_000)).optional(),
    scenarios: list(line(1_000)).optional(),
    /** Hint text of the learner's answer field. */
    placeholder: line(500).optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), { error: lessonContentMessages.emptyTask });

/** Plain text, shown with its line breaks. */
export const textContentSchema = z.strictObject({ text: paragraph(50_000) });

/** HTML written by an admin; the course player sanitises it before showing it. */
export const htmlContentSchema = z.strictObject({ html: paragraph(50_000) });

export const lessonContentSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('video'), content: videoContentSchema }),
  z.strictObject({ type: z.literal('task'), content: taskContentSchema }),
  z.strictObject({ type: z.literal('text'), content: textContentSchema }),
  z.strictObject({ type: z.literal('html'), content: htmlContentSchema }),
]);

/** A lesson's type with its content, e.g. `{ type: 'video', content: { videoUrl, durationSeconds, … } }`. */
export type LessonContent = z.infer<typeof lessonContentSchema>;
/** What `lessons.content` holds: one of the content shapes above. */
export type LessonContentValue = LessonContent['content'];
export type VideoContent = z.infer<typeof videoContentSchema>;
export type TaskContent = z.infer<typeof taskContentSchema>;
export type TextContent = z.infer<typeof textContentSchema>;
export type HtmlContent = z.infer<typeof htmlContentSchema>;
