import { z } from 'zod';
import { createLessonBody, durationField } from '../../schemas/admin';
import { lessonTypes } from '../../schemas/lesson-content';

/**
 * The lesson dialogs' values as typed (content as the textarea's text, the length as the number
 * input's text), checked by the server's own field rules where the browser can apply them. A video
 * URL is left to the server: the media hosts it accepts are a server setting.
 */

/** A length typed into a number input: blank is none, anything else the server's duration rule. */
const typedDuration = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : Number(value)),
  durationField.optional(),
);

function checkLength(values: { lessonType: string; durationSeconds: string }, ctx: z.RefinementCtx) {
  if (values.lessonType !== 'video') return;
  const issue = typedDuration.safeParse(values.durationSeconds).error?.issues[0];
  if (issue) ctx.addIssue({ code: 'custom', path: ['durationSeconds'], message: issue.message });
}

const typed = {
  title: createLessonBody.shape.title,
  content: z.string(),
  videoUrl: z.string(),
  durationSeconds: z.string(),
};

export const newLessonForm = z.object({ ...typed, lessonType: createLessonBody.shape.lessonType }).superRefine(checkLength);
export type NewLessonValues = z.input<typeof newLessonForm>;

export const editLessonForm = z.object({ ...typed, lessonType: z.enum(lessonTypes), isPreview: z.boolean() }).superRefine(checkLength);
export type EditLessonValues = z.input<typeof editLessonForm>;
