import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type {
  courseProgressResponse,
  PlayerLesson,
  progressResponse,
  videoNoteResponse,
  videoNotesResponse,
  WatchState,
  watchStateResponse,
} from '../../schemas/player';
import { ApiError, apiJson, apiRequest, getPage, getQueryFn, isUnauthorizedError } from '../../lib/api';
import { myCertificatesQuery } from '../../lib/certificates.queries';
import { enrollMutation } from '../../lib/enroll';
import { courseWithContentQuery, enrollmentsQuery, refreshLearnerProgress } from '../../lib/learning.queries';
import { type BrowserEffects, browserEffects, sessionExpired } from '../../lib/session-expired';

/** Query options and mutations of the course player, keyed by URL parts like learning.queries.ts. */

export { courseWithContentQuery };

export const courseProgressQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/courses', courseId, 'progress'],
    queryFn: getQueryFn<typeof courseProgressResponse>(),
  });

/** The learner's notes on a lesson, a page at a time in the order of the video. */
export const videoNotesQuery = (lessonId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/lessons', lessonId, 'video-notes'],
    queryFn: ({ queryKey, pageParam, signal }) => getPage<typeof videoNotesResponse>(queryKey.join('/'), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function updateCachedLesson(client: QueryClient, courseId: string, lessonId: string, change: (lesson: PlayerLesson) => PlayerLesson): void {
  client.setQueryData(courseWithContentQuery(courseId).queryKey, (course) =>
    course
      ? {
          ...course,
          modules: course.modules.map((m) => ({ ...m, lessons: m.lessons.map((l) => (l.id === lessonId ? change(l) : l)) })),
        }
      : course,
  );
}

export const playerToasts = {
  progressFailed: { title: 'Feil', description: 'Kunne ikke oppdatere fremdrift', variant: 'destructive' },
  videoNotWatched: { title: 'Video ikke fullført', description: 'Du må se hele videoen før du kan gå videre', variant: 'destructive' },
  videoWatched: { title: 'Video fullført!', description: 'Du kan nå fullføre leksjonen og gå videre.' },
  videoFailed: {
    title: 'Video kunne ikke spilles av',
    description: 'Beklager, det oppstod en feil ved avspilling av videoen. Kontroller at videoformatet støttes.',
    variant: 'destructive',
  },
  noteSaved: { title: 'Notat lagret!' },
  noteUpdated: { title: 'Notat oppdatert!' },
  noteDeleted: { title: 'Notat slettet!' },
  noteSaveFailed: { title: 'Feil', description: 'Kunne ikke lagre notatet. Prøv igjen.', variant: 'destructive' },
  /** The server's own text, which names the cap: 'Du har nådd grensen på 200 notater for denne leksjonen. …' */
  noteLimit: (text: string) => ({ title: 'Notatgrensen er nådd', description: text, variant: 'destructive' }) as const,
  noteUpdateFailed: { title: 'Feil', description: 'Kunne ikke oppdatere notatet. Prøv igjen.', variant: 'destructive' },
  noteDeleteFailed: { title: 'Feil', description: 'Kunne ikke slette notatet. Prøv igjen.', variant: 'destructive' },
  enrollFailed: { title: 'Feil', description: 'Kunne ikke melde deg på kurset. Prøv igjen.', variant: 'destructive' },
} as const;

export const isVideoNotWatched = (error: unknown) => error instanceof ApiError && error.status === 409 && error.errorType === 'video_not_watched';

const isBadRequest = (error: unknown) => error instanceof ApiError && error.status === 400;

export const isNoteLimit = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.errorType === 'note_limit';

/** A mutation's failure: an expired session goes to sign-in, anything else shows `fallback`. */
function reportFailure(error: unknown, fallback: Parameters<BrowserEffects['toast']>[0], effects: BrowserEffects): void {
  if (isUnauthorizedError(error)) return sessionExpired(effects);
  effects.toast(fallback);
}

/**
 * Marks a lesson completed; the caller advances in `onSuccess`. The completion that finishes the
 * course brings its certificate, so the list of certificates is read again.
 */
export function completeLessonMutation(client: QueryClient, courseId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (lessonId: string) => apiJson<typeof progressResponse>('POST', `/api/lessons/${lessonId}/progress`, { completed: true }),
    onSuccess: (result) => {
      client.setQueryData(courseProgressQuery(courseId).queryKey, result.courseProgress);
      updateCachedLesson(client, courseId, result.lessonId, (l) => ({ ...l, completed: result.completed }));
      if (result.courseCompleted) void client.invalidateQueries({ queryKey: myCertificatesQuery.queryKey });
      // The dashboard's figures and module progress, wherever this client holds them.
      void refreshLearnerProgress(client);
    },
    onError: (error) => reportFailure(error, isVideoNotWatched(error) ? playerToasts.videoNotWatched : playerToasts.progressFailed, effects),
  });
}

export const watchPositionUrl = (lessonId: string) => `/api/lessons/${lessonId}/watch-position`;

/** Saves where the learner is in a video; the answer is the server's count of what was watched. */
export async function saveWatchPosition(lessonId: string, positionSeconds: number): Promise<WatchState> {
  return apiJson<typeof watchStateResponse>('POST', watchPositionUrl(lessonId), { positionSeconds: roundPosition(positionSeconds) });
}

const roundPosition = (seconds: number) => Math.max(0, Math.round(seconds * 10) / 10);

/** Saves the position while the page goes away; nobody waits for the answer. */
export function beaconWatchPosition(lessonId: string, positionSeconds: number): void {
  const body = JSON.stringify({ positionSeconds: roundPosition(positionSeconds) });
  const url = watchPositionUrl(lessonId);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // A refused beacon falls back to a keepalive fetch.
  }
  void fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, credentials: 'include', keepalive: true }).catch(() => {});
}

export interface CreateNoteInput {
  lessonId: string;
  timestamp: number;
  noteText: string;
}

export function createNoteMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (input: CreateNoteInput) =>
      apiJson<typeof videoNoteResponse>('POST', '/api/video-notes', { ...input, timestamp: Math.floor(input.timestamp) }),
    onSuccess: async (note) => {
      effects.toast(playerToasts.noteSaved);
      await client.invalidateQueries({ queryKey: videoNotesQuery(note.lessonId).queryKey });
    },
    // A 400 is said under the note's field.
    onError: (error) =>
      isBadRequest(error) ||
      reportFailure(error, isNoteLimit(error) && error.bodyError ? playerToasts.noteLimit(error.bodyError) : playerToasts.noteSaveFailed, effects),
  });
}

export function updateNoteMutation(client: QueryClient, lessonId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ id, noteText }: { id: string; noteText: string }) =>
      apiJson<typeof videoNoteResponse>('PUT', `/api/video-notes/${id}`, { noteText }),
    onSuccess: async () => {
      effects.toast(playerToasts.noteUpdated);
      await client.invalidateQueries({ queryKey: videoNotesQuery(lessonId).queryKey });
    },
    onError: (error) => isBadRequest(error) || reportFailure(error, playerToasts.noteUpdateFailed, effects),
  });
}

export function deleteNoteMutation(client: QueryClient, lessonId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/video-notes/${id}`);
    },
    onSuccess: async () => {
      effects.toast(playerToasts.noteDeleted);
      await client.invalidateQueries({ queryKey: videoNotesQuery(lessonId).queryKey });
    },
    onError: (error) => reportFailure(error, playerToasts.noteDeleteFailed, effects),
  });
}

/** Enrolling from the player's banner: the dashboard's flow, then the course is read again so the banner goes away. */
export function enrollFromPlayerMutation(client: QueryClient, courseId: string, effects: BrowserEffects = browserEffects) {
  const base = enrollMutation(client, effects);
  return mutationOptions({
    ...base,
    onSuccess: async (...args: Parameters<NonNullable<typeof base.onSuccess>>) => {
      await base.onSuccess?.(...args);
      await Promise.all([
        client.invalidateQueries({ queryKey: courseWithContentQuery(courseId).queryKey }),
        client.invalidateQueries({ queryKey: enrollmentsQuery.queryKey }),
      ]);
    },
    onError: (error) => reportFailure(error, playerToasts.enrollFailed, effects),
  });
}
