import { z } from 'zod';
import { type LessonContentValue, lessonTypes } from './lesson-content';
import { accessReason, uuidSchema } from './learning';
import { NOTE_MAX_LENGTH, noteMessages } from './player-rules';
import { text } from './text';

/**
 * Contracts of the course player's endpoints, shared by the functions (request
 * validation) and the player island (response types). See the API table (docs/api.md)
 * and decision record 11 for the rules behind them.
 */

export {
  MAX_PLAYBACK_RATE,
  STUDY_CAP_FACTOR,
  STUDY_MAX_GAP_SECONDS,
  WATCH_SAVE_INTERVAL_MS,
  WATCH_SLACK_SECONDS,
  WATCHED_THRESHOLD,
} from './player-rules';

// --- requests -----------------------------------------------------------------

export const lessonParams = z.object({ id: uuidSchema });
export const noteParams = z.object({ id: uuidSchema });

/** POST /api/lessons/:id/progress */
export const progressBody = z.strictObject({ completed: z.boolean() });

/** POST /api/lessons/:id/watch-position (also sent with sendBeacon/keepalive when the page is left). */
export const watchPositionBody = z.strictObject({
  positionSeconds: z.number().finite().min(0).max(86_400),
});

/**
 * POST /api/lessons/:id/study-time: a heartbeat of the open lesson (also sent with sendBeacon when
 * the page is left). It carries nothing: the server measures the time itself.
 */
export const studyTimeBody = z.strictObject({});

const noteText = text({
  max: NOTE_MAX_LENGTH,
  multiline: true,
  messages: noteMessages,
});

/** POST /api/video-notes */
export const createNoteBody = z.strictObject({
  lessonId: uuidSchema,
  /** Seconds into the video; stored in whole seconds. */
  timestamp: z.number().finite().min(0).max(86_400),
  noteText,
});

/** PUT /api/video-notes/:id */
export const updateNoteBody = z.strictObject({ noteText });

// --- responses ----------------------------------------------------------------

export type AccessReason = z.infer<typeof accessReason>;

export const courseProgressResponse = z.object({ completed: z.int(), total: z.int(), percentage: z.number() });
/** GET /api/courses/:courseId/progress */
export type CourseProgress = z.infer<typeof courseProgressResponse>;

/** POST /api/lessons/:id/study-time: the seconds counted on the lesson so far. */
export const studyTimeResponse = z.object({ studySeconds: z.number() });
export type StudyTime = z.infer<typeof studyTimeResponse>;

/** The caller's saved place in a video lesson (POST /api/lessons/:id/watch-position answers it). */
export const watchStateResponse = z.object({
  /** Where the learner stopped (resume point), in seconds. */
  positionSeconds: z.number(),
  /** The furthest point the server accepts as played, in seconds. */
  furthestSeconds: z.number(),
  /** True once `furthestSeconds` reaches 95 % of the video (or its end). */
  watched: z.boolean(),
});
export type WatchState = z.infer<typeof watchStateResponse>;

/** A lesson's body as the lesson-content contract shapes it for its type. */
const lessonContentValue = z.custom<LessonContentValue>((value) => typeof value === 'object' && value !== null);

export const playerLesson = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  orderIndex: z.int(),
  contentType: z.enum(lessonTypes),
  estimatedMinutes: z.int(),
  /**
   * The lesson-content contract's shape for `contentType`; HTML already sanitised by the server.
   * Null when the lesson is locked: the server never sends a locked lesson's body, video or captions.
   */
  content: lessonContentValue.nullable(),
  /** True when the caller may not read the lesson: the player shows a lock and 'Kjøp kurset'. */
  locked: z.boolean(),
  /** True for a preview lesson (the course's first, or one an admin marked), open to every signed-in user. */
  preview: z.boolean(),
  /** Whether the caller has completed the lesson. */
  completed: z.boolean(),
  /** Video lessons: the caller's saved place, or null before they started. Other lessons: null. */
  watch: watchStateResponse.nullable(),
});
export type PlayerLesson = z.infer<typeof playerLesson>;

export const playerModule = z.object({
  module: z.object({ id: z.string(), title: z.string(), orderIndex: z.int() }),
  lessons: z.array(playerLesson),
});
export type PlayerModule = z.infer<typeof playerModule>;

/** GET /api/courses/:courseId/with-content */
export const courseWithContentResponse = z.object({
  course: z.object({ id: z.string(), title: z.string(), description: z.string(), level: z.string() }),
  /** Whether the caller holds an enrollment that gives access (not revoked). */
  enrolled: z.boolean(),
  /** Why the caller may read every lesson; null: only the previews, the rest is locked. */
  access: accessReason.nullable(),
  /** Where a learner without access buys the course. */
  purchasePath: z.string(),
  modules: z.array(playerModule),
});
export type CourseWithContent = z.infer<typeof courseWithContentResponse>;

/** POST /api/lessons/:id/progress */
export const progressResponse = z.object({
  lessonId: z.string(),
  completed: z.boolean(),
  courseProgress: courseProgressResponse,
  /** True when this change completed the whole course (the enrollment got `completedAt`). */
  courseCompleted: z.boolean(),
});
export type ProgressResult = z.infer<typeof progressResponse>;

/** POST /api/video-notes (201), PUT /api/video-notes/:id; a page of GET /api/lessons/:id/video-notes lists them. */
export const videoNoteResponse = z.object({
  id: z.string(),
  lessonId: z.string(),
  /** Whole seconds into the video. */
  timestamp: z.number(),
  noteText: z.string(),
  transcription: z.string().nullable(),
  /** ISO times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VideoNote = z.infer<typeof videoNoteResponse>;
export const videoNotesResponse = z.array(videoNoteResponse);

/** DELETE /api/video-notes/:id */
export const okResponse = z.object({ ok: z.literal(true) });
