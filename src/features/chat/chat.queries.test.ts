import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NEW_CONVERSATION_TITLE as SERVER_TITLE } from '../../schemas/chat';
import { ApiError } from '../../lib/api';
import {
  chatToasts,
  isUserMessage,
  NEW_CONVERSATION_TITLE,
  messagesQuery,
  optimisticMessage,
  readReplyStream,
  StreamInterruptedError,
  sendErrorToast,
  sendMessageMutation,
} from './chat.queries';

const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), body);

describe('sendErrorToast', () => {
  it('names the provider for an exhausted quota, OpenAI by default', () => {
    expect(sendErrorToast(apiError(402, { error: 'x', errorType: 'quota_exceeded', provider: 'Mistral' }))).toEqual({
      title: 'Mistral-kvoten er brukt opp',
      description: 'Kvoten hos Mistral er brukt opp. En administrator må fylle på kreditt før KI-assistenten kan svare igjen.',
      variant: 'destructive',
    });
    expect(sendErrorToast(apiError(402, { error: 'x', errorType: 'quota_exceeded' })).title).toBe('OpenAI-kvoten er brukt opp');
  });

  it('asks the learner to wait on a rate limit', () => {
    expect(sendErrorToast(apiError(429, { error: 'x', errorType: 'rate_limit', retryAfter: 30 }))).toEqual(chatToasts.rateLimit);
    expect(chatToasts.rateLimit).toMatchObject({ title: 'For mange forespørsler', description: 'Vennligst vent litt før du sender neste melding.' });
  });

  it("shows the server's text, else 'Kunne ikke sende melding'", () => {
    expect(sendErrorToast(apiError(504, { error: 'KI-assistenten svarte ikke i tide.', errorType: 'timeout' }))).toEqual({
      title: 'Feil',
      description: 'KI-assistenten svarte ikke i tide.',
      variant: 'destructive',
    });
    expect(sendErrorToast(new ApiError(502, 'Bad Gateway', null))).toEqual(chatToasts.sendFailed);
    expect(sendErrorToast(new Error('Ingen samtale valgt'))).toEqual({
      title: 'Feil',
      description: 'Kunne ikke sende melding',
      variant: 'destructive',
    });
  });
});

describe('messages', () => {
  it('an optimistic message is the user’s, with a temporary id', () => {
    const m = optimisticMessage('c1', 'Hei', new Date('2026-11-23T10:00:00Z'));
    expect(m).toEqual({
      id: `temp-${Date.parse('2026-11-23T10:00:00Z')}`,
      conversationId: 'c1',
      role: 'user',
      content: 'Hei',
      createdAt: '2026-11-23T10:00:00.000Z',
    });
    expect(isUserMessage(m)).toBe(true);
    expect(isUserMessage({ role: 'system' })).toBe(false);
  });

  it("sending without a conversation raises 'Ingen samtale valgt' and changes no cache", async () => {
    const client = new QueryClient();
    const options = sendMessageMutation(client);
    await expect(options.mutationFn?.({ conversationId: null, content: 'Hei' }, {} as never)).rejects.toThrow('Ingen samtale valgt');
    expect(client.getQueryData(messagesQuery('c1').queryKey)).toBeUndefined();
  });
});

describe('readReplyStream', () => {
  const streamed = (text: string) => new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });
  const done = { userMessage: { id: 'u' }, assistantMessage: { id: 'a' } };

  it('reports the reply so far for each delta and answers the done event', async () => {
    const seen: string[] = [];
    const result = await readReplyStream(
      streamed(
        `event: delta\ndata: {"content":"Hei"}\n\n: ping\n\nevent: delta\ndata: {"content":" du"}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`,
      ),
      (reply) => seen.push(reply),
    );
    expect(seen).toEqual(['Hei', 'Hei du']);
    expect(result).toEqual(done);
  });

  it('turns an error event into an ApiError with its errorType, so the toast is the same as for a JSON failure', async () => {
    const error = await readReplyStream(streamed('event: error\ndata: {"error":"Vent litt.","errorType":"rate_limit"}\n\n')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorType).toBe('rate_limit');
    expect(sendErrorToast(error)).toEqual(chatToasts.rateLimit);
  });

  it('fails when the stream ends without done or error, or sends data that is not JSON', async () => {
    await expect(readReplyStream(streamed('event: delta\ndata: {"content":"Hei"}\n\n'))).rejects.toBeInstanceOf(StreamInterruptedError);
    await expect(readReplyStream(streamed('event: done\ndata: {"userMessage"\n\n'))).rejects.toBeInstanceOf(StreamInterruptedError);
    expect(sendErrorToast(new StreamInterruptedError())).toEqual(chatToasts.sendFailed);
  });
});

it("the panel's title for new conversations is the server's", () => {
  expect(NEW_CONVERSATION_TITLE).toBe(SERVER_TITLE);
});
