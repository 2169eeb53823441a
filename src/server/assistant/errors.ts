/**
 * Why the assistant could not answer, in the terms the chat panel reads (`errorType`,
 * spec: learner side, section 8) and with the Norwegian text a learner sees. The
 * function file turns it into the HTTP answer; a stream sends it as its `error` event.
 */
export type AssistantErrorType = 'quota_exceeded' | 'rate_limit' | 'timeout' | 'provider_error';

export class AssistantError extends Error {
  override readonly name = 'AssistantError';
  constructor(
    readonly errorType: AssistantErrorType,
    /** 402 quota, 429 rate limits, 502 provider error, 503 provider unreachable, 504 timeout. */
    readonly status: 402 | 429 | 502 | 503 | 504,
    message: string,
    /** Extra fields of the error body (`provider`, `retryAfter`). */
    readonly extra: Record<string, string | number> = {},
  ) {
    super(message);
  }

  /** The JSON body: `{ error, errorType, ...extra }`. */
  body(): Record<string, string | number> {
    return { error: this.message, errorType: this.errorType, ...this.extra };
  }
}

export const assistantMessages = {
  quotaExceeded: (provider: string) =>
    `Kvoten hos ${provider} er brukt opp, så KI-assistenten kan ikke svare nå. En administrator må fylle på kreditt hos ${provider}.`,
  providerRateLimit: 'KI-tjenesten får for mange forespørsler akkurat nå. Vent litt før du sender neste melding.',
  dailyLimit: (limit: number) => `Du har brukt opp dagens ${limit} meldinger til KI-assistenten. Prøv igjen i morgen.`,
  timeout: 'KI-tjenesten brukte for lang tid på å svare. Prøv igjen om litt.',
  unavailable: 'KI-tjenesten er ikke tilgjengelig akkurat nå. Prøv igjen om litt.',
  providerError: 'KI-tjenesten svarte med en feil, så meldingen ble ikke sendt. Prøv igjen om litt.',
  interrupted: 'Svaret fra KI-tjenesten ble avbrutt, så meldingen ble ikke lagret. Prøv igjen.',
} as const;
