import { useQueryClient } from '@tanstack/react-query';
import { lazy, type RefObject, startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import { updateCachedLesson } from './player.queries';
import type { VideoContent } from '../../schemas/lesson-content';
import type { PlayerLesson, WatchState } from '../../schemas/player';
import { Badge } from '../../components/ui/Badge';
import { QueryError } from '../../components/ui/QueryState';
import { type VideoHandle, VideoPlayer } from './VideoPlayer';

// The notes editor (and its delete dialog) is a chunk of its own, loaded once the player has
// hydrated and the browser is idle: the first paint of a video lesson does not need it.
const loadVideoNotes = () => import('./VideoNotes');
const VideoNotes = lazy(() => loadVideoNotes().then((m) => ({ default: m.VideoNotes })));

/** A video lesson: the player, 'Fullført' once completed or watched, the description and the learner's notes. */
export function VideoLesson({
  lesson,
  content,
  courseId,
  userId,
  watched,
  onWatched,
  handleRef,
}: {
  lesson: PlayerLesson;
  content: VideoContent;
  courseId: string;
  userId: string;
  watched: boolean;
  onWatched: (lessonId: string) => void;
  handleRef: RefObject<VideoHandle | null>;
}) {
  const client = useQueryClient();
  const lessonId = lesson.id;
  // The server's count after each save goes into the cached course, so a revisit resumes there.
  const onSaved = useCallback(
    (watch: WatchState) => {
      updateCachedLesson(client, courseId, lessonId, (l) => ({ ...l, watch }));
      if (watch.watched) onWatched(lessonId);
    },
    [client, courseId, lessonId, onWatched],
  );
  const done = lesson.completed || watched;
  return (
    <div className="space-y-4">
      <div className="flex min-h-6 items-center gap-2">
        {done && (
          <Badge data-video-done>
            <span aria-hidden="true">✓</span> Fullført
          </Badge>
        )}
      </div>
      <VideoPlayer
        lessonId={lessonId}
        title={lesson.title}
        content={content}
        userId={userId}
        watch={lesson.watch}
        handleRef={handleRef}
        onWatched={() => onWatched(lessonId)}
        onSaved={onSaved}
      />
      {content.description && <p className="leading-relaxed text-ink">{content.description}</p>}
      <LaterNotes lessonId={lessonId} player={handleRef} />
    </div>
  );
}

/**
 * The notes, rendered in the browser only and after the rest of the player: the server and the
 * hydrating render show the placeholder; once the browser is idle the chunk is fetched, and the
 * editor replaces the placeholder in a transition, work React may pause. Only this component
 * renders again, never the video above it, so hydration stays a row of short tasks (the phone's
 * Total Blocking Time).
 */
function LaterNotes({ lessonId, player }: { lessonId: string; player: RefObject<VideoHandle | null> }) {
  const [state, setState] = useState<'waiting' | 'ready' | 'failed'>('waiting');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () => {
      loadVideoNotes().then(
        () => live && startTransition(() => setState('ready')),
        () => live && setState('failed'),
      );
    };
    // Safari has no requestIdleCallback: a short timeout stands in.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 50);
      return () => {
        live = false;
        clearTimeout(timer);
      };
    }
    const handle = requestIdleCallback(load, { timeout: 2000 });
    return () => {
      live = false;
      cancelIdleCallback(handle);
    };
  }, [attempt]);
  if (state === 'failed') {
    // An old deploy's chunk or a dropped connection: say so, and let the learner try again.
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <QueryError
          text="Kunne ikke laste notatene."
          onRetry={() => {
            setState('waiting');
            setAttempt((n) => n + 1);
          }}
        />
      </div>
    );
  }
  if (state === 'waiting') return <NotesPlaceholder />;
  return (
    <Suspense fallback={<NotesPlaceholder />}>
      <VideoNotes lessonId={lessonId} player={player} />
    </Suspense>
  );
}

/** Where the notes go while their chunk loads: about the height of the empty editor, so nothing below jumps. */
function NotesPlaceholder() {
  return (
    <div aria-busy="true" className="min-h-64 space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <p className="text-sm text-muted">Laster notater...</p>
    </div>
  );
}
