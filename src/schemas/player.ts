import { z } from 'zod';
import type { LessonContentValue, LessonType } from './lesson-content';
import { uuidSchema } from './learning';
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

export const NOTE_MAX_LENGTH = 5_000;

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
  messages: { required: 'Notatet kan ikke være tomt', tooLong: `Notatet kan ha høyst ${NOTE_MAX_LENGTH} tegn` },
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

/**
 * Why a user may read every lesson of a course (decision 26): an enrollment's source (a free
 * course, a purchase, a company seat, an admin's grant), or `staff` (admins and superusers).
 */
export type AccessReason = 'free' | 'purchase' | 'seat' | 'grant' | 'staff';

export interface CourseProgress {
  completed: number;
  total: number;
  percentage: number;
}

/** POST /api/lessons/:id/study-time: the seconds counted on the lesson so far. */
export interface StudyTime {
  studySeconds: number;
}

/** The caller's saved place in a video lesson. */
export interface WatchState {
  /** Where the learner stopped (resume point), in seconds. */
  positionSeconds: number;
  /** The furthest point the server accepts as played, in seconds. */
  furthestSeconds: number;
  /** True once `furthestSeconds` reaches 95 % of the video (or its end). */
  watched: boolean;
}

export interface PlayerLesson {
  id: string;
  title: string;
  description: string | null;
  orderIndex: number;
  contentType: LessonType;
  estimatedMinutes: number;
  /**
   * The lesson-content contract's shape for `contentType`; HTML already sanitised by the server.
   * Null when the lesson is locked: the server never sends a locked lesson's body, video or captions.
   */
  content: LessonContentValue | null;
  /** True when the caller may not read the lesson (decision 26): the player shows a lock and 'Kjøp kurset'. */
  locked: boolean;
  /** True for a preview lesson (the course's first, or one an admin marked), open to every signed-in user. */
  preview: boolean;
  /** Whether the caller has completed the lesson. */
  completed: boolean;
  /** Video lessons: the caller's saved place, or null before they started. Other lessons: null. */
  watch: WatchState | null;
}

export interface PlayerModule {
  module: { id: string; title: string; orderIndex: number };
  lessons: PlayerLesson[];
}

/** GET /api/courses/:courseId/with-content */
export interface CourseWithContent {
  course: { id: string; title: string; description: string; level: string };
  /** Whether the caller holds an enrollment that gives access (not revoked). */
  enrolled: boolean;
  /** Why the caller may read every lesson (decision 26); null: only the previews, the rest is locked. */
  access: AccessReason | null;
  /** Where a learner without access buys the course: its public page until the checkout exists. */
  purchasePath: string;
  modules: PlayerModule[];
}

/** POST /api/lessons/:id/progress */
export interface ProgressResult {
  lessonId: string;
  completed: boolean;
  courseProgress: CourseProgress;
  /** True when this change completed the whole course (the enrollment got `completedAt`). */
  courseCompleted: boolean;
}

/** GET /api/lessons/:id/video-notes (array), POST /api/video-notes, PUT /api/video-notes/:id */
export interface VideoNote {
  id: string;
  lessonId: string;
  /** Whole seconds into the video. */
  timestamp: number;
  noteText: string;
  transcription: string | null;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
}
