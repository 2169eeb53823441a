import { AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { ChatPanelHost } from '../features/chat/ChatPanelHost';
import { PlayerLoading, PlayerView } from '../features/player/PlayerView';

/**
 * The course player on /course/{courseId} (issue 11). The page answers anonymous
 * visitors with a redirect before sending anything; here the AccessGate checks the
 * session with the server (an expired one goes to sign-in and back) before any
 * course content is read. The assistant panel sits beside the course and knows the current lesson.
 */
export default function CoursePlayer({ courseId }: { courseId: string }) {
  return (
    <AppRoot>
      <AccessGate allow="user" pending={<PlayerLoading />}>
        {(user) => <PlayerView courseId={courseId} user={user} chat={(place) => <ChatPanelHost context={place} />} />}
      </AccessGate>
    </AppRoot>
  );
}
