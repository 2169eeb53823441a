import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback } from 'react';
import { updateCachedLesson } from './player.queries';
import type { VideoContent } from '../../schemas/lesson-content';
import type { PlayerLesson, WatchState } from '../../schemas/player';
import { Badge } from '../../components/ui/Badge';
import { VideoNotes } from './VideoNotes';
import { type VideoHandle, VideoPlayer } from './VideoPlayer';

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
      <VideoNotes lessonId={lessonId} player={handleRef} />
    </div>
  );
}
