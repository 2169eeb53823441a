import { env } from '../platform/env';

export interface AssistantSettings {
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

export function overrideAssistantSettings(values: Partial<AssistantSettings>): void {
  overrides = { ...values };
}
