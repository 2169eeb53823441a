import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { chatConversations, chatMessages, videoNotes } from '../../db/schema';
import { seedId, seedLessonId } from '../../db/seed-ids';
import chat from '../../netlify/functions/chat';
import lessonFunctions from '../../netlify/functions/lessons';
import videoNoteFunctions from '../../netlify/functions/video-notes';
import type { ChatMessage, Conversation } from '../../src/schemas/chat';
import type { VideoNote } from '../../src/schemas/player';
import { acquireAppDb } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import { call, type CallResult, makeCatalogueFree, signIn } from '../helpers';

/**
 * Issue 20, point 4: what one user can store is capped (notes per lesson, conversations),
 * the cap holds under a burst of parallel creates, and the lists come in bounded pages
 * (`?limit=`, `?cursor=`, the next page's cursor in `X-Next-Cursor` and `Link`).
 */

// Here one process and its pool of 10 connections serve a whole burst of 1,000 creates (on
// Netlify each request has a connection of its own): even before the caps, 133 of 1,000 parallel
// creates waited longer than the default 3 s for a pooled connection and got 503. The queue is
// the test's, not the app's: let it wait, so every answer is a 201 or a 409.
vi.hoisted(() => {
  process.env.DATABASE_CONNECT_TIMEOUT_MS = '30000';
});

const db = async () => (await acquireAppDb()).db;
const userId = (email: string) => seedId(`user:${email}`);
const VIDEO = seedLessonId('grunnleggende-ki', 0, 0);
const OTHER_VIDEO = seedLessonId('grunnleggende-ki', 0, 1);
/**
 * Parallel creates per burst: 1,000 on PostgreSQL; 300 on PGlite, which runs one statement at a
 * time (1,000 took 36 s there on the shared 2-core machine; 300 still passes both caps).
 */
const BURST = inject('databaseKind') === 'pglite' ? 300 : 1_000;

const NOTES_MAX = env.NOTES_PER_LESSON_MAX;
const CONVERSATIONS_MAX = env.CONVERSATIONS_PER_USER_MAX;

const notesMessage = `Du har nådd grensen på ${NOTES_MAX} notater for denne leksjonen. Slett noen før du lager nye.`;
const conversationsMessage = `Du har nådd grensen på ${CONVERSATIONS_MAX} samtaler. Slett noen før du starter en ny.`;

let ny: string;
let bedrift: string;
let admin: string;
let superbruker: string;
beforeAll(async () => {
  // About the player's own rules: every course open (entitlements.test.ts covers access).
  await makeCatalogueFree();
  const sign = (email: string, i: number) => signIn(email, 'demo1234', `203.0.113.${i}`);
  [ny, bedrift, admin, superbruker] = await Promise.all([
    sign('ny@demo.no', 1),
    sign('bedrift@demo.no', 2),
    sign('admin@demo.no', 3),
    sign('superbruker@demo.no', 4),
  ]);
});

const createNote = (cookie: string, lessonId = VIDEO, noteText = 'Et notat') =>
  call(videoNoteFunctions, '/api/video-notes', { cookie, json: { lessonId, timestamp: 3, noteText } });
const createConversation = (cookie: string) => call(chat, '/api/chat/conversations', { cookie, json: { title: 'Kvote' } });

async function storedNotes(email: string, lessonId = VIDEO): Promise<number> {
  const [row] = await (
    await db()
  )
    .select({ n: count() })
    .from(videoNotes)
    .where(and(eq(videoNotes.userId, userId(email)), eq(videoNotes.lessonId, lessonId)));
  return row!.n;
}
async function storedConversations(email: string): Promise<number> {
  const [row] = await (
    await db()
  )
    .select({ n: count() })
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId(email)));
  return row!.n;
}

const statuses = (results: CallResult[]) =>
  results.reduce<Record<number, number>>((tally, r) => ({ ...tally, [r.status]: (tally[r.status] ?? 0) + 1 }), {});

describe('the cap on notes per lesson', () => {
  it('is a documented setting with a sensible default', () => {
    expect(NOTES_MAX).toBe(200);
  });

  it(`answers 409 with the Norwegian message once ${NOTES_MAX} notes exist on the lesson, and only there`, async () => {
    const d = await db();
    await d
      .insert(videoNotes)
      .values(
        Array.from({ length: NOTES_MAX - 1 }, (_, i) => ({ userId: userId('ny@demo.no'), lessonId: VIDEO, timestamp: i, noteText: `Fyll ${i}` })),
      );
    const last = await createNote(ny);
    expect(last.status).toBe(201);
    const refused = await createNote(ny);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: notesMessage, errorType: 'note_limit' });
    expect(await storedNotes('ny@demo.no')).toBe(NOTES_MAX);
    // Another lesson, and another learner on this one, are not affected.
    expect((await createNote(ny, OTHER_VIDEO)).status).toBe(201);
    expect((await createNote(superbruker)).status).toBe(201);
    // Deleting one makes room for one.
    const deleted = await call(videoNoteFunctions, `/api/video-notes/${(last.body as VideoNote).id}`, { method: 'DELETE', cookie: ny });
    expect(deleted.status).toBe(200);
    expect((await createNote(ny)).status).toBe(201);
    expect((await createNote(ny)).status).toBe(409);
  });

  it(`holds under ${BURST} parallel creates: exactly ${NOTES_MAX} stored, every other answer 409`, async () => {
    const results = await Promise.all(Array.from({ length: BURST }, (_, i) => createNote(bedrift, VIDEO, `Parallelt ${i}`)));
    expect(statuses(results)).toEqual({ 201: NOTES_MAX, 409: BURST - NOTES_MAX });
    expect(await storedNotes('bedrift@demo.no')).toBe(NOTES_MAX);
  }, 120_000);
});

describe('the cap on conversations per user', () => {
  it('is a documented setting with a sensible default', () => {
    expect(CONVERSATIONS_MAX).toBe(100);
  });

  it(`answers 409 with the Norwegian message once ${CONVERSATIONS_MAX} conversations exist`, async () => {
    const d = await db();
    const existing = await storedConversations('ny@demo.no');
    await d
      .insert(chatConversations)
      .values(Array.from({ length: CONVERSATIONS_MAX - 1 - existing }, (_, i) => ({ userId: userId('ny@demo.no'), title: `Fyll ${i}` })));
    const last = await createConversation(ny);
    expect(last.status).toBe(201);
    const refused = await createConversation(ny);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: conversationsMessage, errorType: 'conversation_limit' });
    expect(await storedConversations('ny@demo.no')).toBe(CONVERSATIONS_MAX);
    const deleted = await call(chat, `/api/chat/conversations/${(last.body as Conversation).id}`, { method: 'DELETE', cookie: ny });
    expect(deleted.status).toBe(200);
    expect((await createConversation(ny)).status).toBe(201);
    expect((await createConversation(ny)).status).toBe(409);
  });

  it(`holds under ${BURST} parallel creates: exactly ${CONVERSATIONS_MAX} stored`, async () => {
    const before = await storedConversations('admin@demo.no');
    const results = await Promise.all(Array.from({ length: BURST }, () => createConversation(admin)));
    expect(statuses(results)).toEqual({ 201: CONVERSATIONS_MAX - before, 409: BURST - (CONVERSATIONS_MAX - before) });
    expect(await storedConversations('admin@demo.no')).toBe(CONVERSATIONS_MAX);
  }, 120_000);
});

// --- paging -------------------------------------------------------------------------

const nextCursor = (result: CallResult) => result.headers.get('X-Next-Cursor');

/** Follows `X-Next-Cursor` from `path` to the last page; checks `Link` on the way. */
async function walk<T>(handler: typeof chat, path: string, cookie: string, limit?: number): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set('limit', String(limit));
    if (cursor) query.set('cursor', cursor);
    const url = query.size ? `${path}?${query}` : path;
    const result = await call(handler, url, { cookie });
    expect(result.status, `${url}: ${result.text.slice(0, 200)}`).toBe(200);
    pages.push(result.body as T[]);
    cursor = nextCursor(result);
    const link = result.headers.get('Link');
    if (!cursor) {
      expect(link).toBeNull();
      return pages;
    }
    const next = new URLSearchParams({ ...(limit === undefined ? {} : { limit: String(limit) }), cursor });
    expect(link).toBe(`<${path}?${next}>; rel="next"`);
  }
  throw new Error('more than 100 pages');
}

describe('paging the notes of a lesson', () => {
  const path = `/api/lessons/${OTHER_VIDEO}/video-notes`;

  it('walks every note once, in the order of the video, in pages of at most the limit', async () => {
    const d = await db();
    const who = userId('superbruker@demo.no');
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    // 130 notes: many at the same second and created in the same instant (ties broken by id).
    await d.insert(videoNotes).values(
      Array.from({ length: 130 }, (_, i) => ({
        userId: who,
        lessonId: OTHER_VIDEO,
        timestamp: i % 7,
        noteText: `Side ${i}`,
        createdAt: at(i % 3),
      })),
    );
    const expected = await d
      .select({ id: videoNotes.id, timestamp: videoNotes.timestamp, createdAt: videoNotes.createdAt })
      .from(videoNotes)
      .where(and(eq(videoNotes.userId, who), eq(videoNotes.lessonId, OTHER_VIDEO)));
    const order = expected
      .sort((a, b) => a.timestamp - b.timestamp || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((n) => n.id);

    const pages = await walk<VideoNote>(lessonFunctions, path, superbruker, 40);
    expect(pages.map((p) => p.length)).toEqual([40, 40, 40, 10]);
    expect(pages.flat().map((n) => n.id)).toEqual(order);

    // Without `limit`: the default page of 50.
    const byDefault = await walk<VideoNote>(lessonFunctions, path, superbruker);
    expect(byDefault.map((p) => p.length)).toEqual([50, 50, 30]);
    expect(byDefault.flat().map((n) => n.id)).toEqual(order);
  });

  it('keeps a page bounded in size even when every note is as long as allowed', async () => {
    const d = await db();
    const who = userId('admin@demo.no');
    await d
      .insert(videoNotes)
      .values(Array.from({ length: NOTES_MAX }, (_, i) => ({ userId: who, lessonId: OTHER_VIDEO, timestamp: i, noteText: 'æ'.repeat(5_000) })));
    const first = await call(lessonFunctions, path, { cookie: admin });
    expect((first.body as VideoNote[]).length).toBe(50);
    // 50 notes of 5,000 two-byte characters and their fields: about half a megabyte, never the whole list.
    expect(Buffer.byteLength(first.text)).toBeLessThan(50 * (10_000 + 400));
    const largest = await call(lessonFunctions, `${path}?limit=100`, { cookie: admin });
    expect((largest.body as VideoNote[]).length).toBe(100);
    expect(nextCursor(largest)).toBeTruthy();
  });
});

describe('paging the conversations', () => {
  it('walks every conversation once, most recently used first', async () => {
    const d = await db();
    const who = userId('bedrift@demo.no');
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await d
      .insert(chatConversations)
      .values(Array.from({ length: 75 }, (_, i) => ({ userId: who, title: `Samtale ${i}`, updatedAt: at(i % 10), createdAt: at(0) })));
    const rows = await d
      .select({ id: chatConversations.id, updatedAt: chatConversations.updatedAt, createdAt: chatConversations.createdAt })
      .from(chatConversations)
      .where(eq(chatConversations.userId, who));
    const order = rows
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((c) => c.id);
    const pages = await walk<Conversation>(chat, '/api/chat/conversations', bedrift, 30);
    expect(pages.map((p) => p.length)).toEqual([30, 30, 15]);
    expect(pages.flat().map((c) => c.id)).toEqual(order);
    expect(Object.keys(pages[0]![0]!).sort()).toEqual(['id', 'title']);
    const byDefault = await walk<Conversation>(chat, '/api/chat/conversations', bedrift);
    expect(byDefault.map((p) => p.length)).toEqual([50, 25]);
  });
});

describe('paging the messages of a conversation', () => {
  it('walks every message once: the newest page first, each page in the order they were written', async () => {
    const d = await db();
    const [conversation] = await d
      .insert(chatConversations)
      .values({ userId: userId('superbruker@demo.no'), title: 'Lang samtale' })
      .returning({ id: chatConversations.id });
    const id = conversation!.id;
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, s));
    await d.insert(chatMessages).values(
      Array.from({ length: 230 }, (_, i) => ({
        conversationId: id,
        role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: `Melding ${i}`,
        createdAt: at(Math.floor(i / 2)),
      })),
    );
    const rows = await d
      .select({ id: chatMessages.id, createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, id));
    const chronological = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)).map((m) => m.id);

    const pages = await walk<ChatMessage>(chat, `/api/chat/conversations/${id}/messages`, superbruker, 100);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 30]);
    // Newest first: the first page holds the latest 100 messages; older pages follow.
    expect(pages[0]!.map((m) => m.id)).toEqual(chronological.slice(-100));
    expect(pages[1]!.map((m) => m.id)).toEqual(chronological.slice(30, 130));
    expect(pages[2]!.map((m) => m.id)).toEqual(chronological.slice(0, 30));
    expect(
      [...pages]
        .reverse()
        .flat()
        .map((m) => m.id),
    ).toEqual(chronological);

    const byDefault = await walk<ChatMessage>(chat, `/api/chat/conversations/${id}/messages`, superbruker);
    expect(byDefault.map((p) => p.length)).toEqual([50, 50, 50, 50, 30]);
  });
});

describe('bad paging parameters', () => {
  const lists = [
    ['notes', lessonFunctions, `/api/lessons/${VIDEO}/video-notes`],
    ['conversations', chat, '/api/chat/conversations'],
    ['messages', chat, `/api/chat/conversations/${seedId(`conversation:${userId('elev@demo.no')}:0`)}/messages`],
  ] as const;
  const limitMessage = 'Antall per side (limit) må være et heltall fra 1 til 100';
  const cursorMessage = 'Sidemarkøren (cursor) er ugyldig. Last listen på nytt.';

  it.each(lists)('%s: a limit outside 1–100 or not a whole number is a Norwegian 400', async (_, handler, path) => {
    const elev = await signIn('elev@demo.no', 'demo1234', '203.0.113.50');
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '', '1e2', ' 5', '0x10', '99999999999999999999']) {
      const result = await call(handler, `${path}?limit=${encodeURIComponent(limit)}`, { cookie: elev });
      expect(result.status, `limit=${limit}`).toBe(400);
      expect(result.body).toEqual({ error: limitMessage, issues: [{ path: 'limit', message: limitMessage }] });
    }
    expect((await call(handler, `${path}?limit=100`, { cookie: elev })).status).toBe(200);
    expect((await call(handler, `${path}?limit=1`, { cookie: elev })).status).toBe(200);
  });

  it.each(lists)('%s: a cursor that is not one of ours is a Norwegian 400', async (_, handler, path) => {
    const elev = await signIn('elev@demo.no', 'demo1234', '203.0.113.51');
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'x',
      '',
      '!!!',
      'a'.repeat(1_000),
      forged({}),
      forged(['?', 1]),
      forged(['n', 'ikke et tall', '2026-01-01T00:00:00.000000Z', seedId('x')]),
      forged(['c', '2026-13-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z', seedId('x')]),
      forged(['m', '2026-01-01T00:00:00.000000Z', 'ikke-en-uuid']),
      "' OR 1=1 --",
    ]) {
      const result = await call(handler, `${path}?cursor=${encodeURIComponent(cursor)}`, { cookie: elev });
      expect(result.status, `cursor=${cursor.slice(0, 40)}`).toBe(400);
      expect(result.body).toEqual({ error: cursorMessage, issues: [{ path: 'cursor', message: cursorMessage }] });
    }
  });

  /** A cursor of elev@demo.no's notes (the seed gives them three on a video lesson). */
  async function elevNotesCursor() {
    const [seeded] = await (
      await db()
    )
      .select({ lessonId: videoNotes.lessonId })
      .from(videoNotes)
      .where(eq(videoNotes.id, seedId(`note:${userId('elev@demo.no')}:0`)));
    const path = `/api/lessons/${seeded!.lessonId}/video-notes`;
    const elev = await signIn('elev@demo.no', 'demo1234', '203.0.113.53');
    const cursor = nextCursor(await call(lessonFunctions, `${path}?limit=1`, { cookie: elev }));
    expect(cursor).toBeTruthy();
    return { path, cursor: cursor!, elev };
  }

  it("shows nothing of another user's through a cursor naming their rows", async () => {
    const { path, cursor } = await elevNotesCursor();
    const asNy = await call(lessonFunctions, `${path}?limit=1&cursor=${cursor}`, { cookie: ny });
    expect(asNy.status).toBe(200);
    expect(asNy.body).toEqual([]);
    expect(nextCursor(asNy)).toBeNull();
  });

  it("refuses another list's cursor", async () => {
    const { cursor, elev } = await elevNotesCursor();
    const result = await call(chat, `/api/chat/conversations?cursor=${cursor}`, { cookie: elev });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: cursorMessage, issues: [{ path: 'cursor', message: cursorMessage }] });
    // Unknown query parameters are ignored, as on every other route.
    expect((await call(chat, '/api/chat/conversations?side=2', { cookie: elev })).status).toBe(200);
  });
});
