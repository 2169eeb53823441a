import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describeError } from '../platform/log';
import { AssistantError, assistantMessages } from './errors';
import type { AssistantSettings } from './settings';

/** The SDK's retries are off (it would retry a spent quota or a used-up timeout); this module retries once what a retry can fix. */

export type ModelMessage = ChatCompletionMessageParam;

export interface ModelReply {
  content: string;
  inputTokens: number;
  outputTokens: number;
}

const QUOTA_CODES = new Set(['insufficient_quota', 'billing_hard_limit_reached', 'billing_not_active', 'quota_exceeded', 'credit_balance_too_low']);

const STREAM_DEADLINE_MAX_MS = 50_000;

function client(settings: AssistantSettings): OpenAI {
  return new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL ?? null,
    timeout: settings.timeoutMs,
    maxRetries: 0,
  });
}

function isQuotaError(error: APIError): boolean {
  return [error.code, error.type].some((value) => typeof value === 'string' && QUOTA_CODES.has(value));
}

function retryAfterSeconds(error: APIError): number {
  const header = error.headers?.get('retry-after');
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(Math.ceil(seconds), 3_600) : 20;
}

export function classifyProviderError(error: unknown, settings: AssistantSettings): AssistantError {
  if (error instanceof AssistantError) return error;
  let result: AssistantError;
  if (error instanceof APIConnectionTimeoutError) {
    result = new AssistantError('timeout', 504, assistantMessages.timeout);
  } else if (error instanceof APIUserAbortError) {
    result = new AssistantError('provider_error', 502, assistantMessages.interrupted);
  } else if (error instanceof APIConnectionError) {
    result = new AssistantError('provider_error', 503, assistantMessages.unavailable);
  } else if (error instanceof APIError && isQuotaError(error)) {
    result = new AssistantError('quota_exceeded', 402, assistantMessages.quotaExceeded(settings.providerName), { provider: settings.providerName });
  } else if (error instanceof APIError && error.status === 429) {
    const retryAfter = retryAfterSeconds(error);
    result = new AssistantError('rate_limit', 429, assistantMessages.providerRateLimit, { retryAfter });
  } else if (error instanceof APIError && error.status === undefined) {
    result = new AssistantError('provider_error', 502, assistantMessages.interrupted);
  } else {
    result = new AssistantError('provider_error', 502, assistantMessages.providerError);
  }
  const detail =
    error instanceof APIError ? `status ${error.status ?? '-'}, code ${error.code ?? '-'}, type ${error.type ?? '-'}` : describeError(error);
  console.warn(`[assistant] ${settings.providerName} call failed (${result.errorType}): ${detail}`);
  return result;
}

function retryable(error: unknown): boolean {
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) return false;
  if (error instanceof APIConnectionError) return true;
  if (!(error instanceof APIError) || isQuotaError(error)) return false;
  return error.status === 429 || (error.status !== undefined && error.status >= 500);
}

async function withRetry<T>(settings: AssistantSettings, signal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= settings.maxRetries || !retryable(error) || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

function request(settings: AssistantSettings, messages: ModelMessage[]) {
  return { model: settings.model, messages, max_completion_tokens: settings.maxOutputTokens };
}

export async function completeChat(settings: AssistantSettings, messages: ModelMessage[], signal?: AbortSignal): Promise<ModelReply> {
  try {
    const completion = await withRetry(settings, signal, () => client(settings).chat.completions.create(request(settings, messages), { signal }));
    const content = completion.choices[0]?.message.content?.trim() ?? '';
    if (!content) throw new AssistantError('provider_error', 502, assistantMessages.providerError);
    return { content, inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 };
  } catch (error) {
    throw classifyProviderError(error, settings);
  }
}

export async function* streamChat(settings: AssistantSettings, messages: ModelMessage[], signal?: AbortSignal): AsyncGenerator<string, ModelReply> {
  let content = '';
  let inputTokens = 0;
  let outputTokens = 0;
  let finished = false;
  // The SDK's timeout does not cover a stalled stream: twice the timeout in all, at most 50 s, inside Netlify's 60 s.
  const deadline = AbortSignal.timeout(Math.min(2 * settings.timeoutMs, STREAM_DEADLINE_MAX_MS));
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  try {
    const stream = await withRetry(settings, combined, () =>
      client(settings).chat.completions.create(
        { ...request(settings, messages), stream: true, stream_options: { include_usage: true } },
        { signal: combined },
      ),
    );
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      const piece = choice?.delta.content ?? '';
      if (piece) {
        content += piece;
        yield piece;
      }
      if (choice?.finish_reason) finished = true;
      if (chunk.usage) {
        inputTokens = chunk.usage.prompt_tokens;
        outputTokens = chunk.usage.completion_tokens;
      }
    }
  } catch (error) {
    throw classifyProviderError(deadline.aborted && !signal?.aborted ? new APIConnectionTimeoutError() : error, settings);
  }
  // A stream that stops without a finish reason was cut off (the SDK ends an aborted stream quietly).
  if (deadline.aborted && !signal?.aborted) throw classifyProviderError(new APIConnectionTimeoutError(), settings);
  if (!finished || !content.trim()) {
    throw classifyProviderError(new AssistantError('provider_error', 502, assistantMessages.interrupted), settings);
  }
  return { content: content.trim(), inputTokens, outputTokens };
}
