import type { Db } from '../../../db/client';
import type { WebhookVerifier } from '../platform/webhooks/signatures';
import type { PaymentProvider, ProviderName } from './provider';
import { createTestProvider, isTestProviderOn, setTestProviderOn } from './test-provider';

/**
 * Which payment providers the checkout offers, in the order the page shows them:
 * Vipps, cards (Stripe), and outside production the built-in test provider. A provider without
 * its settings is not offered. The test provider is bound to the database handle it is given
 * (the order's transaction inside `reconcile`).
 */

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

/** The providers offered now, in the checkout's order. */
export async function offeredProviders(db: Db): Promise<PaymentProvider[]> {
  const list: PaymentProvider[] = [];
  for (const name of ['vipps', 'stripe'] as const) {
    const provider = await external(name);
    if (provider) list.push(provider);
  }
  if (isTestProviderOn()) list.push(createTestProvider(db));
  return list;
}

/** The named provider if it is offered; null otherwise. */
export async function paymentProvider(db: Db, name: string): Promise<PaymentProvider | null> {
  if (name === 'test') return isTestProviderOn() ? createTestProvider(db) : null;
  if (name === 'vipps' || name === 'stripe') return external(name);
  return null;
}

/**
 * Vipps or Stripe now, synchronously, for its webhook route (netlify/functions/webhooks.ts): the
 * provider already in this registry (the one the tests put in place, or one loaded before), else
 * the one `fromSettings` builds from the environment, kept for the next call. The webhook function
 * imports the provider's module itself, so nothing is loaded lazily here. Null when the provider
 * is not configured.
 */
export function webhookProvider(name: External, fromSettings: () => PaymentProvider | null): PaymentProvider | null {
  if (!loaded.has(name)) loaded.set(name, fromSettings());
  return loaded.get(name) ?? null;
}

/**
 * The verifier of a provider's webhook route, resolved on every delivery through
 * `webhookProvider`: the configured provider's own verifier (its secret), so a provider without
 * its settings verifies nothing (every delivery 401), and `usePaymentProvidersForTests` decides
 * for the tests. `provider` is the name events are recorded under (`webhook_events.provider`).
 */
export function webhookVerifierOf(name: External, fromSettings: () => PaymentProvider | null): WebhookVerifier {
  return {
    provider: name,
    verify: (request, rawBody, now) => webhookProvider(name, fromSettings)?.verifier.verify(request, rawBody, now) ?? false,
  };
}

/**
 * Tests only: replaces the providers read from the settings (a provider pointed at a fake server,
 * or null for none) and switches the test provider. Returns a function that restores them.
 */
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
