import type { Config } from '@netlify/functions';
import {
  chatMessagesResponse,
  conversationDeletedResponse,
  conversationParams,
  conversationResponse,
  conversationsResponse,
  createConversationBody,
  renameConversationBody,
  sendMessageBody,
  sendMessageResponse,
} from '../../src/schemas/chat';
import { AssistantError } from '../../src/server/assistant';
import {
  ChatInputError,
  conversationCursor,
  createConversation,
  deleteConversation,
  listConversations,
  listMessages,
  messageCursor,
  renameConversation,
} from '../../src/server/chat/conversations.service';
import { canStreamReplies, sendMessage, streamMessage } from '../../src/server/chat/replies.service';
import { createHandler, HttpError, invalidRequest, route } from '../../src/server/platform/http';
import { pageQuery } from '../../src/server/platform/paging';
import { jsonOf, pageOf } from '../../src/server/platform/http/respond';
import { stream } from '../../src/server/platform/http/response-contract';

/**
 * The chat assistant. Every route: signed in; another user's conversation is 404.
 *   GET    /api/chat/conversations                 a page of the caller's conversations [{id, title}], most recently used first
 *   POST   /api/chat/conversations                 {title?} → 201 {id, title} ('Ny samtale' when blank); 409 conversation_limit;
 *                                                  the first question renames a 'Ny samtale' after itself
 *   PATCH  /api/chat/conversations/:id             {title} → {id, title}: the learner's own name (1–200 characters)
 *   DELETE /api/chat/conversations/:id             deletes it with its messages → {ok: true}
 *   GET    /api/chat/conversations/:id/messages    a page of [{id, conversationId, role, content, createdAt}]: the newest
 *          page first, each in order. The lists take ?limit= (1–100, default 50) and ?cursor= (X-Next-Cursor; decision 23).
 *   POST   /api/chat/conversations/:id/messages    {content, context?: {courseId?, lessonId?}} →
 *          {conversation, userMessage, assistantMessage}; with a model and `Accept: text/event-stream`, server-sent
 *          events (delta…, then done or error). Failures: {error, errorType} with 402 quota_exceeded
 *          (+ provider), 429 rate_limit (+ retryAfter), 502/503 provider_error, 504 timeout.
 */

/** The assistant's failures and the data's refusals as the API answers them. */
function asHttpError(error: unknown): unknown {
  if (error instanceof AssistantError) {
    const retryAfter = error.extra.retryAfter;
    return new HttpError(
      error.status,
      error.message,
      { errorType: error.errorType, ...error.extra },
      retryAfter ? { 'Retry-After': String(retryAfter) } : {},
    );
  }
  if (error instanceof ChatInputError) {
    return invalidRequest([{ path: error.field, message: error.message }]);
  }
  return error;
}

const wantsStream = (request: Request) => /\btext\/event-stream\b/i.test(request.headers.get('Accept') ?? '');

export default createHandler({
  'GET /api/chat/conversations': route({
    access: 'user',
    query: pageQuery(conversationCursor),
    response: conversationsResponse,
    async handler({ db, user, query, url }) {
      return pageOf(conversationsResponse, url, await listConversations(db, user.id, query));
    },
  }),

  'POST /api/chat/conversations': route({
    access: 'user',
    body: createConversationBody,
    response: conversationResponse,
    async handler({ db, user, body }) {
      return jsonOf(conversationResponse, await createConversation(db, user.id, body.title), { status: 201 });
    },
  }),

  'PATCH /api/chat/conversations/:id': route({
    access: 'user',
    params: conversationParams,
    body: renameConversationBody,
    response: conversationResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(conversationResponse, await renameConversation(db, user.id, params.id, body.title));
    },
  }),

  'DELETE /api/chat/conversations/:id': route({
    access: 'user',
    params: conversationParams,
    response: conversationDeletedResponse,
    async handler({ db, user, params }) {
      await deleteConversation(db, user.id, params.id);
      return jsonOf(conversationDeletedResponse, { ok: true });
    },
  }),

  'GET /api/chat/conversations/:id/messages': route({
    access: 'user',
    params: conversationParams,
    query: pageQuery(messageCursor),
    response: chatMessagesResponse,
    async handler({ db, user, params, query, url }) {
      return pageOf(chatMessagesResponse, url, await listMessages(db, user.id, params.id, query));
    },
  }),

  'POST /api/chat/conversations/:id/messages': route({
    access: 'user',
    params: conversationParams,
    body: sendMessageBody,
    response: stream('text/event-stream', sendMessageResponse),
    async handler({ db, user, params, body, request }) {
      try {
        if (wantsStream(request) && canStreamReplies()) {
          const events = await streamMessage(db, user.id, params.id, body, request.signal);
          // The pipeline releases the database when this body ends (http.ts), not on return.
          return new Response(events, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' } });
        }
        return jsonOf(sendMessageResponse, await sendMessage(db, user.id, params.id, body, request.signal));
      } catch (error) {
        throw asHttpError(error);
      }
    },
  }),
});

export const config: Config = {
  path: ['/api/chat/conversations', '/api/chat/conversations/:id', '/api/chat/conversations/:id/messages'],
  method: ['GET', 'POST', 'PATCH', 'DELETE'],
};
