import { existsSync } from 'node:fs';
import { z } from 'zod';
import { parseMediaOrigin, setMediaOrigins } from '../../schemas/media.ts';

/** The one place that reads `process.env`; every setting's default is documented in `.env.example`. */

// Tests never read .env, so a developer's local settings cannot change test results.
if (!process.env.VITEST && existsSync('.env')) process.loadEnvFile('.env');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const schema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  CONTEXT: optionalString,
  SITE_URL: z.url().default('http://localhost:4321'),
  DATABASE_URL: optionalUrl,
  DATABASE_URL_UNPOOLED: optionalUrl,
  NETLIFY_DATABASE_URL: optionalUrl,
  NETLIFY_DATABASE_URL_UNPOOLED: optionalUrl,
  DATABASE_DRIVER: z.enum(['auto', 'pglite', 'neon', 'pg']).default('auto'),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Neon drops these startup parameters: set them on the role there (`ALTER ROLE … SET statement_timeout`). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  NETLIFY_BUILD_HOOK_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: z.preprocess(emptyToUndefined, z.string().min(1).default('gpt-4o-mini')),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(30_000).default(25_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(1).default(1),
  OPENAI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(50).max(8_000).default(800),
  AI_HISTORY_MESSAGES: z.coerce.number().int().min(1).max(50).default(10),
  AI_DAILY_MESSAGE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(50),
  NOTES_PER_LESSON_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
  CONVERSATIONS_PER_USER_MAX: z.coerce.number().int().min(1).max(100_000).default(100),
  MEDIA_HOSTS: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/[\s,]+/).filter(Boolean) : v),
    z
      .array(
        z.string().transform((entry, ctx) => {
          const parsed = parseMediaOrigin(entry);
          if ('origin' in parsed) return parsed.origin;
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }),
      )
      .default([]),
  ),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  PASSWORD_RESET_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  CERTIFICATE_LOOKUPS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  CONTACT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_STATS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  AI_PROVIDER_NAME: z.preprocess(emptyToUndefined, z.string().min(1).max(60).default('OpenAI')),
  PAYMENT_TEST_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  PAYMENT_TEST_PROVIDER: z.enum(['auto', 'on', 'off']).default('auto'),
  PAYMENT_TEST_WEBHOOK_URL: z.preprocess(emptyToUndefined, z.union([z.literal('off'), z.url()]).optional()),
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(10_000),
  ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  COMPANY_UNAPPROVED_SEAT_LIMIT: z.coerce.number().int().min(0).max(500).default(3),
  COUPON_TRIES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  VIPPS_CLIENT_ID: optionalString,
  VIPPS_CLIENT_SECRET: optionalString,
  VIPPS_SUBSCRIPTION_KEY: optionalString,
  VIPPS_MSN: optionalString,
  VIPPS_BASE_URL: z.url().default('https://apitest.vipps.no'),
  VIPPS_WEBHOOK_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).max(200).default('KI Akademiet <post@kiakademiet.no>')),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  TEST_DATABASE_URL: optionalUrl,
  PLAYWRIGHT_CHROMIUM_PATH: optionalString,
  CI: z.stringbool().default(false),
  SERVE_PORT: z.coerce.number().int().min(1).max(65535).default(4322),
  FUZZ_RUNS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  FUZZ_SEED: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  BENCH_PORT: z.coerce.number().int().min(1).max(65534).default(4347),
});

export type Env = z.infer<typeof schema>;

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);

setMediaOrigins(env.MEDIA_HOSTS);

export const checksResponseContracts = Boolean(process.env.VITEST);

export const isProduction = env.APP_ENV === 'production' || env.CONTEXT === 'production';

// A deployed function's runtime sets no NODE_ENV, and React would pick its much slower development build for the mail templates.
if (isProduction) process.env.NODE_ENV ??= 'production';

if (isProduction && !env.AUTH_SECRET) {
  throw new Error('Invalid environment variables:\n  AUTH_SECRET: required in production (at least 32 random characters)');
}

export const testPaymentProviderEnabled =
  !isProduction &&
  (env.PAYMENT_TEST_PROVIDER === 'on' || (env.PAYMENT_TEST_PROVIDER === 'auto' && !env.STRIPE_SECRET_KEY && !(env.VIPPS_CLIENT_ID && env.VIPPS_MSN)));

if (isProduction && env.PAYMENT_TEST_PROVIDER === 'on') {
  throw new Error('Invalid environment variables:\n  PAYMENT_TEST_PROVIDER: the test payment provider cannot be on in production');
}

export const authSecret = env.AUTH_SECRET ?? 'development-only-key-never-used-in-production';

export const testPaymentsWebhookSecret =
  env.PAYMENT_TEST_WEBHOOK_SECRET ?? (isProduction ? undefined : 'development-only-test-payments-webhook-secret');

export const databaseUrl = env.DATABASE_URL ?? env.NETLIFY_DATABASE_URL;

export const migrationDatabaseUrl = env.DATABASE_URL_UNPOOLED ?? env.NETLIFY_DATABASE_URL_UNPOOLED ?? databaseUrl;
