import { useQueryClient } from '@tanstack/react-query';
import { lazy, type RefObject, Suspense, useCallback } from 'react';
import { updateCachedLesson } from './player.queries';
import type { VideoContent } from '../../schemas/lesson-content';
import type { PlayerLesson, WatchState } from '../../schemas/player';
import { useMounted } from '../../components/app/AppRoot';
import { Badge } from '../../components/ui/Badge';
import { type VideoHandle, VideoPlayer } from './VideoPlayer';

// The notes editor (and its delete dialog) is a chunk of its own, loaded once the player has
// hydrated: the first paint of a video lesson does not need it (issue 26).
const VideoNotes = lazy(() => import('./VideoNotes').then((m) => ({ default: m.VideoNotes })));

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
  const mounted = useMounted();
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
      {mounted ? (
        <Suspense fallback={<NotesPlaceholder />}>
          <VideoNotes lessonId={lessonId} player={handleRef} />
        </Suspense>
      ) : (
        <NotesPlaceholder />
      )}
    </div>
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
