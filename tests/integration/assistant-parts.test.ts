import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import chat from '../../netlify/functions/chat';
import type { Conversation, SendMessageResult } from '../../src/schemas/chat';
import { overrideAssistantSettings } from '../../src/server/assistant';
import { type FakeOpenAi, startFakeOpenAi } from '../assistant/fake-openai';
import { call, signIn } from '../helpers';

/**
 * A message that asks two things gets both answered, and a lesson the learner cannot open is said
 * to need a purchase: offline, and in what a model is given (the fake OpenAI-compatible server).
 * `ny@demo.no` has no course (every course costs money in the seed).
 */

let ny: string;
let elev: string;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  ny = await signIn('ny@demo.no');
  elev = await signIn('elev@demo.no');
});
afterAll(async () => {
  overrideAssistantSettings({});
  await fake.close();
});
afterEach(() => overrideAssistantSettings({}));

const useModel = () => overrideAssistantSettings({ apiKey: 'sk-test', baseURL: fake.url, model: 'test-model', timeoutMs: 2_000, maxRetries: 1 });

async function ask(cookie: string, content: string, context?: { courseId: string }): Promise<string> {
  const made = await call(chat, '/api/chat/conversations', { cookie, json: { title: 'Test' } });
  expect(made.status).toBe(201);
  const id = (made.body as Conversation).id;
  const sent = await call(chat, `/api/chat/conversations/${id}/messages`, { cookie, json: { content, ...(context ? { context } : {}) } });
  expect(sent.status).toBe(200);
  return (sent.body as SendMessageResult).assistantMessage.content;
}

/** The lines of a reply that link a lesson or a course of the player. */
const citations = (reply: string) => reply.split('\n').filter((line) => /\]\(\/course\//.test(line));

describe('a two-part question, offline', () => {
  it("'Hva koster kurset, og kan jeg få faktura?' gets the price and the invoice answered", async () => {
    const reply = await ask(ny, 'Hva koster kurset, og kan jeg få faktura?', { courseId: 'ki-for-kontoret' });
    expect(reply).toContain('Kursinnholdet handler ikke om priser');
    expect(reply).toContain('(/ki-for-kontoret)');
    expect(reply).toContain('Faktura og kvitteringer tas ikke opp i kursinnholdet');
    expect(reply).toContain('[Mine kjøp](/kjop)');
  });

  it('answers a site question and a course question in one message, each from its own source', async () => {
    const reply = await ask(elev, 'Hva koster kurset, og hvordan skriver jeg bedre instruksjoner til ChatGPT?');
    expect(reply).toContain('Kursinnholdet handler ikke om priser');
    expect(citations(reply).length).toBeGreaterThan(0);
    expect(reply).toMatch(/prompt/i);
  });

  it('cites a lesson for each of two course questions', async () => {
    const reply = await ask(elev, 'Hvordan skriver jeg bedre instruksjoner til ChatGPT, og hva betyr tokens?');
    const cited = citations(reply).join('\n');
    expect(cited).toMatch(/prompt/i);
    expect(cited).toContain('Tokens, sannsynlighet og neste ord');
  });
});

describe('what the learner cannot open', () => {
  it('is marked as needing a purchase wherever the offline answer cites it', async () => {
    const reply = await ask(ny, 'Hvordan lager jeg undertekster på norsk automatisk?');
    const cited = citations(reply);
    expect(cited.length).toBeGreaterThan(0);
    // ny@demo.no has no course: every citation is a preview or a course, and says a purchase is needed.
    for (const line of cited) expect(line, line).toContain('krever kjøp');
  });

  it('is not marked for a learner who has the course', async () => {
    const reply = await ask(elev, 'Hvordan skriver jeg bedre instruksjoner til ChatGPT?');
    const cited = citations(reply);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.some((line) => !line.includes('krever kjøp'))).toBe(true);
  });
});

describe('with a model', () => {
  it('gives it the passages of both questions, what each needs to open, and the rules', async () => {
    useModel();
    fake.behave({ kind: 'reply', content: 'Svar.', inputTokens: 10, outputTokens: 2 });
    fake.requests.length = 0;
    await ask(elev, 'Hvordan skriver jeg bedre instruksjoner til ChatGPT, og hva betyr tokens?');
    const request = fake.requests[0]!;
    const system = request.messages[0]!.content;
    expect(system).toContain('KI-assistent');
    expect(system).toContain('Har meldingen flere spørsmål, svar på hvert av dem');
    expect(system).toContain('krever kjøp');
    const passages = request.messages.find((m) => m.role === 'system' && m.content.startsWith('Utdrag fra kursene'))!.content;
    expect(passages).toMatch(/Leksjon: .*prompt/i);
    expect(passages).toContain('Leksjon: Tokens, sannsynlighet og neste ord');
    // Every passage says whether the learner can open it.
    expect(passages.split('\n').filter((line) => line.startsWith('Lenke: ')).length).toBe(
      passages.split('\n').filter((line) => line.startsWith('Tilgang: ')).length,
    );
  });

  it('tells it which passages the learner cannot open without a purchase', async () => {
    useModel();
    fake.behave({ kind: 'reply', content: 'Svar.', inputTokens: 10, outputTokens: 2 });
    fake.requests.length = 0;
    await ask(ny, 'Hvordan lager jeg undertekster på norsk automatisk?');
    const passages = fake.requests[0]!.messages.find((m) => m.role === 'system' && m.content.startsWith('Utdrag fra kursene'))!.content;
    const access = passages.split('\n').filter((line) => line.startsWith('Tilgang: '));
    expect(access.length).toBeGreaterThan(0);
    for (const line of access) expect(line).toContain('krever kjøp');
  });

  it("gives it the site's answer to a price and invoice question, both parts", async () => {
    useModel();
    fake.behave({ kind: 'reply', content: 'Svar.', inputTokens: 10, outputTokens: 2 });
    fake.requests.length = 0;
    await ask(ny, 'Hva koster kurset, og kan jeg få faktura?', { courseId: 'ki-for-kontoret' });
    const site = fake.requests[0]!.messages.find((m) => m.role === 'system' && m.content.startsWith('Svar fra nettstedet'));
    expect(site?.content).toContain('Kursinnholdet handler ikke om priser');
    expect(site?.content).toContain('Faktura og kvitteringer tas ikke opp i kursinnholdet');
  });
});
