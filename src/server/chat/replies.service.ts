import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiUsage, chatConversations, chatMessages, courses, lessons, modules } from '../../../db/schema';
import { NEW_CONVERSATION_TITLE, type SendMessageResult } from '../../schemas/chat';
import {
  AssistantError,
  assistantMessages,
  assistantSettings,
  type AssistantSettings,
  completeChat,
  mayBeSiteTopic,
  type ModelMessage,
  type ModelReply,
  offlineAnswer,
  type Passage,
  passagesMessage,
  searchCourseContent,
  siteAnswerMessage,
  type SiteTopicSplit,
  splitSiteTopics,
  streamChat,
  SYSTEM_PROMPT,
} from '../assistant';
import { readableCourseIds } from '../access/entitlements';
import { conversationTitleFrom } from './title';
import { NotFoundError } from '../platform/errors';
import { describeError } from '../platform/log';
import { ChatInputError, CONVERSATION_NOT_FOUND, toMessage } from './conversations.service';

export interface SendInput {
  content: string;
  context?: { courseId?: string | undefined; lessonId?: string | undefined } | undefined;
}

interface Prepared {
  userId: string;
  conversationId: string;
  day: string;
  content: string;
  receivedAt: Date;
  passages: Passage[];
  courseId: string | undefined;
  site: SiteTopicSplit;
  modelMessages: ModelMessage[];
}

/** UTC, so every instance and the database agree on the day. */
const usageDay = (at: Date) => at.toISOString().slice(0, 10);

function secondsUntilTomorrow(now: Date): number {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((tomorrow - now.getTime()) / 1000));
}

/** Counted before any work in one upsert: the row lock gives parallel messages distinct counts. */
async function reserveMessage(db: Db, userId: string, day: string, limit: number, now: Date): Promise<void> {
  const rows = await db
    .insert(aiUsage)
    .values({ userId, day, requests: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day],
      set: { requests: sql`${aiUsage.requests} + 1`, updatedAt: now },
      setWhere: sql`${aiUsage.requests} < ${limit}`,
    })
    .returning({ requests: aiUsage.requests });
  if (rows.length === 0) {
    const retryAfter = secondsUntilTomorrow(now);
    throw new AssistantError('rate_limit', 429, assistantMessages.dailyLimit(limit), { retryAfter });
  }
}

async function refundMessage(db: Db, prepared: Pick<Prepared, 'userId' | 'day'>): Promise<void> {
  try {
    await db
      .update(aiUsage)
      .set({ requests: sql`greatest(${aiUsage.requests} - 1, 0)` })
      .where(and(eq(aiUsage.userId, prepared.userId), eq(aiUsage.day, prepared.day)));
  } catch (error) {
    console.warn(`[assistant] giving back a reservation failed: ${describeError(error)}`);
  }
}

async function checkConversationAndContext(db: Db, userId: string, conversationId: string, context: SendInput['context']): Promise<void> {
  const courseId = context?.courseId || null;
  const lessonId = context?.lessonId || null;
  const result = await db.execute(sql`
    SELECT
      EXISTS (SELECT 1 FROM ${chatConversations} WHERE ${chatConversations.id} = ${conversationId} AND ${chatConversations.userId} = ${userId}) AS "conversation",
      (${courseId}::text IS NULL OR EXISTS (SELECT 1 FROM ${courses} WHERE ${courses.id} = ${courseId}::text)) AS "course",
      (SELECT ${modules.courseId} FROM ${lessons} JOIN ${modules} ON ${modules.id} = ${lessons.moduleId} WHERE ${lessons.id} = ${lessonId}::uuid) AS "lessonCourse"`);
  const row = (result as unknown as { rows: { conversation: boolean; course: boolean; lessonCourse: string | null }[] }).rows[0]!;
  if (!row.conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  if (!row.course) throw new ChatInputError('context.courseId', 'Fant ikke kurset');
  if (lessonId) {
    if (row.lessonCourse === null) throw new ChatInputError('context.lessonId', 'Fant ikke leksjonen');
    if (courseId && row.lessonCourse !== courseId) throw new ChatInputError('context.lessonId', 'Leksjonen hører ikke til kurset');
  }
}

async function prepare(db: Db, userId: string, conversationId: string, input: SendInput, settings: AssistantSettings): Promise<Prepared> {
  await checkConversationAndContext(db, userId, conversationId, input.context);
  const receivedAt = new Date();
  const day = usageDay(receivedAt);
  await reserveMessage(db, userId, day, settings.dailyMessageLimit, receivedAt);
  try {
    const site = await siteTopics(db, input.content, input.context?.courseId);
    const passages = site.rest
      ? await searchCourseContent(db, site.rest, { readableCourseIds: await readableCourseIds(db, userId) }, input.context ?? {})
      : [];
    let modelMessages: ModelMessage[] = [];
    if (settings.apiKey) {
      const history = await db
        .select({ role: chatMessages.role, content: chatMessages.content })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(Math.max(0, settings.historyMessages - 1));
      modelMessages = [
        { role: 'system', content: SYSTEM_PROMPT },
        ...history
          .reverse()
          .filter((m) => m.role !== 'system')
          .map((m): ModelMessage => (m.role === 'user' ? { role: 'user', content: m.content } : { role: 'assistant', content: m.content })),
        { role: 'system', content: passagesMessage(passages) },
        ...(site.answer ? [{ role: 'system' as const, content: siteAnswerMessage(site.answer) }] : []),
        { role: 'user', content: input.content },
      ];
    }
    return { userId, conversationId, day, content: input.content, receivedAt, passages, courseId: input.context?.courseId, site, modelMessages };
  } catch (error) {
    await refundMessage(db, { userId, day });
    throw error;
  }
}

async function siteTopics(db: Db, content: string, courseId: string | undefined): Promise<SiteTopicSplit> {
  if (!mayBeSiteTopic(content)) return { answer: null, topics: [], rest: content };
  const catalogue = await db.select({ id: courses.id, title: courses.title }).from(courses);
  return splitSiteTopics(content, catalogue, courseId);
}

async function offlineReply(db: Db, prepared: Prepared): Promise<ModelReply> {
  const { passages, site } = prepared;
  if (site.answer) {
    if (!site.rest) return { content: site.answer, inputTokens: 0, outputTokens: 0 };
    const lessons = passages.length > 0 ? offlineAnswer(passages, []) : 'Resten av spørsmålet fant jeg ikke noe om i kursinnholdet.';
    return { content: `${site.answer}\n\n${lessons}`, inputTokens: 0, outputTokens: 0 };
  }
  const titles =
    passages.length > 0
      ? []
      : (await db.select({ title: courses.title }).from(courses).orderBy(asc(courses.orderIndex), asc(courses.id))).map((c) => c.title);
  return { content: offlineAnswer(passages, titles), inputTokens: 0, outputTokens: 0 };
}

/** All or nothing in one statement (data-modifying CTEs); every part sees the messages as before it, so "first question" is exact. */
async function store(db: Db, prepared: Prepared, reply: ModelReply): Promise<SendMessageResult> {
  const repliedAt = new Date(Math.max(Date.now(), prepared.receivedAt.getTime() + 1));
  const { conversationId } = prepared;
  const byModel = prepared.modelMessages.length > 0;
  const result = await db.execute(sql`
    WITH stored AS (
      INSERT INTO ${chatMessages} (conversation_id, role, content, created_at)
      VALUES (${conversationId}, 'user', ${prepared.content}, ${prepared.receivedAt.toISOString()}::timestamptz),
        (${conversationId}, 'assistant', ${reply.content}, ${repliedAt.toISOString()}::timestamptz)
      RETURNING id, role
    ),
    conversation AS (
      UPDATE ${chatConversations} SET updated_at = ${repliedAt.toISOString()}::timestamptz,
        title = CASE
          WHEN title = ${NEW_CONVERSATION_TITLE} AND NOT EXISTS (SELECT 1 FROM ${chatMessages} WHERE conversation_id = ${conversationId})
          THEN ${conversationTitleFrom(prepared.content)} ELSE title END
      WHERE id = ${conversationId}
      RETURNING title
    ),
    tokens AS (
      UPDATE ${aiUsage}
      SET input_tokens = input_tokens + ${reply.inputTokens}::int, output_tokens = output_tokens + ${reply.outputTokens}::int,
        model_answers = model_answers + 1, updated_at = ${repliedAt.toISOString()}::timestamptz
      WHERE user_id = ${prepared.userId} AND day = ${prepared.day}::date AND ${byModel}::boolean
    )
    SELECT id, role, (SELECT title FROM conversation) AS title FROM stored`);
  const rows = (result as unknown as { rows: { id: string; role: 'user' | 'assistant'; title: string }[] }).rows;
  const idOf = (role: 'user' | 'assistant') => rows.find((row) => row.role === role)!.id;
  return {
    conversation: { id: conversationId, title: rows[0]!.title },
    userMessage: toMessage({ id: idOf('user'), conversationId, role: 'user', content: prepared.content, createdAt: prepared.receivedAt }),
    assistantMessage: toMessage({ id: idOf('assistant'), conversationId, role: 'assistant', content: reply.content, createdAt: repliedAt }),
  };
}

export function canStreamReplies(): boolean {
  return Boolean(assistantSettings().apiKey);
}

export async function sendMessage(
  db: Db,
  userId: string,
  conversationId: string,
  input: SendInput,
  signal?: AbortSignal,
): Promise<SendMessageResult> {
  const settings = assistantSettings();
  const prepared = await prepare(db, userId, conversationId, input, settings);
  try {
    const reply = settings.apiKey ? await completeChat(settings, prepared.modelMessages, signal) : await offlineReply(db, prepared);
    return await store(db, prepared, reply);
  } catch (error) {
    await refundMessage(db, prepared);
    throw error;
  }
}

const INTERNAL_ERROR = 'Noe gikk galt hos oss. Prøv igjen om litt.';

/** Server-sent events: `delta`s, then `done` once stored or `error` (nothing stored); a cancelled stream stores nothing. */
export async function streamMessage(
  db: Db,
  userId: string,
  conversationId: string,
  input: SendInput,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const settings = assistantSettings();
  const prepared = await prepare(db, userId, conversationId, input, settings);
  const abort = new AbortController();
  signal?.addEventListener('abort', () => abort.abort(), { once: true });
  const pieces = streamChat(settings, prepared.modelMessages, abort.signal);
  // Wait for the first piece so a provider's outright refusal gets the same JSON error as an unstreamed request.
  let first: IteratorResult<string, ModelReply>;
  try {
    first = await pieces.next();
  } catch (error) {
    await refundMessage(db, prepared);
    throw error;
  }
  const encoder = new TextEncoder();
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (!cancelled) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      };
      try {
        let step = first;
        while (!step.done) {
          send('delta', { content: step.value });
          step = await pieces.next();
        }
        if (cancelled || abort.signal.aborted) throw new AssistantError('provider_error', 502, assistantMessages.interrupted);
        send('done', await store(db, prepared, step.value));
      } catch (error) {
        await refundMessage(db, prepared);
        if (error instanceof AssistantError) {
          send('error', error.body());
        } else {
          console.error(`[assistant] streamed reply failed: ${describeError(error)}`);
          send('error', { error: INTERNAL_ERROR });
        }
      } finally {
        if (!cancelled) controller.close();
      }
    },
    cancel() {
      cancelled = true;
      abort.abort();
    },
  });
}
