import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage, chatMessages, lessons } from '../../db/schema';
import { seedId, seedLessonId, seedModuleId } from '../../db/seed-ids';
import chat from '../../netlify/functions/chat';
import type { ChatMessage, Conversation, SendMessageResult } from '../../src/schemas/chat';
import { offlineAnswer, overrideAssistantSettings, searchCourseContent } from '../../src/server/assistant';
import { acquireAppDb } from '../../src/server/platform/db';
import { evaluateAssistant } from '../assistant/evaluate';
import { type FakeOpenAi, parseEvents, startFakeOpenAi } from '../assistant/fake-openai';
import { questions } from '../assistant/questions';
import { call, makeCatalogueFree, ORIGIN, signIn } from '../helpers';

/**
 * The chat assistant's API (decision 12) against a local fake OpenAI-compatible server
 * that the real `openai` SDK talks to, and the offline assistant without a key.
 */

const db = async () => (await acquireAppDb()).db;
const userId = (email: string) => seedId(`user:${email}`);
const elevConversation = seedId(`conversation:${userId('elev@demo.no')}:0`);

let elev: string;
let ny: string;
let fake: FakeOpenAi;

beforeAll(async () => {
  // About the player's own rules: every course open (entitlements.test.ts covers access).
  await makeCatalogueFree();
  fake = await startFakeOpenAi();
  elev = await signIn('elev@demo.no');
  ny = await signIn('ny@demo.no');
});
afterAll(async () => {
  overrideAssistantSettings({});
  await fake.close();
});
afterEach(() => overrideAssistantSettings({}));

const useModel = (extra: Parameters<typeof overrideAssistantSettings>[0] = {}) =>
  overrideAssistantSettings({ apiKey: 'sk-test', baseURL: fake.url, model: 'test-model', timeoutMs: 2_000, maxRetries: 1, ...extra });

async function newConversation(cookie: string, title = 'Test'): Promise<string> {
  const result = await call(chat, '/api/chat/conversations', { cookie, json: { title } });
  expect(result.status).toBe(201);
  return (result.body as Conversation).id;
}

async function storedMessages(conversationId: string) {
  return (await db()).select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId));
}

async function usage(email: string) {
  const [row] = await (
    await db()
  )
    .select()
    .from(aiUsage)
    .where(eq(aiUsage.userId, userId(email)));
  return row ?? { requests: 0, modelAnswers: 0, inputTokens: 0, outputTokens: 0 };
}

const send = (cookie: string, conversationId: string, json: unknown, headers: Record<string, string> = {}) =>
  call(chat, `/api/chat/conversations/${conversationId}/messages`, { cookie, json, headers });

describe('conversations', () => {
  it('answers anonymous callers 401 on every route', async () => {
    const id = elevConversation;
    for (const [method, path] of [
      ['GET', '/api/chat/conversations'],
      ['POST', '/api/chat/conversations'],
      ['DELETE', `/api/chat/conversations/${id}`],
      ['GET', `/api/chat/conversations/${id}/messages`],
      ['POST', `/api/chat/conversations/${id}/messages`],
    ] as const) {
      const result = await call(chat, path, { method, json: method === 'POST' ? { title: 'x', content: 'x' } : undefined });
      expect(result.status, `${method} ${path}`).toBe(401);
      expect(result.body).toMatchObject({ error: 'Unauthorized' });
    }
  });

  it('creates, lists newest first, and deletes with the messages', async () => {
    const blank = await call(chat, '/api/chat/conversations', { cookie: ny, json: { title: '   ' } });
    expect(blank.status).toBe(201);
    expect(blank.body).toEqual({ id: expect.any(String), title: 'Ny samtale' });
    const missing = await call(chat, '/api/chat/conversations', { cookie: ny, json: {} });
    expect((missing.body as Conversation).title).toBe('Ny samtale');
    const named = await newConversation(ny, 'Prompter');

    const list = await call(chat, '/api/chat/conversations', { cookie: ny });
    expect(list.status).toBe(200);
    expect((list.body as Conversation[])[0]).toEqual({ id: named, title: 'Prompter' });

    // A new message moves a conversation to the top.
    const first = (blank.body as Conversation).id;
    expect((await send(ny, first, { content: 'Hva er en prompt?' })).status).toBe(200);
    expect(((await call(chat, '/api/chat/conversations', { cookie: ny })).body as Conversation[])[0]!.id).toBe(first);

    const deleted = await call(chat, `/api/chat/conversations/${first}`, { method: 'DELETE', cookie: ny });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect(await storedMessages(first)).toHaveLength(0);
    expect((await call(chat, `/api/chat/conversations/${first}`, { method: 'DELETE', cookie: ny })).status).toBe(404);
  });

  it('refuses a title over 200 characters', async () => {
    const result = await call(chat, '/api/chat/conversations', { cookie: ny, json: { title: 'a'.repeat(201) } });
    expect(result.status).toBe(400);
  });

  it('keeps conversations private: another user gets 404 everywhere', async () => {
    expect((await call(chat, `/api/chat/conversations/${elevConversation}/messages`, { cookie: ny })).status).toBe(404);
    expect((await send(ny, elevConversation, { content: 'Hei' })).status).toBe(404);
    expect((await call(chat, `/api/chat/conversations/${elevConversation}`, { method: 'DELETE', cookie: ny })).status).toBe(404);
    expect(((await call(chat, '/api/chat/conversations', { cookie: ny })).body as Conversation[]).map((c) => c.id)).not.toContain(elevConversation);
    // The owner still has it, with its messages in order.
    const messages = await call(chat, `/api/chat/conversations/${elevConversation}/messages`, { cookie: elev });
    expect(messages.status).toBe(200);
    expect((messages.body as ChatMessage[]).map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(Object.keys((messages.body as ChatMessage[])[0]!).sort()).toEqual(['content', 'conversationId', 'createdAt', 'id', 'role']);
  });
});

describe('conversation names (issue 29)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn('admin@demo.no');
  });
  const titleOf = async (cookie: string, id: string) =>
    ((await call(chat, '/api/chat/conversations', { cookie })).body as Conversation[]).find((c) => c.id === id)?.title;
  const rename = (cookie: string, id: string, title: unknown) =>
    call(chat, `/api/chat/conversations/${id}`, { method: 'PATCH', cookie, json: { title } });

  it('names a new conversation from its first question, short, and keeps the name after that', async () => {
    const id = await newConversation(admin, 'Ny samtale');
    const first = await send(admin, id, {
      content: '  hvordan får jeg Copilot i Outlook til å lage et kort sammendrag av en lang e-posttråd med mange svar?',
    });
    expect(first.status).toBe(200);
    const named = 'Hvordan får jeg Copilot i Outlook til å lage et kort…';
    expect((first.body as SendMessageResult).conversation).toEqual({ id, title: named });
    expect(await titleOf(admin, id)).toBe(named);
    const second = await send(admin, id, { content: 'Og hva med Teams?' });
    expect((second.body as SendMessageResult).conversation.title).toBe(named);
    expect(await titleOf(admin, id)).toBe(named);
  });

  it('leaves a conversation the learner named alone', async () => {
    const id = await newConversation(admin, 'Mine prompter');
    expect(((await send(admin, id, { content: 'Hva er en prompt?' })).body as SendMessageResult).conversation.title).toBe('Mine prompter');
    const renamedFirst = await newConversation(admin, 'Ny samtale');
    expect((await rename(admin, renamedFirst, 'Om referater')).status).toBe(200);
    await send(admin, renamedFirst, { content: 'Hva er et godt referat?' });
    expect(await titleOf(admin, renamedFirst)).toBe('Om referater');
  });

  it('renames: trimmed, 1–200 characters, no markup, the list keeps its order; another user gets 404', async () => {
    const older = await newConversation(admin, 'Eldre');
    const newer = await newConversation(admin, 'Nyere');
    const renamed = await rename(admin, older, '  Excel-formler  ');
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: older, title: 'Excel-formler' });
    const order = ((await call(chat, '/api/chat/conversations', { cookie: admin })).body as Conversation[]).map((c) => c.id);
    expect(order.indexOf(newer)).toBeLessThan(order.indexOf(older));

    const blank = await rename(admin, older, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: 'Skriv et navn på samtalen' });
    const long = await rename(admin, older, 'a'.repeat(201));
    expect(long.body).toMatchObject({ error: 'Navnet kan ha høyst 200 tegn' });
    expect((await rename(admin, older, 'a'.repeat(200))).status).toBe(200);
    expect((await rename(admin, older, '<b>fet</b>')).status).toBe(400);
    expect((await rename(ny, older, 'Kapret')).status).toBe(404);
    expect((await rename(admin, elevConversation, 'Kapret')).status).toBe(404);
    expect((await call(chat, `/api/chat/conversations/${older}`, { method: 'PATCH', json: { title: 'x' } })).status).toBe(401);
  });
});

describe('questions the course material does not answer (offline, issue 29)', () => {
  it.each([
    ['Hva koster kurset?', ['(/ki-for-kontoret)', '(/nettbasert-pakke)'], 'Kursinnholdet handler ikke om priser'],
    ['Kan bedriften betale med faktura?', ['(/nettbasert-pakke)'], 'tas ikke opp i kursinnholdet'],
    ['Hvor finner jeg kvitteringen for kjøpet mitt?', ['(/kjop)'], 'tas ikke opp i kursinnholdet'],
    ['Kan bedriften vår kjøpe kurs til alle ansatte?', ['(/nettbasert-pakke)', '(/kontakt)'], 'tas ikke opp i kursinnholdet'],
    ['Hvordan kontakter jeg dere?', ['(/kontakt)'], 'kan ikke sette deg i kontakt'],
  ])('%s → says so and links the right page, no lesson', async (question, pages, says) => {
    const id = await newConversation(ny);
    const result = await send(ny, id, { content: question, context: { courseId: 'ki-for-kontoret' } });
    expect(result.status).toBe(200);
    const { content } = (result.body as SendMessageResult).assistantMessage;
    expect(content).toContain(says);
    for (const page of pages) expect(content).toContain(page);
    expect(content).not.toContain('/course/');
    expect(content.length).toBeLessThan(500);
  });

  it('still answers a tool’s price from the lessons', async () => {
    const id = await newConversation(ny);
    const { content } = ((await send(ny, id, { content: 'Hva koster ChatGPT Plus i måneden?' })).body as SendMessageResult).assistantMessage;
    expect(content).not.toContain('Kursinnholdet handler ikke om priser');
  });
});

describe('sending without a model (the offline assistant)', () => {
  it('answers from the course content with lesson links, and stores both messages', async () => {
    const id = await newConversation(ny);
    const result = await send(ny, id, { content: '  Hvordan får jeg KI til å skrive referat fra et møte?  ' });
    expect(result.status).toBe(200);
    const { userMessage, assistantMessage } = result.body as SendMessageResult;
    expect(userMessage).toMatchObject({ conversationId: id, role: 'user', content: 'Hvordan får jeg KI til å skrive referat fra et møte?' });
    expect(assistantMessage.role).toBe('assistant');
    expect(assistantMessage.content).toMatch(/\]\(\/course\/[a-z-]+\?lessonId=[0-9a-f-]{36}\)/);
    expect(assistantMessage.content).toContain('Møtereferat');
    expect(new Date(assistantMessage.createdAt).getTime()).toBeGreaterThan(new Date(userMessage.createdAt).getTime());
    const listed = await call(chat, `/api/chat/conversations/${id}/messages`, { cookie: ny });
    expect((listed.body as ChatMessage[]).map((m) => m.id)).toEqual([userMessage.id, assistantMessage.id]);
    // What the answer says was stored is what is stored, to the millisecond.
    expect(listed.body).toEqual([userMessage, assistantMessage]);
  });

  it('says plainly when nothing matches, and names the courses', async () => {
    const id = await newConversation(ny);
    const result = await send(ny, id, { content: 'xyzzy plugh qwertz' });
    expect(result.status).toBe(200);
    const { content } = (result.body as SendMessageResult).assistantMessage;
    expect(content).toContain('Jeg fant ikke noe i kursinnholdet');
    expect(content).toContain('KI for Kontoret');
  });

  it('lets the lesson the learner is on weigh in, and checks that it exists', async () => {
    const id = await newConversation(ny);
    const lessonId = seedLessonId('ki-for-kontoret', 5, 0);
    const withContext = await send(ny, id, { content: 'Hva sier GDPR om dette?', context: { courseId: 'ki-for-kontoret', lessonId } });
    expect(withContext.status).toBe(200);
    expect((withContext.body as SendMessageResult).assistantMessage.content).toContain(`/course/ki-for-kontoret?lessonId=${lessonId}`);

    const unknownLesson = await send(ny, id, { content: 'Hei', context: { lessonId: '00000000-0000-4000-8000-000000000000' } });
    expect(unknownLesson.status).toBe(400);
    expect(unknownLesson.body).toMatchObject({ issues: [{ path: 'context.lessonId' }] });
    const unknownCourse = await send(ny, id, { content: 'Hei', context: { courseId: 'finnes-ikke' } });
    expect(unknownCourse.status).toBe(400);
    expect(unknownCourse.body).toMatchObject({ issues: [{ path: 'context.courseId', message: 'Fant ikke kurset' }] });
    const otherCourse = await send(ny, id, { content: 'Hei', context: { courseId: 'grunnleggende-ki', lessonId } });
    expect(otherCourse.status).toBe(400);
    expect(otherCourse.body).toMatchObject({ issues: [{ path: 'context.lessonId', message: 'Leksjonen hører ikke til kurset' }] });
    // Another user's conversation is unknown before its context is looked at.
    expect((await send(ny, elevConversation, { content: 'Hei', context: { courseId: 'finnes-ikke' } })).status).toBe(404);
    expect(await storedMessages(id)).toHaveLength(2);
  });

  it('accepts 4,000 characters and refuses 4,001 or a blank message', async () => {
    const id = await newConversation(ny);
    expect((await send(ny, id, { content: 'a'.repeat(4001) })).status).toBe(400);
    expect((await send(ny, id, { content: '   ' })).status).toBe(400);
    expect((await send(ny, id, { content: 'prompt '.repeat(571).slice(0, 4000) })).status).toBe(200);
  });

  it('finds a lesson right after it is inserted', async () => {
    const [row] = await (
      await db()
    )
      .insert(lessons)
      .values({
        moduleId: seedModuleId('ki-for-kontoret', 0),
        title: 'Kvanteregnskap med fotosyntese',
        description: 'En oppdiktet testleksjon om kvanteregnskap.',
        type: 'text',
        content: { text: 'Kvanteregnskapet fører fotosyntesen i balansen.' },
        orderIndex: 99,
      })
      .returning({ id: lessons.id });
    const id = await newConversation(ny);
    const result = await send(ny, id, { content: 'Hva er kvanteregnskap?' });
    expect((result.body as SendMessageResult).assistantMessage.content).toContain(`lessonId=${row!.id}`);
    await (await db()).delete(lessons).where(eq(lessons.id, row!.id));
  });

  it('searches what the videos say too: the seed stores the captions with each video lesson', async () => {
    const [lesson] = await (
      await db()
    )
      .select({ captionsText: lessons.captionsText })
      .from(lessons)
      .where(eq(lessons.id, seedLessonId('grunnleggende-ki', 0, 0)));
    expect(lesson?.captionsText).toContain('Notatene får et tidsstempel');
    expect(lesson?.captionsText).not.toMatch(/-->|WEBVTT/);
  });

  it('limits the messages per user and day, counted in the database', async () => {
    overrideAssistantSettings({ dailyMessageLimit: 2 });
    const cookie = await signIn('bedrift@demo.no');
    const id = await newConversation(cookie);
    expect((await send(cookie, id, { content: 'Hva er en prompt?' })).status).toBe(200);
    expect((await send(cookie, id, { content: 'Hva er en prompt?' })).status).toBe(200);
    const refused = await send(cookie, id, { content: 'Hva er en prompt?' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ errorType: 'rate_limit', error: expect.stringContaining('dagens 2 meldinger') });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await storedMessages(id)).toHaveLength(4);
    // Answered offline: counted as questions, none by a model, no tokens (the admin's chart, decision 38).
    expect(await usage('bedrift@demo.no')).toMatchObject({ requests: 2, modelAnswers: 0, inputTokens: 0, outputTokens: 0 });
  });

  it('never lets a burst past the daily limit', async () => {
    overrideAssistantSettings({ dailyMessageLimit: 3 });
    const cookie = await signIn('superbruker@demo.no');
    const id = await newConversation(cookie);
    const results = await Promise.all(Array.from({ length: 8 }, () => send(cookie, id, { content: 'Hva er GDPR?' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
  });
});

describe('sending with a model (fake OpenAI-compatible server)', () => {
  it('stores both messages and the token usage, and gives the model the passages and the last N messages', async () => {
    useModel({ historyMessages: 3 });
    const before = await usage('elev@demo.no');
    fake.behave({ kind: 'reply', content: 'Se [Møtereferat med KI](/course/grunnleggende-ki?lessonId=x).', inputTokens: 321, outputTokens: 45 });
    const id = await newConversation(elev);
    await send(elev, id, { content: 'Første spørsmål' });
    fake.requests.length = 0;
    const result = await send(elev, id, { content: 'Hvordan lager jeg et møtereferat?' });
    expect(result.status).toBe(200);
    const body = result.body as SendMessageResult;
    expect(body.assistantMessage.content).toContain('Møtereferat med KI');
    expect(await storedMessages(id)).toHaveLength(4);
    const after = await usage('elev@demo.no');
    expect(after.inputTokens - before.inputTokens).toBe(2 * 321);
    expect(after.outputTokens - before.outputTokens).toBe(2 * 45);
    expect(after.requests - before.requests).toBe(2);
    expect(after.modelAnswers - before.modelAnswers).toBe(2);

    const request = fake.requests[0]!;
    expect(request.model).toBe('test-model');
    expect(request.messages[0]!.role).toBe('system');
    expect(request.messages[0]!.content).toContain('KI-assistent');
    const passages = request.messages.at(-2)!;
    expect(passages.role).toBe('system');
    expect(passages.content).toMatch(/Lenke: \/course\/[a-z-]+\?lessonId=/);
    // historyMessages 3: two stored messages and the new question.
    expect(request.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual([
      'Første spørsmål',
      'Se [Møtereferat med KI](/course/grunnleggende-ki?lessonId=x).',
      'Hvordan lager jeg et møtereferat?',
    ]);
  });

  const failures = [
    { name: 'quota used up (429 insufficient_quota)', behaviour: { kind: 'quota' as const }, status: 402, errorType: 'quota_exceeded' },
    { name: 'billing limit (429 billing_hard_limit_reached)', behaviour: { kind: 'billing' as const }, status: 402, errorType: 'quota_exceeded' },
    { name: 'provider rate limit (429)', behaviour: { kind: 'rate_limit' as const, retryAfter: 7 }, status: 429, errorType: 'rate_limit' },
    { name: 'provider error (500)', behaviour: { kind: 'server_error' as const }, status: 502, errorType: 'provider_error' },
    { name: 'no answer in time', behaviour: { kind: 'hang' as const }, status: 504, errorType: 'timeout' },
  ];

  it.each(failures)('$name → $status $errorType, nothing stored, the reservation given back', async ({ behaviour, status, errorType }) => {
    useModel({ timeoutMs: 400 });
    fake.behave(behaviour);
    const id = await newConversation(elev);
    const before = await usage('elev@demo.no');
    fake.requests.length = 0;
    const result = await send(elev, id, { content: 'Hva er en prompt?' });
    expect(result.status).toBe(status);
    expect(result.body).toMatchObject({ errorType, error: expect.any(String) });
    expect(result.text).not.toMatch(/at \w+ \(|node_modules|stack/i);
    expect(await storedMessages(id)).toHaveLength(0);
    expect((await usage('elev@demo.no')).requests).toBe(before.requests);
    if (errorType === 'quota_exceeded') {
      expect(result.body).toMatchObject({ provider: 'OpenAI' });
      expect(fake.requests).toHaveLength(1); // a quota error is never retried
    }
    if (errorType === 'rate_limit') {
      expect(result.headers.get('Retry-After')).toBe('7');
      expect(fake.requests).toHaveLength(2); // one retry
    }
    if (errorType === 'timeout') expect(fake.requests).toHaveLength(1);
  });

  it('streams a reply in pieces and stores it once, when the stream is done', async () => {
    useModel();
    const reply = 'Et godt møtereferat har beslutninger, oppgaver med ansvarlig og frist, og neste møte.';
    fake.behave({ kind: 'reply', content: reply });
    const id = await newConversation(elev);
    const response = await chat(
      new Request(`${ORIGIN}/api/chat/conversations/${id}/messages`, {
        method: 'POST',
        headers: { Origin: ORIGIN, Cookie: elev, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'Hva bør et møtereferat inneholde?' }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    let text = '';
    let reads = 0;
    let storedWhileStreaming = -1;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads++;
      text += new TextDecoder().decode(value);
      if (reads === 2) storedWhileStreaming = (await storedMessages(id)).length;
    }
    const events = parseEvents(text);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((e) => (e.data as { content: string }).content).join('')).toBe(reply);
    expect(storedWhileStreaming).toBe(0);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect((done.data as SendMessageResult).assistantMessage.content).toBe(reply);
    expect((await storedMessages(id)).map((m) => m.content).sort()).toEqual([reply, 'Hva bør et møtereferat inneholde?'].sort());
  });

  it('stores nothing when the stream breaks half-way, and says so in an error event', async () => {
    useModel();
    fake.behave({ kind: 'broken', content: 'Dette svaret blir aldri ferdig, for forbindelsen brytes midt i.' });
    const id = await newConversation(elev);
    const before = await usage('elev@demo.no');
    const result = await send(elev, id, { content: 'Fortell meg om prompter' }, { Accept: 'text/event-stream' });
    expect(result.status).toBe(200);
    const events = parseEvents(result.text);
    expect(events.some((e) => e.event === 'delta')).toBe(true);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { errorType: 'provider_error', error: expect.any(String) } });
    expect(await storedMessages(id)).toHaveLength(0);
    expect((await usage('elev@demo.no')).requests).toBe(before.requests);
  });

  it('gives up on a stream that goes silent half-way (timeout), storing nothing', async () => {
    useModel({ timeoutMs: 300 });
    fake.behave({ kind: 'stall', content: 'Et svar som stopper opp.' });
    const id = await newConversation(elev);
    const result = await send(elev, id, { content: 'Hei' }, { Accept: 'text/event-stream' });
    expect(parseEvents(result.text).at(-1)).toMatchObject({ event: 'error', data: { errorType: 'timeout' } });
    expect(await storedMessages(id)).toHaveLength(0);
  });

  it('answers a streamed request that the provider refuses outright with a JSON error', async () => {
    useModel();
    fake.behave({ kind: 'quota' });
    const id = await newConversation(elev);
    const result = await send(elev, id, { content: 'Hei' }, { Accept: 'text/event-stream' });
    expect(result.status).toBe(402);
    expect(result.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(result.body).toMatchObject({ errorType: 'quota_exceeded', provider: 'OpenAI' });
    expect(await storedMessages(id)).toHaveLength(0);
  });

  it('answers JSON when streaming is asked for but no model is configured', async () => {
    const id = await newConversation(elev);
    const result = await send(elev, id, { content: 'Hva er en prompt?' }, { Accept: 'text/event-stream' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ userMessage: { role: 'user' }, assistantMessage: { role: 'assistant' } });
  });
});

describe('the offline assistant’s quotes (issue 29)', () => {
  it('quote whole sentences: each ends at a sentence end, never mid-word', async () => {
    const everyCourse = {
      readableCourseIds: ['grunnleggende-ki', 'ki-for-kontoret', 'ki-filmproduksjon', 'ki-markedsforing', 'ki-automatisering', 'ki-chatgpt-mester'],
    };
    let quotes = 0;
    for (const q of questions) {
      const answer = offlineAnswer(await searchCourseContent(await db(), q.question, everyCourse), []);
      for (const line of answer.split('\n').filter((l) => l.startsWith('> '))) {
        quotes++;
        const quote = line.slice(2);
        expect(quote, q.question).toMatch(/[.!?:][»”")]*$/u);
        expect(quote, q.question).toMatch(/^[\p{Lu}\p{N}«"(\\*]/u);
      }
    }
    expect(quotes).toBeGreaterThanOrEqual(questions.length);
  });
});

describe('the offline assistant, measured (tests/assistant/questions.ts)', () => {
  it('cites a lesson of the right course in the top 3 for ≥ 85 % and a right lesson for ≥ 75 % of the questions', async () => {
    expect(questions.length).toBeGreaterThanOrEqual(20);
    const result = await evaluateAssistant(await db(), questions);
    expect(result.courseHitRate, JSON.stringify(result.misses, null, 1)).toBeGreaterThanOrEqual(0.85);
    expect(result.lessonHitRate, JSON.stringify(result.misses, null, 1)).toBeGreaterThanOrEqual(0.75);
  });
});
