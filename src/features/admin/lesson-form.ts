import { z } from 'zod';
import { createLessonBody, durationField } from '../../schemas/admin';
import { lessonTypes } from '../../schemas/lesson-content';

/**
 * The lesson dialogs' values as typed, checked by the server's field rules where the browser can
 * apply them; a video URL is left to the server, whose setting names the media hosts it accepts.
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
