import type { LessonType } from '../../schemas/lesson-content';

/**
 * The admin dialogs' content rules (admin spec, section 5), free of React so they
 * are unit-tested on their own: what the lesson dialogs send as `content` and
 * `videoUrl`, and what the edit dialog shows in its textarea for a stored lesson.
 */

export const lessonTypeLabels: Record<LessonType, string> = {
  text: 'Tekst',
  html: 'HTML',
  video: 'Video',
  task: 'Oppgave',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The spec's storage rule: html → `{html}`, text → `{text}`, any other type → the
 * textarea parsed as a JSON object, or `{text}` when it is not one.
 */
export function lessonContentBody(type: LessonType, value: string): Record<string, unknown> {
  if (type === 'html') return { html: value };
  if (type === 'text') return { text: value };
  try {
    const parsed: unknown = JSON.parse(value);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Not JSON: plain text.
  }
  return { text: value };
}

/** An empty (or blank) video URL is sent as null. */
export function videoUrlBody(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A duration field's text as whole seconds, or undefined when it is empty or not a positive number. */
export function durationBody(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  const seconds = Math.round(Number(value));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * What the edit dialog's textarea starts with for a stored lesson: the HTML or the
 * text itself; for a video its description (or, when it has captions, the JSON of
 * description and captions so saving keeps them); for any other type the content as JSON.
 */
export function editableContent(type: LessonType, content: unknown): string {
  const c = isRecord(content) ? content : {};
  if (type === 'html') return typeof c.html === 'string' ? c.html : '';
  if (type === 'text') return typeof c.text === 'string' ? c.text : '';
  if (type === 'video') {
    const description = typeof c.description === 'string' ? c.description : '';
    if (typeof c.captionsUrl === 'string') return JSON.stringify({ description, captionsUrl: c.captionsUrl }, null, 2);
    return description;
  }
  return JSON.stringify(c, null, 2);
}

/** A stored video lesson's URL and length, when it has them. */
export function videoFields(content: unknown): { videoUrl: string; durationSeconds: number | undefined } {
  const c = isRecord(content) ? content : {};
  return {
    videoUrl: typeof c.videoUrl === 'string' ? c.videoUrl : '',
    durationSeconds: typeof c.durationSeconds === 'number' ? c.durationSeconds : undefined,
  };
}
