/** `errorType` as the chat panel reads it, with the Norwegian text a learner sees. */
export type AssistantErrorType = 'quota_exceeded' | 'rate_limit' | 'timeout' | 'provider_error';

export class AssistantError extends Error {
  override readonly name = 'AssistantError';
  constructor(
    readonly errorType: AssistantErrorType,
    readonly status: 402 | 429 | 502 | 503 | 504,
    message: string,
    readonly extra: Record<string, string | number> = {},
  ) {
    super(message);
  }

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
