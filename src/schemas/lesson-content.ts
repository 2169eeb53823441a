import { z } from 'zod';
import { isMediaUrl, mediaUrlError } from './media';
import { text } from './text';

/** The type is stored in the `type` column, not in the content; every text goes through `text()` since admins write these fields. */

export const lessonTypes = ['video', 'task', 'text', 'html'] as const;
export type LessonType = (typeof lessonTypes)[number];

export const lessonContentMessages = {
  emptyTask: 'Innholdet i en oppgave må ha minst ett felt',
} as const;

const mediaUrl = text({ max: 2048 }).refine(isMediaUrl, { error: mediaUrlError });
const line = (max: number) => text({ max });
const paragraph = (max: number) => text({ max, multiline: true });
const list = (item: ReturnType<typeof text>) => z.array(item).min(1).max(50);

export const videoContentSchema = z.strictObject({
  videoUrl: mediaUrl,
  captionsUrl: mediaUrl.optional(),
  durationSeconds: z.number().int().positive().max(86_400),
  description: paragraph(5_000).optional(),
});

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
    placeholder: line(500).optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), { error: lessonContentMessages.emptyTask });

export const textContentSchema = z.strictObject({ text: paragraph(50_000) });

/** HTML written by an admin; the course player sanitises it before showing it. */
export const htmlContentSchema = z.strictObject({ html: paragraph(50_000) });

export const lessonContentSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('video'), content: videoContentSchema }),
  z.strictObject({ type: z.literal('task'), content: taskContentSchema }),
  z.strictObject({ type: z.literal('text'), content: textContentSchema }),
  z.strictObject({ type: z.literal('html'), content: htmlContentSchema }),
]);

export type LessonContent = z.infer<typeof lessonContentSchema>;
export type LessonContentValue = LessonContent['content'];
export type VideoContent = z.infer<typeof videoContentSchema>;
export type TaskContent = z.infer<typeof taskContentSchema>;
export type TextContent = z.infer<typeof textContentSchema>;
export type HtmlContent = z.infer<typeof htmlContentSchema>;
