import { z } from 'zod';
import { type LessonContentValue, lessonTypes } from './lesson-content';
import { accessReason, uuidSchema } from './learning';
import { NOTE_MAX_LENGTH, noteMessages } from './note-rules';
import { text } from './text';

export {
  MAX_PLAYBACK_RATE,
  STUDY_CAP_FACTOR,
  STUDY_MAX_GAP_SECONDS,
  WATCH_SAVE_INTERVAL_MS,
  WATCH_SLACK_SECONDS,
  WATCHED_THRESHOLD,
} from './player-rules';

export const lessonParams = z.object({ id: uuidSchema });
export const noteParams = z.object({ id: uuidSchema });

export const progressBody = z.strictObject({ completed: z.boolean() });

/** Also sent with sendBeacon/keepalive when the page is left. */
export const watchPositionBody = z.strictObject({
  positionSeconds: z.number().finite().min(0).max(86_400),
});

/** Carries nothing: the server measures the time itself. */
export const studyTimeBody = z.strictObject({});

const noteText = text({
  max: NOTE_MAX_LENGTH,
  multiline: true,
  messages: noteMessages,
});

export const createNoteBody = z.strictObject({
  lessonId: uuidSchema,
  /** Seconds into the video; stored in whole seconds. */
  timestamp: z.number().finite().min(0).max(86_400),
  noteText,
});

export const updateNoteBody = z.strictObject({ noteText });

export type AccessReason = z.infer<typeof accessReason>;

export const courseProgressResponse = z.object({ completed: z.int(), total: z.int(), percentage: z.number() });
export type CourseProgress = z.infer<typeof courseProgressResponse>;

export const studyTimeResponse = z.object({ studySeconds: z.number() });
export type StudyTime = z.infer<typeof studyTimeResponse>;

export const watchStateResponse = z.object({
  positionSeconds: z.number(),
  furthestSeconds: z.number(),
  /** True once `furthestSeconds` reaches 95 % of the video (or its end). */
  watched: z.boolean(),
});
export type WatchState = z.infer<typeof watchStateResponse>;

const lessonContentValue = z.custom<LessonContentValue>((value) => typeof value === 'object' && value !== null);

export const playerLesson = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  orderIndex: z.int(),
  contentType: z.enum(lessonTypes),
  estimatedMinutes: z.int(),
  /** Null when the lesson is locked: the server never sends a locked lesson's body; HTML arrives sanitised. */
  content: lessonContentValue.nullable(),
  locked: z.boolean(),
  preview: z.boolean(),
  completed: z.boolean(),
  watch: watchStateResponse.nullable(),
});
export type PlayerLesson = z.infer<typeof playerLesson>;

export const playerModule = z.object({
  module: z.object({ id: z.string(), title: z.string(), orderIndex: z.int() }),
  lessons: z.array(playerLesson),
});
export type PlayerModule = z.infer<typeof playerModule>;

export const courseWithContentResponse = z.object({
  course: z.object({ id: z.string(), title: z.string(), description: z.string(), level: z.string() }),
  enrolled: z.boolean(),
  access: accessReason.nullable(),
  purchasePath: z.string(),
  modules: z.array(playerModule),
});
export type CourseWithContent = z.infer<typeof courseWithContentResponse>;

export const progressResponse = z.object({
  lessonId: z.string(),
  completed: z.boolean(),
  courseProgress: courseProgressResponse,
  courseCompleted: z.boolean(),
});
export type ProgressResult = z.infer<typeof progressResponse>;

export const videoNoteResponse = z.object({
  id: z.string(),
  lessonId: z.string(),
  timestamp: z.number(),
  noteText: z.string(),
  transcription: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VideoNote = z.infer<typeof videoNoteResponse>;
export const videoNotesResponse = z.array(videoNoteResponse);

export const okResponse = z.object({ ok: z.literal(true) });
