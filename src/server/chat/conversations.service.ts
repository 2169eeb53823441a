import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chatConversations, chatMessages } from '../../../db/schema';
import { type ChatMessage, type Conversation, NEW_CONVERSATION_TITLE } from '../../schemas/chat';
import { NotFoundError } from '../platform/errors';
import { cursorCodec, type CursorValues, fetchSize, microsIso, type Page, type PageRequest, toPage } from '../platform/paging';
import { createWithinQuota, quotaErrors, storageQuotas } from '../platform/quotas';

/** Another user's conversation is a 404 like an unknown one; a message is stored only with its finished reply. */

export const CONVERSATION_NOT_FOUND = 'Fant ikke samtalen';

export class ChatInputError extends Error {
  override readonly name = 'ChatInputError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const messageColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  role: chatMessages.role,
  content: chatMessages.content,
  createdAt: chatMessages.createdAt,
};

export type MessageRow = { id: string; conversationId: string; role: ChatMessage['role']; content: string; createdAt: Date };
export const toMessage = (row: MessageRow): ChatMessage => ({ ...row, createdAt: row.createdAt.toISOString() });

export const conversationCursor = cursorCodec('c', ['time', 'time', 'uuid'] as const);
export type ConversationCursor = CursorValues<['time', 'time', 'uuid']>;

export async function listConversations(db: Db, userId: string, page: PageRequest<ConversationCursor> = {}): Promise<Page<Conversation>> {
  const after = page.cursor;
  const rows = await db
    .select({
      id: chatConversations.id,
      title: chatConversations.title,
      updatedKey: microsIso(chatConversations.updatedAt),
      createdKey: microsIso(chatConversations.createdAt),
    })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.userId, userId),
        after
          ? sql`(${chatConversations.updatedAt}, ${chatConversations.createdAt}, ${chatConversations.id}) < (${after[0]}::timestamptz, ${after[1]}::timestamptz, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.createdAt), desc(chatConversations.id))
    .limit(fetchSize(page));
  return toPage(
    rows,
    page,
    (r) => ({ id: r.id, title: r.title }),
    (r) => conversationCursor.encode([r.updatedKey, r.createdKey, r.id]),
  );
}

export async function createConversation(db: Db, userId: string, title: string | null | undefined): Promise<Conversation> {
  const max = storageQuotas().conversationsPerUser;
  const mine = eq(chatConversations.userId, userId);
  const [counted] = await db.select({ n: count() }).from(chatConversations).where(mine);
  const quota = { key: `chat_conversations:${userId}`, max, counted: counted?.n ?? 0, refusal: quotaErrors.conversations(max) };
  return createWithinQuota(db, quota, async (tx) => {
    const [row] = await tx
      .insert(chatConversations)
      .values({ userId, title: title?.trim() || NEW_CONVERSATION_TITLE })
      .returning({
        id: chatConversations.id,
        title: chatConversations.title,
        before: sql<number>`(${tx.select({ n: count() }).from(chatConversations).where(mine)})`.mapWith(Number),
      });
    if (!row) throw new Error('the conversation insert returned no row');
    return { row: { id: row.id, title: row.title }, before: row.before };
  });
}

export async function renameConversation(db: Db, userId: string, id: string, title: string): Promise<Conversation> {
  const [row] = await db
    .update(chatConversations)
    // `updated_at` orders the list by use; a rename keeps it (drizzle would set it to now).
    .set({ title, updatedAt: sql`${chatConversations.updatedAt}` })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
    .returning({ id: chatConversations.id, title: chatConversations.title });
  if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return row;
}

export async function deleteConversation(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
    .returning({ id: chatConversations.id });
  if (deleted.length === 0) throw new NotFoundError(CONVERSATION_NOT_FOUND);
}

async function requireConversation(db: Db, userId: string, id: string): Promise<void> {
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)));
  if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND);
}

export const messageCursor = cursorCodec('m', ['time', 'uuid'] as const);
export type MessageCursor = CursorValues<['time', 'uuid']>;

/** The newest page first, each page in the order the messages were written. */
export async function listMessages(
  db: Db,
  userId: string,
  conversationId: string,
  page: PageRequest<MessageCursor> = {},
): Promise<Page<ChatMessage>> {
  await requireConversation(db, userId, conversationId);
  const after = page.cursor;
  const rows = await db
    .select({ ...messageColumns, createdKey: microsIso(chatMessages.createdAt) })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        after ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(fetchSize(page));
  const newestFirst = toPage(
    rows,
    page,
    ({ createdKey: _, ...row }) => toMessage(row),
    (r) => messageCursor.encode([r.createdKey, r.id]),
  );
  return { items: newestFirst.items.reverse(), nextCursor: newestFirst.nextCursor };
}
