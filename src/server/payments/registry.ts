import type { Db } from '../../../db/client';
import type { WebhookVerifier } from '../platform/webhooks/signatures';
import type { PaymentProvider, ProviderName } from './provider';
import { createTestProvider, isTestProviderOn, setTestProviderOn } from './test-provider';

type External = Exclude<ProviderName, 'test'>;

const fromEnv: Record<External, () => Promise<PaymentProvider | null>> = {
  vipps: async () => (await import('./vipps')).vippsProviderFromEnv(),
  stripe: async () => (await import('./stripe')).stripeProviderFromEnv(),
};

const loaded = new Map<External, PaymentProvider | null>();

async function external(name: External): Promise<PaymentProvider | null> {
  if (!loaded.has(name)) loaded.set(name, await fromEnv[name]());
  return loaded.get(name) ?? null;
}

export async function offeredProviders(db: Db): Promise<PaymentProvider[]> {
  const list: PaymentProvider[] = [];
  for (const name of ['vipps', 'stripe'] as const) {
    const provider = await external(name);
    if (provider) list.push(provider);
  }
  if (isTestProviderOn()) list.push(createTestProvider(db));
  return list;
}

export async function paymentProvider(db: Db, name: string): Promise<PaymentProvider | null> {
  if (name === 'test') return isTestProviderOn() ? createTestProvider(db) : null;
  if (name === 'vipps' || name === 'stripe') return external(name);
  return null;
}

/** Synchronous for the webhook route, which imports the provider's module itself. */
export function webhookProvider(name: External, fromSettings: () => PaymentProvider | null): PaymentProvider | null {
  if (!loaded.has(name)) loaded.set(name, fromSettings());
  return loaded.get(name) ?? null;
}

/** Resolved on every delivery, so a provider without its settings verifies nothing (every delivery 401). */
export function webhookVerifierOf(name: External, fromSettings: () => PaymentProvider | null): WebhookVerifier {
  return {
    provider: name,
    verify: (request, rawBody, now) => webhookProvider(name, fromSettings)?.verifier.verify(request, rawBody, now) ?? false,
  };
}

/** Returns a function that restores the previous providers. */
export function usePaymentProvidersForTests(options: {
  vipps?: PaymentProvider | null;
  stripe?: PaymentProvider | null;
  test?: boolean;
}): () => void {
  const before = { loaded: new Map(loaded), test: isTestProviderOn() };
  if (options.vipps !== undefined) loaded.set('vipps', options.vipps);
  if (options.stripe !== undefined) loaded.set('stripe', options.stripe);
  if (options.test !== undefined) setTestProviderOn(options.test);
  return () => {
    loaded.clear();
    for (const [name, provider] of before.loaded) loaded.set(name, provider);
    setTestProviderOn(before.test);
  };
}
