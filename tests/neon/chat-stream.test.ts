import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema';
import chat from '../../netlify/functions/chat';
import type { Conversation, SendMessageResult } from '../../src/schemas/chat';
import { overrideAssistantSettings } from '../../src/server/assistant';
import { acquireAppDb, appDriver } from '../../src/server/platform/db';
import { type FakeOpenAi, parseEvents, startFakeOpenAi } from '../assistant/fake-openai';
import { call, ORIGIN, signIn } from '../helpers';

/**
 * A streamed reply on the production driver. Neon gets a Pool per request, which the
 * pipeline's `release` ends; the reply is stored after the handler has returned, while
 * the body streams, so `createHandler` must release only when the body ends
 * (src/server/platform/http/router.ts). Released on return, the store below fails ("Cannot use a pool
 * after calling end on the pool") and the stream ends with an error event.
 */

let fake: FakeOpenAi;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  cookie = await signIn('elev@demo.no');
});
afterAll(async () => {
  overrideAssistantSettings({});
  await fake.close();
});

async function stored(conversationId: string) {
  const { db, release } = await acquireAppDb();
  try {
    return await db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId));
  } finally {
    await release();
  }
}

describe('a streamed chat reply on the Neon driver', () => {
  it('runs on Neon', () => {
    expect(appDriver()).toBe('neon');
  });

  it('arrives in pieces and is stored once, after the handler has returned', async () => {
    overrideAssistantSettings({ apiKey: 'sk-test', baseURL: fake.url, timeoutMs: 5_000 });
    const reply = 'Start med mål, kontekst, kilde og format. Be om et kort utkast, og les det kritisk før du bruker det.';
    fake.behave({ kind: 'reply', content: reply });
    const created = await call(chat, '/api/chat/conversations', { cookie, json: { title: 'Neon' } });
    const id = (created.body as Conversation).id;

    const response = await chat(
      new Request(`${ORIGIN}/api/chat/conversations/${id}/messages`, {
        method: 'POST',
        headers: { Origin: ORIGIN, Cookie: cookie, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'Hvordan skriver jeg en god prompt?' }),
      }),
    );
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    const events = parseEvents(text);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(3);
    expect(events.at(-1)?.event).toBe('done');
    expect((events.at(-1)!.data as SendMessageResult).assistantMessage.content).toBe(reply);
    expect((await stored(id)).map((m) => m.role).sort()).toEqual(['assistant', 'user']);
  });

  it('stores nothing when the stream breaks, and still gives the pool back', async () => {
    overrideAssistantSettings({ apiKey: 'sk-test', baseURL: fake.url, timeoutMs: 5_000 });
    fake.behave({ kind: 'broken', content: 'Et svar som brytes av halvveis gjennom, og aldri blir lagret.' });
    const created = await call(chat, '/api/chat/conversations', { cookie, json: { title: 'Neon brudd' } });
    const id = (created.body as Conversation).id;
    const result = await call(chat, `/api/chat/conversations/${id}/messages`, {
      cookie,
      json: { content: 'Hei' },
      headers: { Accept: 'text/event-stream' },
    });
    expect(parseEvents(result.text).at(-1)).toMatchObject({ event: 'error', data: { errorType: 'provider_error' } });
    expect(await stored(id)).toHaveLength(0);
  });
});
