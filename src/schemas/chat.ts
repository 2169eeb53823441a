import { z } from 'zod';
import { courseIdSchema, uuidSchema } from './learning';
import { CONVERSATION_TITLE_MAX, chatMessageMessages, conversationTitleMessages, MESSAGE_MAX_LENGTH, NEW_CONVERSATION_TITLE } from './chat-rules';
import { text } from './text';

/**
 * Contracts of the chat assistant's endpoints (the API table in docs/api.md, decision 12), shared
 * by the chat function and the chat panel.
 */

export { NEW_CONVERSATION_TITLE };

// --- requests -----------------------------------------------------------------

export const conversationParams = z.object({ id: uuidSchema });

/** POST /api/chat/conversations: a blank or missing title becomes 'Ny samtale'. */
export const createConversationBody = z.strictObject({
  title: text({ max: CONVERSATION_TITLE_MAX, min: 0, plain: true }).nullish(),
});

/** PATCH /api/chat/conversations/:id: the learner's own name for a conversation. */
export const renameConversationBody = z.strictObject({
  title: text({
    max: CONVERSATION_TITLE_MAX,
    plain: true,
    messages: conversationTitleMessages,
  }),
});

/** POST /api/chat/conversations/:id/messages */
export const sendMessageBody = z.strictObject({
  content: text({
    max: MESSAGE_MAX_LENGTH,
    multiline: true,
    messages: chatMessageMessages,
  }),
  /** Where the learner is: the assistant looks there first. Unknown ids are a 400. */
  context: z
    .strictObject({
      courseId: courseIdSchema.optional(),
      lessonId: uuidSchema.optional(),
    })
    .optional(),
});

// --- responses ----------------------------------------------------------------

export const conversationResponse = z.object({ id: z.string(), title: z.string() });
export type Conversation = z.infer<typeof conversationResponse>;
/** GET /api/chat/conversations (paged) */
export const conversationsResponse = z.array(conversationResponse);

export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** 'user' for the learner's messages; the panel shows every other role as the assistant. */
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
/** GET /api/chat/conversations/:id/messages (paged) */
export const chatMessagesResponse = z.array(chatMessage);

/** The answer of POST …/messages (and the `done` event of a streamed reply). */
export const sendMessageResponse = z.object({
  /** The conversation as it is now: its first question names it. */
  conversation: conversationResponse,
  userMessage: chatMessage,
  assistantMessage: chatMessage,
});
export type SendMessageResult = z.infer<typeof sendMessageResponse>;

/** DELETE /api/chat/conversations/:id */
export const conversationDeletedResponse = z.object({ ok: z.literal(true) });
