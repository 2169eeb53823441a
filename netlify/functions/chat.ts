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

/** Another user's conversation is 404. */

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
