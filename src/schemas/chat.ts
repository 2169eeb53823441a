import { z } from 'zod';
import { courseIdSchema, uuidSchema } from './learning';
import { CONVERSATION_TITLE_MAX, chatMessageMessages, conversationTitleMessages, MESSAGE_MAX_LENGTH, NEW_CONVERSATION_TITLE } from './chat-rules';
import { text } from './text';

export { NEW_CONVERSATION_TITLE };

export const conversationParams = z.object({ id: uuidSchema });

export const createConversationBody = z.strictObject({
  title: text({ max: CONVERSATION_TITLE_MAX, min: 0, plain: true }).nullish(),
});

export const renameConversationBody = z.strictObject({
  title: text({
    max: CONVERSATION_TITLE_MAX,
    plain: true,
    messages: conversationTitleMessages,
  }),
});

export const sendMessageBody = z.strictObject({
  content: text({
    max: MESSAGE_MAX_LENGTH,
    multiline: true,
    messages: chatMessageMessages,
  }),
  context: z
    .strictObject({
      courseId: courseIdSchema.optional(),
      lessonId: uuidSchema.optional(),
    })
    .optional(),
});

export const conversationResponse = z.object({ id: z.string(), title: z.string() });
export type Conversation = z.infer<typeof conversationResponse>;
export const conversationsResponse = z.array(conversationResponse);

export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export const chatMessagesResponse = z.array(chatMessage);

export const sendMessageResponse = z.object({
  conversation: conversationResponse,
  userMessage: chatMessage,
  assistantMessage: chatMessage,
});
export type SendMessageResult = z.infer<typeof sendMessageResponse>;

export const conversationDeletedResponse = z.object({ ok: z.literal(true) });
