import { env } from '../platform/env';

/**
 * The assistant's settings, from the env module. Tests replace some of them (a fake
 * provider's URL, a short timeout) with `overrideAssistantSettings` instead of
 * re-importing every module with a different environment.
 */
export interface AssistantSettings {
  /** Empty: the offline assistant answers. */
  apiKey: string | undefined;
  baseURL: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  maxOutputTokens: number;
  historyMessages: number;
  dailyMessageLimit: number;
  providerName: string;
}

let overrides: Partial<AssistantSettings> = {};

export function assistantSettings(): AssistantSettings {
  return {
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    maxRetries: env.OPENAI_MAX_RETRIES,
    maxOutputTokens: env.OPENAI_MAX_OUTPUT_TOKENS,
    historyMessages: env.AI_HISTORY_MESSAGES,
    dailyMessageLimit: env.AI_DAILY_MESSAGE_LIMIT,
    providerName: env.AI_PROVIDER_NAME,
    ...overrides,
  };
}

/** Tests only: replaces some settings until called again (`{}` restores the environment's). */
export function overrideAssistantSettings(values: Partial<AssistantSettings>): void {
  overrides = { ...values };
}
