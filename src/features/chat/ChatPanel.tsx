import { useStore } from '@nanostores/react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { FocusScope as FocusScopePrimitive } from 'radix-ui/internal';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  allConversations,
  changeFirstPage,
  type ChatContext,
  chatToasts,
  chronologicalMessages,
  conversationsQuery,
  createConversationMutation,
  createErrorToast,
  deleteConversationMutation,
  isOptimistic,
  messagesQuery,
  NEW_CONVERSATION_TITLE,
  sendErrorToast,
  sendMessageMutation,
  STREAMING_MESSAGE_ID,
} from './chat.queries';
import type { ChatMessage, Conversation } from '../../schemas/chat';
import { toast } from '../../stores/toast';
import { $chatDraft, $chatSelectedId } from '../../stores/ui';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/AlertDialog';
import { Button } from '../../components/ui/Button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../../components/ui/Collapsible';
import { cn } from '../../components/ui/cn';
import { Input } from '../../components/ui/Input';
import { ChatMessageBubble } from './ChatMessageBubble';
import { chatPanelFrame, chatPanelModalQuery } from './panel-frame';

interface ChatPanelProps {
  /** The current course and lesson (the player's), sent with each message. */
  context?: ChatContext;
  onClose: () => void;
}

const setSelectedId = (id: string | null) => $chatSelectedId.set(id);
const setDraft = (draft: string) => $chatDraft.set(draft);

/** True below `lg`, where the panel is a full-screen sheet and so a modal one (focus stays inside). */
function useModalSheet(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(chatPanelModalQuery);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(chatPanelModalQuery).matches,
    () => false,
  );
}

/**
 * The AI assistant panel 'KI-assistent', mounted only while open. The selection and the draft live
 * in `src/stores/ui.ts`, so they survive closing and reopening.
 */
export default function ChatPanel({ context, onClose }: ChatPanelProps) {
  const client = useQueryClient();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const selectedId = useStore($chatSelectedId);
  const draft = useStore($chatDraft);
  const [listOpen, setListOpen] = useState(true);
  const [starting, setStarting] = useState(false);
  const modal = useModalSheet();
  const running = useRef<AbortController | null>(null);
  /** Whether focus was in the message form when the send started: it goes back to the input after. */
  const refocusInput = useRef(false);

  const conversations = useInfiniteQuery({ ...conversationsQuery, select: allConversations });
  const messages = useInfiniteQuery({ ...messagesQuery(selectedId ?? ''), enabled: selectedId !== null, select: chronologicalMessages });

  const create = useMutation({
    ...createConversationMutation,
    onSuccess: async (conversation) => {
      // In the list before it is selected, so the check below never sees it missing.
      client.setQueryData(conversationsQuery.queryKey, (data) =>
        changeFirstPage(data, (list) => [conversation, ...list.filter((c) => c.id !== conversation.id)]),
      );
      setSelectedId(conversation.id);
      await client.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
    // At the cap on conversations the server's text says so; any other failure is the spec's toast.
    onError: (error) => toast(createErrorToast(error)),
  });

  const remove = useMutation({
    ...deleteConversationMutation,
    onSuccess: async (_result, id) => {
      // Keep focus in the panel, on its heading: the confirmation gave it back to the row's delete
      // button, which is about to go.
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('[data-conversation-id]')?.getAttribute('data-conversation-id') === id) {
        heading.current?.focus();
      }
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
      const current = $chatDraft.get();
      setDraft(current.trim() ? current : variables.content);
      // Stop (or closing the panel) reverts like a failure, without a toast.
      if (!variables.signal?.aborted) toast(sendErrorToast(error));
    },
    onSettled: () => {
      running.current = null;
    },
  });

  // A selection that is no longer in the (settled) list was deleted, here or elsewhere: clear it.
  const list = conversations.data;
  useEffect(() => {
    if (selectedId && list && !conversations.isFetching && !list.some((c) => c.id === selectedId)) setSelectedId(null);
  }, [selectedId, list, conversations.isFetching]);

  // Focus moves into the panel when it opens; closing the panel stops a reply under way.
  useEffect(() => {
    heading.current?.focus();
    return () => running.current?.abort();
  }, []);

  // While a reply is pending the input is disabled: focus waits on Stop, then returns to the input.
  const pending = send.isPending || starting;
  useEffect(() => {
    if (!refocusInput.current) return;
    if (pending) formRef.current?.querySelector<HTMLButtonElement>('[data-stop]')?.focus();
    else {
      refocusInput.current = false;
      inputRef.current?.focus();
    }
  }, [pending]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const content = draft.trim();
    if (!content || send.isPending || starting) return;
    const active = document.activeElement;
    refocusInput.current = Boolean(active && formRef.current?.contains(active));
    setDraft('');
    let conversationId = selectedId;
    if (!conversationId) {
      setStarting(true);
      try {
        conversationId = (await create.mutateAsync()).id;
      } catch {
        // The create's own toast says why; the question comes back to the field.
        setDraft($chatDraft.get().trim() ? $chatDraft.get() : content);
        refocusInput.current = false;
        inputRef.current?.focus();
        return;
      } finally {
        setStarting(false);
      }
    }
    const controller = new AbortController();
    running.current = controller;
    send.mutate({ conversationId, content, context, signal: controller.signal });
  };

  const stop = () => running.current?.abort();

  const conversationList = list ?? [];

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys from a dialog the panel opened (portalled elsewhere in the page) are that dialog's.
    if (!(event.currentTarget as Node).contains(event.target as Node)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    // Below `lg` the panel covers the page, so Tab and Shift+Tab cycle inside it; from `lg` it is a
    // column beside the page and focus moves freely. Our own code moves focus in and out.
    <FocusScopePrimitive.Root
      asChild
      trapped={modal}
      loop={modal}
      onMountAutoFocus={(e) => e.preventDefault()}
      onUnmountAutoFocus={(e) => e.preventDefault()}
    >
      {/* Escape anywhere in the panel closes it (the handler sits on the region, keys come from its controls). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <aside aria-labelledby={titleId} className={chatPanelFrame} onKeyDown={onKeyDown} data-chat-panel data-modal={modal ? 'true' : undefined}>
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
            KI-assistent
          </h2>
          <div className="flex items-center gap-1">
            <Button size="sm" onClick={() => create.mutate()} disabled={create.isPending}>
              {create.isPending ? 'Oppretter...' : 'Ny samtale'}
            </Button>
            <Button variant="ghost" size="icon" onClick={onClose} aria-label="Lukk KI-assistent">
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20">
                <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </Button>
          </div>
        </div>

        {conversationList.length > 0 && (
          <Collapsible open={listOpen} onOpenChange={setListOpen} className="border-b border-slate-200 px-4 py-2">
            <CollapsibleTrigger className="flex w-full items-center justify-between rounded-md py-1 text-sm font-medium text-ink">
              Samtaler ({conversationList.length}
              {conversations.hasNextPage ? '+' : ''})
              <span aria-hidden="true" className="text-muted">
                {listOpen ? '▴' : '▾'}
              </span>
            </CollapsibleTrigger>
            <CollapsibleContent>
              <ul className="mt-1 max-h-32 space-y-1 overflow-y-auto" aria-label="Samtaler">
                {conversationList.map((conversation) => (
                  <ConversationRow
                    key={conversation.id}
                    conversation={conversation}
                    selected={conversation.id === selectedId}
                    onSelect={() => setSelectedId(conversation.id)}
                    onDelete={() => remove.mutate(conversation.id)}
                    deleting={remove.isPending}
                  />
                ))}
                {conversations.hasNextPage && (
                  <li>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="w-full"
                      onClick={() => void conversations.fetchNextPage()}
                      disabled={conversations.isFetchingNextPage}
                    >
                      {conversations.isFetchingNextPage ? 'Laster...' : 'Vis flere samtaler'}
                    </Button>
                  </li>
                )}
              </ul>
              {conversations.isFetchNextPageError && (
                <p className="mt-1 text-sm text-danger" role="alert">
                  Kunne ikke hente flere samtaler.
                </p>
              )}
            </CollapsibleContent>
          </Collapsible>
        )}

        <MessageArea
          selectedId={selectedId}
          messages={{ ...messages, isError: messages.isError && !messages.isFetchNextPageError }}
          older={{
            available: messages.hasNextPage,
            loading: messages.isFetchingNextPage,
            failed: messages.isFetchNextPageError,
            load: () => void messages.fetchNextPage(),
          }}
          pending={pending}
        />

        <form ref={formRef} onSubmit={(event) => void submit(event)} className="flex items-center gap-2 border-t border-slate-200 p-3">
          <Input
            ref={inputRef}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Skriv en melding..."
            aria-label="Melding til KI-assistent"
            disabled={pending}
            className="min-w-0 flex-1"
            autoComplete="off"
          />
          {pending ? (
            <Button type="button" variant="outline" onClick={stop} aria-label="Stopp svar" data-stop>
              <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
                <rect width="12" height="12" rx="2" fill="currentColor" />
              </svg>
              Stopp
            </Button>
          ) : (
            <Button type="submit" disabled={!draft.trim()}>
              Send
            </Button>
          )}
        </form>
      </aside>
    </FocusScopePrimitive.Root>
  );
}

interface MessagesState {
  data?: ChatMessage[];
  isPending: boolean;
  isError: boolean;
}

interface OlderMessages {
  available: boolean;
  loading: boolean;
  failed: boolean;
  load: () => void;
}

interface MessageAreaProps {
  selectedId: string | null;
  messages: MessagesState;
  older: OlderMessages;
  pending: boolean;
}

function MessageArea({ selectedId, messages, older, pending }: MessageAreaProps) {
  const scroller = useRef<HTMLDivElement | null>(null);
  /** The scroll height before older messages were asked for: the view keeps its place when they arrive. */
  const heightBeforeOlder = useRef<number | null>(null);
  const list = messages.data;
  const first = list?.at(0);
  const last = list?.at(-1);
  /** The learner's message is sent and no piece of the reply has come yet. */
  const thinking = pending && last !== undefined && isOptimistic(last);
  const streaming = last?.id === STREAMING_MESSAGE_ID;

  // Scroll to the newest message whenever it changes (a sent message, a piece of the reply, another
  // conversation); older messages arriving above keep the view where it was.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last?.id, last?.content, thinking, selectedId]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && heightBeforeOlder.current !== null) el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [first?.id]);

  const loadOlder = () => {
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    older.load();
  };

  let body;
  if (!selectedId) body = <p className="text-center text-sm text-muted">Skriv et spørsmål nedenfor, så starter en ny samtale.</p>;
  else if (messages.isPending) body = <p className="text-center text-sm text-muted">Laster meldinger...</p>;
  else if (messages.isError) body = <p className="text-center text-sm text-danger">Kunne ikke hente meldingene.</p>;
  else if (!list?.length) body = <p className="text-center text-sm text-muted">Ingen meldinger ennå. Start en samtale!</p>;
  else body = null;

  return (
    // A scrollable region must be reachable by keyboard; role="log" announces new replies politely.
    // While a reply streams the log is busy, so a screen reader reads the reply once, not piece by piece.
    <div
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-busy={streaming ? 'true' : undefined}
      aria-label="Meldinger"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
    >
      {body}
      {selectedId && list?.length && older.available ? (
        <div className="mb-3 flex flex-col items-center gap-1">
          <Button variant="outline" size="sm" onClick={loadOlder} disabled={older.loading}>
            {older.loading ? 'Laster...' : 'Vis eldre meldinger'}
          </Button>
          {older.failed && (
            <p className="text-sm text-danger" role="alert">
              Kunne ikke hente eldre meldinger.
            </p>
          )}
        </div>
      ) : null}
      {selectedId && list?.length ? (
        <ul className="space-y-3">
          {list?.map((message) => (
            <ChatMessageBubble key={message.id} message={message} streaming={message.id === STREAMING_MESSAGE_ID} />
          ))}
          {thinking && (
            <li className="flex justify-start">
              <div className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-muted">Tenker...</div>
            </li>
          )}
        </ul>
      ) : null}
    </div>
  );
}

const trashIcon = (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20">
    <path d="M4 6h12M8 6V4h4v2m-6 0 1 10h6l1-10" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const pencilIcon = (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20">
    <path d="m13.5 3.5 3 3L7 16H4v-3l9.5-9.5Z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
  </svg>
);

const RenameConversation = lazy(() => import('./RenameConversation'));

interface ConversationRowProps {
  conversation: Conversation;
  selected: boolean;
  onSelect: () => void;
  onDelete: () => void;
  deleting: boolean;
}

/**
 * One conversation in the list: its name selects it; 'Gi nytt navn' edits the name in place
 * (Enter saves, Escape cancels, focus returns to the button); 'Slett' asks first.
 */
function ConversationRow({ conversation, selected, onSelect, onDelete, deleting }: ConversationRowProps) {
  const title = conversation.title.trim() || NEW_CONVERSATION_TITLE;
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement | null>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (!editing && wasEditing.current) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <li data-conversation-id={conversation.id}>
        <Suspense fallback={<p className="truncate px-2 py-1 text-sm text-muted">{title}</p>}>
          <RenameConversation conversation={conversation} title={title} onDone={() => setEditing(false)} />
        </Suspense>
      </li>
    );
  }

  return (
    <li className="flex items-center gap-1" data-conversation-id={conversation.id}>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'min-w-0 flex-1 truncate rounded-md px-2 py-1 text-left text-sm',
          selected ? 'bg-brand-50 font-semibold text-brand-900' : 'text-ink hover:bg-slate-100',
        )}
      >
        {title}
      </button>
      <Button
        ref={renameButton}
        variant="ghost"
        size="sm"
        className="px-2"
        aria-label={`Gi nytt navn til samtalen ${title}`}
        onClick={() => setEditing(true)}
      >
        {pencilIcon}
      </Button>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="ghost" size="sm" className="px-2 text-danger" aria-label={`Slett samtale ${title}`} disabled={deleting}>
            {trashIcon}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Slette samtalen?</AlertDialogTitle>
            <AlertDialogDescription>«{title}» og alle meldingene i den blir slettet. Dette kan ikke angres.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Avbryt</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onDelete}>
              Slett samtalen
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}
