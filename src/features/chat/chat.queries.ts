import { type InfiniteData, infiniteQueryOptions, mutationOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ChatMessage,
  chatMessagesResponse,
  Conversation,
  conversationDeletedResponse,
  conversationResponse,
  conversationsResponse,
  SendMessageResult,
  sendMessageResponse,
} from '../../schemas/chat';
import type { ToastMessage } from '../../stores/toast';
import { ApiError, type ApiPage, apiJson, getPage, readAnswer } from '../../lib/api';
import { readSse } from './sse';
import { CONVERSATION_TITLE_MAX, NEW_CONVERSATION_TITLE } from '../../schemas/chat-rules';

/** Queries and mutations of the chat panel, keyed by URL parts like learning.queries.ts. */

export { CONVERSATION_TITLE_MAX, NEW_CONVERSATION_TITLE };

/** Pages of a list as react-query keeps them: `pages[0]` is the first page read. */
export type Pages<T> = InfiniteData<ApiPage<T>>;

const pagedList = {
  initialPageParam: null as string | null,
  getNextPageParam: (page: ApiPage<unknown>) => page.nextCursor,
};

export const conversationsQuery = infiniteQueryOptions({
  queryKey: ['/api/chat/conversations'],
  queryFn: ({ pageParam, signal }) => getPage<typeof conversationsResponse>('/api/chat/conversations', pageParam, signal),
  ...pagedList,
});

/** A conversation's messages: the newest page first, each page in the order written. */
export const messagesQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/chat/conversations', conversationId, 'messages'],
    queryFn: ({ queryKey, pageParam, signal }) => getPage<typeof chatMessagesResponse>(queryKey.join('/'), pageParam, signal),
    ...pagedList,
  });

export const allConversations = (data: Pages<Conversation>) => data.pages.flatMap((page) => page.items);

export const chronologicalMessages = (data: Pages<ChatMessage>) => data.pages.toReversed().flatMap((page) => page.items);

/** Changes the first page of a list, the newest (or creates it, for a list not read yet). */
export function changeFirstPage<T>(data: Pages<T> | undefined, change: (items: T[]) => T[]): Pages<T> {
  if (!data?.pages.length) return { pages: [{ items: change([]), nextCursor: null }], pageParams: [null] };
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: change(first!.items) }, ...rest] };
}

export interface ChatContext {
  courseId?: string;
  lessonId?: string;
}

/** A message sent with no conversation: the panel starts one for the first question, so only a caller that skips that sees it. */
const NO_CONVERSATION_ERROR = 'Ingen samtale valgt';

type Toast = Omit<ToastMessage, 'id'>;

export const chatToasts = {
  createFailed: { title: 'Feil', description: 'Kunne ikke opprette ny samtale', variant: 'destructive' },
  deleteFailed: { title: 'Feil', description: 'Kunne ikke slette samtale', variant: 'destructive' },
  renameFailed: { title: 'Feil', description: 'Kunne ikke gi samtalen nytt navn', variant: 'destructive' },
  sendFailed: { title: 'Feil', description: 'Kunne ikke sende melding', variant: 'destructive' },
  /** The server's own text, which names the cap: 'Du har nådd grensen på 100 samtaler. …' */
  conversationLimit: (text: string) => ({ title: 'Samtalegrensen er nådd', description: text, variant: 'destructive' }),
  rateLimit: { title: 'For mange forespørsler', description: 'Vennligst vent litt før du sender neste melding.', variant: 'destructive' },
} as const satisfies Record<string, Toast | ((text: string) => Toast)>;

/** The toast for a failed 'Ny samtale': the server's text at the cap on conversations, else the spec's. */
export function createErrorToast(error: unknown): Toast {
  if (error instanceof ApiError && error.status === 409 && error.errorType === 'conversation_limit' && error.bodyError) {
    return chatToasts.conversationLimit(error.bodyError);
  }
  return chatToasts.createFailed;
}

const DEFAULT_PROVIDER = 'OpenAI';

/** The toast for a failed send: quota (naming the provider), rate limit, the server's text, or the generic one. */
export function sendErrorToast(error: unknown): Toast {
  if (error instanceof ApiError) {
    if (error.errorType === 'quota_exceeded') {
      const named = error.bodyField('provider');
      const provider = typeof named === 'string' && named.trim() ? named.trim() : DEFAULT_PROVIDER;
      return {
        title: `${provider}-kvoten er brukt opp`,
        description: `Kvoten hos ${provider} er brukt opp. En administrator må fylle på kreditt før KI-assistenten kan svare igjen.`,
        variant: 'destructive',
      };
    }
    if (error.errorType === 'rate_limit') return chatToasts.rateLimit;
    const text = error.bodyError;
    if (text) return { title: 'Feil', description: text, variant: 'destructive' };
  }
  return chatToasts.sendFailed;
}

/** The learner's message as shown at once, before the server has it (a temporary id). */
export function optimisticMessage(conversationId: string, content: string, now = new Date()): ChatMessage {
  return { id: `temp-${now.getTime()}`, conversationId, role: 'user', content, createdAt: now.toISOString() };
}

/** The id of the reply while it streams: it sits in the messages cache until `done` reloads the list. */
export const STREAMING_MESSAGE_ID = 'streaming-reply';

/** The reply so far, as the last message of the list. */
export function streamingMessage(conversationId: string, content: string): ChatMessage {
  return { id: STREAMING_MESSAGE_ID, conversationId, role: 'assistant', content, createdAt: new Date().toISOString() };
}

/** A message shown before the server has it (the learner's, with a temporary id). */
export const isOptimistic = (message: Pick<ChatMessage, 'id'>) => message.id.startsWith('temp-');

export const isUserMessage = (message: Pick<ChatMessage, 'role'>) => message.role === 'user';

export const createConversationMutation = mutationOptions({
  mutationFn: async (): Promise<Conversation> =>
    apiJson<typeof conversationResponse>('POST', '/api/chat/conversations', { title: NEW_CONVERSATION_TITLE }),
});

export const renameConversationMutation = mutationOptions({
  mutationFn: async ({ id, title }: { id: string; title: string }): Promise<Conversation> =>
    apiJson<typeof conversationResponse>('PATCH', `/api/chat/conversations/${encodeURIComponent(id)}`, { title }),
});

/** Every loaded page of the list with the conversation's entry replaced in place (a rename). */
export function changeConversation(data: Pages<Conversation> | undefined, conversation: Conversation): Pages<Conversation> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((c) => (c.id === conversation.id ? conversation : c)) })) };
}

/** The list after a message: the conversation, with the name its first question gave it, goes to the top. */
export function conversationUsed(data: Pages<Conversation> | undefined, conversation: Conversation): Pages<Conversation> {
  const without = data
    ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== conversation.id) })) }
    : undefined;
  return changeFirstPage(without, (list) => [conversation, ...list]);
}

export const deleteConversationMutation = mutationOptions({
  mutationFn: async (id: string) => apiJson<typeof conversationDeletedResponse>('DELETE', `/api/chat/conversations/${encodeURIComponent(id)}`),
});

export interface SendVariables {
  conversationId: string | null;
  content: string;
  context?: ChatContext;
  /** Aborts the request (the panel's Stop button); the mutation then fails with the abort. */
  signal?: AbortSignal;
  onDelta?: (replySoFar: string) => void;
}

const hasContext = (context: ChatContext | undefined): context is ChatContext => Boolean(context?.courseId || context?.lessonId);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stream that ended without `done` or `error`: a failed send with the generic toast. */
export class StreamInterruptedError extends Error {
  override readonly name = 'StreamInterruptedError';
  constructor() {
    super('Svaret ble avbrutt');
  }
}

/** Reads a streamed reply; an `error` event becomes the same `ApiError` as a failed JSON answer, so the toast is the same. */
export async function readReplyStream(response: Response, onDelta?: (replySoFar: string) => void): Promise<SendMessageResult> {
  if (!response.body) throw new StreamInterruptedError();
  let reply = '';
  for await (const { event, data } of readSse(response.body)) {
    if (event !== 'delta' && event !== 'done' && event !== 'error') continue;
    let payload: unknown;
    try {
      payload = JSON.parse(data) as unknown;
    } catch {
      throw new StreamInterruptedError();
    }
    if (event === 'delta') {
      if (isRecord(payload) && typeof payload.content === 'string' && payload.content) {
        reply += payload.content;
        onDelta?.(reply);
      }
    } else if (event === 'done') {
      return payload as SendMessageResult;
    } else {
      const text = isRecord(payload) && typeof payload.error === 'string' ? payload.error : '';
      throw new ApiError(response.status, text || data, payload, response.headers);
    }
  }
  throw new StreamInterruptedError();
}

/**
 * Sends a message, asking for a streamed reply; the server streams only with a model configured,
 * so a JSON answer (the offline assistant, or an error before the first piece) is read as before.
 */
async function postMessage({ conversationId, content, context, signal, onDelta }: SendVariables): Promise<SendMessageResult> {
  if (!conversationId) throw new Error(NO_CONVERSATION_ERROR);
  const body = hasContext(context) ? { content, context } : { content };
  const response = await fetch(`/api/chat/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream, application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  if (/\btext\/event-stream\b/i.test(response.headers.get('Content-Type') ?? '')) return readReplyStream(response, onDelta);
  return readAnswer<typeof sendMessageResponse>(response);
}

/**
 * Sending: the message appears at once, and a streamed reply grows as the last message of the same
 * list, so the reload on `done` replaces both in one step; on failure the list goes back.
 */
export function sendMessageMutation(client: QueryClient) {
  return mutationOptions({
    mutationFn: (variables: SendVariables) =>
      postMessage({
        ...variables,
        onDelta: (replySoFar) => {
          const { conversationId } = variables;
          if (conversationId) {
            client.setQueryData(messagesQuery(conversationId).queryKey, (data) =>
              changeFirstPage(data, (list) => [...list.filter((m) => m.id !== STREAMING_MESSAGE_ID), streamingMessage(conversationId, replySoFar)]),
            );
          }
          variables.onDelta?.(replySoFar);
        },
      }),
    onMutate: async ({ conversationId, content }: SendVariables) => {
      if (!conversationId) return { previous: undefined };
      const { queryKey } = messagesQuery(conversationId);
      await client.cancelQueries({ queryKey });
      const previous = client.getQueryData(queryKey);
      // The newest page is first, in the order written: the new message goes at its end.
      client.setQueryData(
        queryKey,
        changeFirstPage(previous, (list) => [...list, optimisticMessage(conversationId, content)]),
      );
      return { previous };
    },
    onError: (_error, { conversationId }, context) => {
      if (conversationId)
        client.setQueryData(messagesQuery(conversationId).queryKey, context?.previous ?? changeFirstPage<ChatMessage>(undefined, () => []));
    },
    onSuccess: async (result, { conversationId }) => {
      // The first question names the conversation: the list shows the name at once.
      if (result.conversation) client.setQueryData(conversationsQuery.queryKey, (data) => conversationUsed(data, result.conversation));
      if (conversationId) await client.invalidateQueries({ queryKey: messagesQuery(conversationId).queryKey });
    },
  });
}
