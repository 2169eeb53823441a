import type { RefObject } from 'react';
import type { CurrentUser } from '../../schemas/auth';
import { HtmlLesson } from '../../components/app/HtmlLesson';
import type { HtmlContent, TaskContent, TextContent, VideoContent } from '../../schemas/lesson-content';
import type { PlayerLesson } from '../../schemas/player';
import { TaskLesson } from './TaskLesson';
import { VideoLesson } from './VideoLesson';
import type { VideoHandle } from './VideoPlayer';

/** The current lesson's body, by content type. */
export function LessonContent({
  lesson,
  courseId,
  user,
  watched,
  onWatched,
  videoRef,
}: {
  lesson: PlayerLesson;
  courseId: string;
  user: CurrentUser;
  watched: boolean;
  onWatched: (lessonId: string) => void;
  videoRef: RefObject<VideoHandle | null>;
}) {
  // The lesson-content contract pairs `content` with `contentType`, a pairing the response type does
  // not carry yet (its two fields are typed apart), so each case names the shape its type has.
  /* eslint-disable no-restricted-syntax */
  switch (lesson.contentType) {
    case 'video':
      return (
        <VideoLesson
          lesson={lesson}
          content={lesson.content as VideoContent}
          courseId={courseId}
          userId={user.id}
          watched={watched}
          onWatched={onWatched}
          handleRef={videoRef}
        />
      );
    case 'task':
      return <TaskLesson key={lesson.id} lessonId={lesson.id} content={lesson.content as TaskContent} />;
    case 'text':
      return <TextLesson content={lesson.content as TextContent} />;
    case 'html':
      return <HtmlLesson content={lesson.content as HtmlContent} />;
  }
  /* eslint-enable no-restricted-syntax */
}

/** Plain text with its line breaks; React escapes it. */
export function TextLesson({ content }: { content: TextContent }) {
  return <div className="whitespace-pre-line rounded-xl border border-slate-200 bg-white p-4 leading-relaxed text-ink sm:p-6">{content.text}</div>;
}
