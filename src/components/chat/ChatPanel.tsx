import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type ChatContext,
  chatToasts,
  conversationsQuery,
  createConversationMutation,
  deleteConversationMutation,
  messagesQuery,
  NEW_CONVERSATION_TITLE,
  sendErrorToast,
  sendMessageMutation,
} from '../../lib/chat.queries';
import type { ChatMessage } from '../../schemas/chat';
import { toast } from '../../stores/toast';
import { Button } from '../ui/Button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../ui/Collapsible';
import { cn } from '../ui/cn';
import { Input } from '../ui/Input';
import { ChatMessageBubble } from './ChatMessageBubble';
import { chatPanelFrame } from './panel-frame';

interface ChatPanelProps {
  /** The current course and lesson (the player's), sent with each message. */
  context?: ChatContext;
  onClose: () => void;
}

/**
 * The AI assistant panel 'KI Assistent' (spec, learner side, sections 2, 4, 5, 8). Mounted only
 * while open, so the conversation list loads only then; messages load for the selected one.
 */
export default function ChatPanel({ context, onClose }: ChatPanelProps) {
  const client = useQueryClient();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [listOpen, setListOpen] = useState(true);

  const conversations = useQuery(conversationsQuery);
  const messages = useQuery({ ...messagesQuery(selectedId ?? ''), enabled: selectedId !== null });

  const create = useMutation({
    ...createConversationMutation,
    onSuccess: async (conversation) => {
      setSelectedId(conversation.id);
      await client.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
    onError: () => toast(chatToasts.createFailed),
  });

  const remove = useMutation({
    ...deleteConversationMutation,
    onSuccess: async (_result, id) => {
      setSelectedId(null);
      client.removeQueries({ queryKey: messagesQuery(id).queryKey });
      await client.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
    onError: () => toast(chatToasts.deleteFailed),
  });

  const sendOptions = sendMessageMutation(client);
  const send = useMutation({
    ...sendOptions,
    onError: (error, variables, result, mutationContext) => {
      sendOptions.onError?.(error, variables, result, mutationContext);
      setDraft((current) => (current.trim() ? current : variables.content));
      toast(sendErrorToast(error));
    },
  });

  // Focus moves into the panel when it opens.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const content = draft.trim();
    if (!content || send.isPending) return;
    setDraft('');
    send.mutate({ conversationId: selectedId, content, context });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  const list = conversations.data ?? [];

  return (
    // Escape anywhere in the panel closes it (the handler sits on the region, keys come from its controls).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <aside aria-labelledby={titleId} className={chatPanelFrame} onKeyDown={onKeyDown} data-chat-panel>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
          KI Assistent
        </h2>
        <div className="flex items-center gap-1">
          <Button size="sm" onClick={() => create.mutate()} disabled={create.isPending}>
            {create.isPending ? 'Oppretter...' : 'Ny Chat'}
          </Button>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Lukk KI Assistent">
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </Button>
        </div>
      </div>

      {list.length > 0 && (
        <Collapsible open={listOpen} onOpenChange={setListOpen} className="border-b border-slate-200 px-4 py-2">
          <CollapsibleTrigger className="flex w-full items-center justify-between rounded-md py-1 text-sm font-medium text-ink">
            Samtaler ({list.length})
            <span aria-hidden="true" className="text-muted">
              {listOpen ? '▴' : '▾'}
            </span>
          </CollapsibleTrigger>
          <CollapsibleContent>
            <ul className="mt-1 max-h-32 space-y-1 overflow-y-auto" aria-label="Samtaler">
              {list.map((conversation) => {
                const title = conversation.title.trim() || NEW_CONVERSATION_TITLE;
                const selected = conversation.id === selectedId;
                return (
                  <li key={conversation.id} className="flex items-center gap-1">
                    <button
                      type="button"
                      onClick={() => setSelectedId(conversation.id)}
                      aria-current={selected ? 'true' : undefined}
                      className={cn(
                        'min-w-0 flex-1 truncate rounded-md px-2 py-1 text-left text-sm',
                        selected ? 'bg-brand-50 font-semibold text-brand-900' : 'text-ink hover:bg-slate-100',
                      )}
                    >
                      {title}
                    </button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2 text-danger"
                      aria-label={`Slett samtale ${title}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(conversation.id)}
                    >
                      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20">
                        <path
                          d="M4 6h12M8 6V4h4v2m-6 0 1 10h6l1-10"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="1.6"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </CollapsibleContent>
        </Collapsible>
      )}

      <MessageArea selectedId={selectedId} messages={messages} pending={send.isPending} />

      <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 p-3">
        <Input
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Skriv en melding..."
          aria-label="Melding til KI Assistent"
          disabled={send.isPending}
          className="min-w-0 flex-1"
          autoComplete="off"
        />
        <Button type="submit" disabled={!draft.trim() || send.isPending}>
          Send
        </Button>
      </form>
    </aside>
  );
}

interface MessagesState {
  data?: ChatMessage[];
  isPending: boolean;
  isError: boolean;
}

function MessageArea({ selectedId, messages, pending }: { selectedId: string | null; messages: MessagesState; pending: boolean }) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const list = messages.data;

  // Scroll to the newest message whenever the list (or the pending reply) changes.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [list, pending]);

  let body;
  if (!selectedId) body = <p className="text-center text-sm text-muted">Klikk på "Ny Chat" for å starte en samtale</p>;
  else if (messages.isPending) body = <p className="text-center text-sm text-muted">Laster meldinger...</p>;
  else if (messages.isError) body = <p className="text-center text-sm text-danger">Kunne ikke hente meldingene.</p>;
  else if (!list?.length && !pending) body = <p className="text-center text-sm text-muted">Ingen meldinger ennå. Start en samtale!</p>;
  else body = null;

  return (
    // A scrollable region must be reachable by keyboard; role="log" announces new replies politely.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div ref={scroller} role="log" aria-live="polite" aria-label="Meldinger" tabIndex={0} className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
      {body}
      {selectedId && (list?.length || pending) ? (
        <ul className="space-y-3">
          {list?.map((message) => (
            <ChatMessageBubble key={message.id} message={message} />
          ))}
          {pending && (
            <li className="flex justify-start">
              <div className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-muted">Tenker...</div>
            </li>
          )}
        </ul>
      ) : null}
    </div>
  );
}
