import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible API (POST /v1/chat/completions), so the
 * real `openai` SDK is tested against real HTTP: replies, streams, quota and rate-limit
 * errors, server errors, a silent server and a stream that breaks half-way.
 */

export type FakeBehaviour =
  | { kind: 'reply'; content: string; inputTokens?: number; outputTokens?: number }
  | { kind: 'quota' }
  | { kind: 'billing' }
  | { kind: 'rate_limit'; retryAfter?: number }
  | { kind: 'server_error'; status?: number }
  | { kind: 'hang' }
  /** Streams part of the reply, then drops the connection. */
  | { kind: 'broken'; content: string }
  /** Streams part of the reply, then goes silent. */
  | { kind: 'stall'; content: string };

export interface FakeRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
}

export interface FakeOpenAi {
  /** Base URL for the SDK (`…/v1`). */
  url: string;
  /** What the next requests get, in order; the last one repeats. */
  behave(...behaviours: FakeBehaviour[]): void;
  requests: FakeRequest[];
  close(): Promise<void>;
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** The reply in pieces of about `size` characters. */
export function pieces(content: string, size = 12): string[] {
  const out: string[] = [];
  for (let i = 0; i < content.length; i += size) out.push(content.slice(i, i + size));
  return out;
}

function error(res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: body }));
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let queue: FakeBehaviour[] = [{ kind: 'reply', content: 'Hei!' }];
  const requests: FakeRequest[] = [];
  const open = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const part of req) raw += String(part);
    const body = JSON.parse(raw) as FakeRequest;
    requests.push({ model: body.model, stream: Boolean(body.stream), messages: body.messages });
    const behaviour = (queue.length > 1 ? queue.shift() : queue[0])!;
    switch (behaviour.kind) {
      case 'quota':
        return error(res, 429, { message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota', param: null });
      case 'billing':
        return error(res, 429, {
          message: 'Billing hard limit has been reached.',
          type: 'invalid_request_error',
          code: 'billing_hard_limit_reached',
          param: null,
        });
      case 'rate_limit':
        return error(
          res,
          429,
          { message: 'Rate limit reached.', type: 'requests', code: 'rate_limit_exceeded', param: null },
          { 'retry-after': String(behaviour.retryAfter ?? 7) },
        );
      case 'server_error':
        return error(res, behaviour.status ?? 500, { message: 'The server had an error.', type: 'server_error', code: null, param: null });
      case 'hang':
        open.add(res);
        return; // never answers; closed with the server
      case 'stall': {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(chunk({ content: behaviour.content.slice(0, 10) }));
        open.add(res);
        return;
      }
      case 'broken': {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        const parts = pieces(behaviour.content);
        for (const part of parts.slice(0, Math.max(1, Math.floor(parts.length / 2)))) res.write(chunk({ content: part }));
        await new Promise((r) => setTimeout(r, 30));
        res.socket?.destroy();
        return;
      }
      case 'reply': {
        const usage = {
          prompt_tokens: behaviour.inputTokens ?? 120,
          completion_tokens: behaviour.outputTokens ?? 30,
          total_tokens: (behaviour.inputTokens ?? 120) + (behaviour.outputTokens ?? 30),
        };
        if (!body.stream) {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              id: 'chatcmpl-test',
              object: 'chat.completion',
              created: 0,
              model: body.model,
              choices: [
                { index: 0, message: { role: 'assistant', content: behaviour.content, refusal: null }, finish_reason: 'stop', logprobs: null },
              ],
              usage,
            }),
          );
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(chunk({ role: 'assistant', content: '' }));
        for (const part of pieces(behaviour.content)) {
          res.write(chunk({ content: part }));
          await new Promise((r) => setTimeout(r, 5));
        }
        res.write(chunk({}, 'stop'));
        res.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [], usage })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
        return;
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    behave(...behaviours) {
      queue = behaviours;
    },
    requests,
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The events of a server-sent event stream: `[{event, data}]`. */
export function parseEvents(text: string): { event: string; data: unknown }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { event, data: data ? (JSON.parse(data) as unknown) : null };
    });
}
