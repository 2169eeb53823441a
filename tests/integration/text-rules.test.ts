import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiUsage, chatMessages, courses, lessons, users, videoNotes } from '../../db/schema';
import { seedId, seedLessonId, seedModuleId } from '../../db/seed-ids';
import admin from '../../netlify/functions/admin';
import account from '../../netlify/functions/account';
import chat from '../../netlify/functions/chat';
import videoNoteFunctions from '../../netlify/functions/video-notes';
import type { Conversation } from '../../src/schemas/chat';
import type { VideoNote } from '../../src/schemas/player';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, signIn } from '../helpers';

/**
 * Issue 20, points 7 and 1: text that is not text is a 400 naming the field, through the real
 * handlers. A note or a chat message made only of invisible characters, with a right-to-left
 * override or a lone surrogate; a note past the video's end; markup in a name or a title.
 */

const db = async () => (await acquireAppDb()).db;
const userId = (email: string) => seedId(`user:${email}`);
const VIDEO = seedLessonId('grunnleggende-ki', 0, 0);

interface Bad {
  error: string;
  issues: { path: string; message: string }[];
}

/** A 400 whose issue for `field` says `message` (and whose `error` says it too). */
function expectRefused(result: { status: number; body: unknown; text: string }, field: string, message: string | RegExp) {
  expect(result.status, result.text).toBe(400);
  const body = result.body as Bad;
  const issue = body.issues.find((i) => i.path === field);
  expect(issue, result.text).toBeDefined();
  expect(issue!.message).toMatch(message);
  expect(body.error).toContain(issue!.message);
}

const hostile: [string, string, string | RegExp][] = [
  ['only zero-width spaces', '\u200b\u200b', /kan ikke være tom|må fylles ut|Skriv en melding/],
  ['a right-to-left override', 'Hei \u202eadroN', 'kan ikke inneholde tegn som snur skriveretningen'],
  ['a lone surrogate', '\ud800x', 'inneholder tegn som ikke er tillatt'],
];

let ny: string;
let adminCookie: string;
beforeAll(async () => {
  ny = await signIn('ny@demo.no', 'demo1234', '192.0.2.171');
  adminCookie = await signIn('admin@demo.no', 'demo1234', '192.0.2.172');
});

describe('video notes', () => {
  const create = (body: unknown) => call(videoNoteFunctions, '/api/video-notes', { cookie: ny, json: body });
  const notesOfNy = async () =>
    (await db())
      .select()
      .from(videoNotes)
      .where(eq(videoNotes.userId, userId('ny@demo.no')));

  it.each(hostile)('refuses a note with %s, on create and on edit, and stores nothing', async (_, noteText, message) => {
    const before = await notesOfNy();
    expectRefused(await create({ lessonId: VIDEO, timestamp: 1, noteText }), 'noteText', message);
    expect(await notesOfNy()).toEqual(before);

    const made = await create({ lessonId: VIDEO, timestamp: 1, noteText: 'Før' });
    expect(made.status).toBe(201);
    const id = (made.body as VideoNote).id;
    expectRefused(await call(videoNoteFunctions, `/api/video-notes/${id}`, { method: 'PUT', cookie: ny, json: { noteText } }), 'noteText', message);
    const [row] = await (await db()).select({ noteText: videoNotes.noteText }).from(videoNotes).where(eq(videoNotes.id, id));
    expect(row?.noteText).toBe('Før');
    await (await db()).delete(videoNotes).where(eq(videoNotes.id, id));
  });

  it('keeps an emoji joined by ZWJ and a ZWNJ between letters exactly as sent', async () => {
    const noteText = 'Familie 👨‍👩‍👧 og می\u200cخواهم';
    const made = await create({ lessonId: VIDEO, timestamp: 2, noteText });
    expect(made.status).toBe(201);
    expect((made.body as VideoNote).noteText).toBe(noteText);
    const [row] = await (
      await db()
    )
      .select({ noteText: videoNotes.noteText })
      .from(videoNotes)
      .where(eq(videoNotes.id, (made.body as VideoNote).id));
    expect(row?.noteText).toBe(noteText);
  });

  it("refuses a note past the video's end (86,400 s on a short video), naming the time; the end itself is fine", async () => {
    const [lesson] = await (
      await db()
    )
      .select({ duration: sql<number>`(${lessons.content}->>'durationSeconds')::int` })
      .from(lessons)
      .where(eq(lessons.id, VIDEO));
    const duration = lesson!.duration;
    expect(duration).toBe(28);
    const before = await notesOfNy();
    expectRefused(
      await create({ lessonId: VIDEO, timestamp: 86_400, noteText: 'For sent' }),
      'timestamp',
      'Tidspunkt kan ikke være etter videoens slutt (00:28)',
    );
    expectRefused(
      await create({ lessonId: VIDEO, timestamp: duration + 1, noteText: 'For sent' }),
      'timestamp',
      'Tidspunkt kan ikke være etter videoens slutt (00:28)',
    );
    expect(await notesOfNy()).toEqual(before);
    const atEnd = await create({ lessonId: VIDEO, timestamp: duration + 0.9, noteText: 'På slutten' });
    expect(atEnd.status).toBe(201);
    expect((atEnd.body as VideoNote).timestamp).toBe(duration);
  });
});

describe('chat messages', () => {
  const send = (conversationId: string, content: string) =>
    call(chat, `/api/chat/conversations/${conversationId}/messages`, { cookie: ny, json: { content } });
  const requestsToday = async () => {
    const rows = await (
      await db()
    )
      .select({ requests: aiUsage.requests })
      .from(aiUsage)
      .where(eq(aiUsage.userId, userId('ny@demo.no')));
    return rows.reduce((sum, r) => sum + r.requests, 0);
  };

  it.each(hostile)('refuses a message with %s: nothing stored, the daily allowance not charged', async (_, content, message) => {
    const created = await call(chat, '/api/chat/conversations', { cookie: ny, json: { title: 'Tekstregler' } });
    const id = (created.body as Conversation).id;
    const charged = await requestsToday();
    expectRefused(await send(id, content), 'content', message);
    expect(await requestsToday()).toBe(charged);
    expect(await (await db()).select().from(chatMessages).where(eq(chatMessages.conversationId, id))).toEqual([]);
  });

  it('refuses a conversation title of invisible characters or with markup', async () => {
    expectRefused(
      await call(chat, '/api/chat/conversations', { cookie: ny, json: { title: '\u200b' } }),
      'title',
      'Tittel kan ikke bestå bare av usynlige tegn',
    );
    expectRefused(
      await call(chat, '/api/chat/conversations', { cookie: ny, json: { title: '<img src=x onerror=alert(1)>' } }),
      'title',
      'Tittel kan ikke inneholde tegnene < og >',
    );
  });
});

describe('names and titles refuse < and >', () => {
  const markup = 'X</script><script>alert(1)</script>';
  const asAdmin = (path: string, method: string, json: unknown) => call(admin, path, { method, json, cookie: adminCookie });

  it('refuses markup as a course name, and keeps the old name', async () => {
    const [before] = await (await db()).select({ title: courses.title }).from(courses).where(eq(courses.id, 'ki-chatgpt-mester'));
    const result = await asAdmin('/api/admin/courses/ki-chatgpt-mester/name', 'PUT', { name: markup });
    expectRefused(result, 'name', 'Navn kan ikke inneholde tegnene < og >');
    const [after] = await (await db()).select({ title: courses.title }).from(courses).where(eq(courses.id, 'ki-chatgpt-mester'));
    expect(after?.title).toBe(before?.title);
  });

  it.each([
    ['a module name', `/api/admin/modules/${seedModuleId('ki-chatgpt-mester', 0)}/name`, 'PUT', { name: markup }, 'name'],
    ['a module title', '/api/admin/courses/ki-chatgpt-mester/modules', 'POST', { title: markup }, 'title'],
    [
      'a lesson title',
      `/api/admin/modules/${seedModuleId('ki-chatgpt-mester', 0)}/lessons`,
      'POST',
      { title: markup, lessonType: 'text', content: { text: 'Tekst' } },
      'title',
    ],
    [
      'an edited lesson title',
      `/api/admin/lessons/${seedLessonId('ki-chatgpt-mester', 0, 0)}/content`,
      'PUT',
      { content: {}, title: 'a > b' },
      'title',
    ],
    ['a video library title', '/api/admin/videos', 'POST', { title: markup, url: '/media/demo-leksjon.mp4' }, 'title'],
  ])('refuses markup in %s', async (_, path, method, body, field) => {
    expectRefused(await asAdmin(path, method, body), field, /kan ikke inneholde tegnene < og >/);
  });

  it('refuses markup in a name at registration, and creates no account', async () => {
    const person = { firstName: markup, lastName: 'Nordmann', email: 'markup@example.no', password: 'et langt passord' };
    expectRefused(
      await call(account, '/api/auth/register', { json: person, ip: '192.0.2.173' }),
      'firstName',
      'Fornavn kan ikke inneholde tegnene < og >',
    );
    expectRefused(
      await call(account, '/api/auth/register', { json: { ...person, firstName: 'Kari', lastName: '<b>' }, ip: '192.0.2.173' }),
      'lastName',
      'Etternavn kan ikke inneholde tegnene < og >',
    );
    expect(await (await db()).select().from(users).where(eq(users.email, 'markup@example.no'))).toEqual([]);
  });
});
