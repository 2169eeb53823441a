import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import type { ChatContext } from './chat.queries';
import { $chatOpen, closeChat } from '../../stores/ui';
import { chatPanelFrame } from './panel-frame';

// The panel (and react-markdown) is a chunk of its own, downloaded on first open.
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * Where the assistant panel goes in an island's layout: nothing while `$chatOpen` is false;
 * once opened, the lazily loaded panel (26rem on the right from `lg`, a full-screen sheet below).
 */
export function ChatPanelHost({ context }: { context?: ChatContext }) {
  const open = useStore($chatOpen);
  if (!open) return null;
  return (
    <Suspense fallback={<ChatPanelLoading />}>
      <ChatPanel context={context} onClose={closeChat} />
    </Suspense>
  );
}

function ChatPanelLoading() {
  return (
    <aside aria-label="KI-assistent" aria-busy="true" className={chatPanelFrame}>
      <p className="p-4 text-sm text-muted">Laster...</p>
    </aside>
  );
}
