import { AppRoot, initialQuery } from '../components/app/AppRoot';
import { ChatPanelHost } from '../features/chat/ChatPanelHost';
import { courseProgressQuery, courseWithContentQuery } from '../features/player/player.queries';
import { PlayerView } from '../features/player/PlayerView';
import { taskAnswersQuery } from '../features/player/task-answers.queries';
import { myCertificatesQuery } from '../lib/certificates.queries';
import { currentUserQuery } from '../lib/learning.queries';
import type { CurrentUser } from '../schemas/auth';
import type { MyCertificate } from '../schemas/certificates';
import type { CourseProgress, CourseWithContent } from '../schemas/player';
import type { TaskAnswers } from '../schemas/task-answers';

export interface CoursePlayerData {
  user: CurrentUser;
  course: CourseWithContent;
  progress: CourseProgress;
  /** The current task lesson's saved answers, and the certificates when the current lesson is the last. */
  taskAnswers?: { lessonId: string; answers: TaskAnswers } | undefined;
  certificates?: MyCertificate[] | undefined;
}

/** Renders on the server with the data the page read and hydrates with it in its cache, asking the API nothing. */
export default function CoursePlayer({ data, search }: { data: CoursePlayerData; search: string }) {
  const courseId = data.course.course.id;
  const initialData = [
    initialQuery(currentUserQuery, data.user),
    initialQuery(courseWithContentQuery(courseId), data.course),
    initialQuery(courseProgressQuery(courseId), data.progress),
    ...(data.taskAnswers ? [initialQuery(taskAnswersQuery(data.taskAnswers.lessonId), data.taskAnswers.answers)] : []),
    ...(data.certificates ? [initialQuery(myCertificatesQuery, data.certificates)] : []),
  ];
  return (
    <AppRoot initialData={initialData}>
      <PlayerView courseId={courseId} user={data.user} initialSearch={search} chat={(place) => <ChatPanelHost context={place} />} />
    </AppRoot>
  );
}
