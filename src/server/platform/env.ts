import { existsSync } from 'node:fs';
import { z } from 'zod';
import { parseMediaOrigin, setMediaOrigins } from '../../schemas/media.ts';

/**
 * The one place that reads `process.env`. Every setting is validated here,
 * has a documented default in `.env.example`, and is read as `env.NAME`.
 */

// Local convenience: a developer's `.env` fills in variables the shell did not set.
// Tests never read it, so a developer's local settings cannot change test results.
if (!process.env.VITEST && existsSync('.env')) process.loadEnvFile('.env');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const schema = z.object({
  /** development | test | production. Netlify's CONTEXT=production also means production. */
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Set by Netlify on deploys: production, deploy-preview, branch-deploy, dev. */
  CONTEXT: optionalString,
  /** Public origin of the site, used for the same-origin check and absolute URLs. */
  SITE_URL: z.url().default('http://localhost:4321'),
  /** Postgres connection string. Empty: embedded PGlite under PGLITE_DATA_DIR. */
  DATABASE_URL: optionalUrl,
  /** Direct (non-pooled) connection string for migrations; falls back to DATABASE_URL. */
  DATABASE_URL_UNPOOLED: optionalUrl,
  /** Set by Netlify's Neon extension; used when DATABASE_URL is empty. */
  NETLIFY_DATABASE_URL: optionalUrl,
  NETLIFY_DATABASE_URL_UNPOOLED: optionalUrl,
  /** auto: neon for *.neon.tech hosts, node-postgres for other URLs, pglite without a URL. */
  DATABASE_DRIVER: z.enum(['auto', 'pglite', 'neon', 'pg']).default('auto'),
  /**
   * pg and neon: give up opening a database connection (or waiting for a free pooled
   * one) after this many ms, so an unreachable server gives a quick 503, not a hang.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /**
   * pg and neon, client side: fail a query whose answer has not arrived after this many
   * ms and drop its connection (a server or network that went silent mid-query).
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * pg and neon, server side: `statement_timeout` in ms (the server cancels the statement);
   * `idle_in_transaction_session_timeout` is twice this. Neon drops these startup
   * parameters: there, set them on the role (`ALTER ROLE … SET statement_timeout = '4s'`).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  /** Data folder of the embedded database. `memory://` keeps it in memory. */
  PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
  /** Session lifetime in days; a session used in its second half is renewed. */
  /**
   * Key that signs the sign-in device cookie (at least 32 characters; `openssl rand -base64 32`).
   * Required in production; elsewhere a fixed development key is used.
   */
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Largest accepted request body in bytes (413 above). */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  /**
   * Netlify build hook (Site configuration → Build & deploy → Build hooks). An admin's rename
   * POSTs to it so the static pages are rebuilt with the new titles, and the admin sees the outcome
   *. Empty: no rebuild.
   */
  NETLIFY_BUILD_HOOK_URL: optionalUrl,
  /**
   * Key of the OpenAI-compatible API the chat assistant uses. Empty: the built-in offline
   * assistant answers from the course content alone.
   */
  OPENAI_API_KEY: optionalString,
  /** The model the assistant asks. */
  OPENAI_MODEL: z.preprocess(emptyToUndefined, z.string().min(1).default('gpt-4o-mini')),
  /** Base URL of an OpenAI-compatible API (Azure, a proxy, a local server). Empty: OpenAI's. */
  OPENAI_BASE_URL: optionalUrl,
  /** Give up on the model after this many ms (a Netlify function is cut at 60 s). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(30_000).default(25_000),
  /** Retries of a failed model call (only for errors a retry can fix; never quota or timeouts). */
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(1).default(1),
  /** Largest reply the model may write, in tokens (cost control). */
  OPENAI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(50).max(8_000).default(800),
  /** How many of a conversation's latest messages (the new one included) go to the model. */
  AI_HISTORY_MESSAGES: z.coerce.number().int().min(1).max(50).default(10),
  /** Messages to the assistant per user per day (UTC), counted in Postgres; then 429. */
  AI_DAILY_MESSAGE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * Notes one learner may keep on one video lesson (POST /api/video-notes → 409 `note_limit` at
   * the cap). 200 is a note every 30 s of a 100-minute video; at 5,000 characters each, at most
   * about 1 MB per learner and lesson.
   */
  NOTES_PER_LESSON_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
  /**
   * Conversations one user may keep with the assistant (POST /api/chat/conversations → 409
   * `conversation_limit` at the cap). A learner who needs more deletes old ones.
   */
  CONVERSATIONS_PER_USER_MAX: z.coerce.number().int().min(1).max(100_000).default(100),
  /**
   * Hosts lessons may take video, captions and images from, besides the site's own paths: https
   * origins separated by commas or spaces (`https://media.example.no, https://cdn.example.no:8443`).
   * The admin's writes refuse any other host (400 naming the field), and the course player's and
   * /admin's CSP allow exactly these. Captions from a host need CORS there
   * (`Access-Control-Allow-Origin` for this site). Empty: only the site's own paths.
   */
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
  /** New accounts per client address per hour (POST /api/auth/register); more → 429. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Forgotten-password requests per client address before it waits (POST /api/auth/password-reset); the sign-in throttle's address rule. */
  PASSWORD_RESET_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Unknown certificate codes one client address may look up before it has to wait (issue 25, decision 33). */
  CERTIFICATE_LOOKUPS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Messages per client address per hour through the contact form on /kontakt (POST /api/contact); more → 429. */
  CONTACT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  /** The team's address that receives the contact form's messages; empty: the company's e-mail (COMPANY_EMAIL). */
  CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  /**
   * The superuser's statistics are served from a snapshot at most this many seconds old (one
   * request recomputes it; a user's status or role change clears it). 0: computed on every request.
   */
  ADMIN_STATS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** The AI provider's name, shown when its quota is used up ('OpenAI-kvoten er brukt opp'). */
  AI_PROVIDER_NAME: z.preprocess(emptyToUndefined, z.string().min(1).max(60).default('OpenAI')),
  /**
   * Secret the built-in test payment provider signs its webhooks with (HMAC-SHA256, decision 27;
   * at least 32 characters, `openssl rand -base64 32`). Empty: a fixed development secret outside
   * production; in production the test provider's webhook then refuses every delivery (401).
   */
  PAYMENT_TEST_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /**
   * The built-in test payment provider (issue 22, decision 30): 'auto' offers it outside production
   * when neither Vipps nor Stripe is configured; 'on' always (outside production); 'off' never.
   * Production refuses to start with it 'on'.
   */
  PAYMENT_TEST_PROVIDER: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * Where the test provider delivers its webhooks: empty = SITE_URL's /api/webhooks/test-payments;
   * 'off' = not at all (the integration tests deliver their own, signed).
   */
  PAYMENT_TEST_WEBHOOK_URL: z.preprocess(emptyToUndefined, z.union([z.literal('off'), z.url()]).optional()),
  /** Each call to a payment provider gives up after this many ms (it is retried by the next reconcile). */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(10_000),
  /** An order not paid within this many minutes is cancelled at the provider and marked expired. */
  ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  /**
   * Seats on an unpaid invoice that a company nobody has vouched for may have in use: anyone can
   * type a valid org number, so the rest waits until the invoice is paid or a superuser approves.
   */
  COMPANY_UNAPPROVED_SEAT_LIMIT: z.coerce.number().int().min(0).max(500).default(3),
  /** Coupon codes one address may try per hour (the quote and the order together) before 429. */
  COUPON_TRIES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Vipps MobilePay ePayment (all four and the webhook secret set: Vipps is offered). */
  VIPPS_CLIENT_ID: optionalString,
  VIPPS_CLIENT_SECRET: optionalString,
  VIPPS_SUBSCRIPTION_KEY: optionalString,
  /** The merchant serial number (MSN) of the sales unit. */
  VIPPS_MSN: optionalString,
  /** https://apitest.vipps.no (test) or https://api.vipps.no (production). */
  VIPPS_BASE_URL: z.url().default('https://apitest.vipps.no'),
  /** The secret Vipps returned when the webhook was registered (HMAC-SHA256 of its deliveries). */
  VIPPS_WEBHOOK_SECRET: optionalString,
  /** Stripe Checkout for cards (both set: cards are offered). */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API address; only tests point it elsewhere (a local fake server). */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /**
   * SMTP server the mail outbox sends through, e.g.
   * `smtps://user:password@smtp.example.no:465` or `smtp://localhost:2525`. Empty: outside
   * production the mails are kept, not sent, and shown on the development page /dev/e-post; in
   * production they wait in the outbox (and each drain logs that SMTP_URL is missing).
   */
  SMTP_URL: optionalUrl,
  /** The sender of every mail: an address, or `Name <address>`. */
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).max(200).default('KI Akademiet <post@kiakademiet.no>')),
  /** Attempts to send one mail (with exponential backoff from 30 s between them) before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  /** Real PostgreSQL server for the test suite; empty: tests use PGlite only. */
  TEST_DATABASE_URL: optionalUrl,
  /** Chromium for Playwright; empty: /usr/bin/chromium. */
  PLAYWRIGHT_CHROMIUM_PATH: optionalString,
  /** Set by CI systems (CI=true): stricter test runs. */
  CI: z.stringbool().default(false),
  /** Port of `npm run serve` (the production build served locally). */
  SERVE_PORT: z.coerce.number().int().min(1).max(65535).default(4322),
  /** Fuzz test (tests/integration/fuzz.test.ts): fast-check cases per route; `npm run fuzz` sets 3000. */
  FUZZ_RUNS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Fuzz test: fast-check seed (an integer); empty: the fixed seed 20261123. `npm run fuzz` picks a random one and prints it. */
  FUZZ_SEED: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  /** Port of the server `npm run bench` starts (its statement counter uses the next one). */
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

// The media rule's allowed hosts, for the schemas, the sanitiser and the CSP (src/schemas/media.ts).
setMediaOrigins(env.MEDIA_HOSTS);

/** Under vitest the pipeline checks every successful JSON answer against its route's response contract. */
export const checksResponseContracts = Boolean(process.env.VITEST);

export const isProduction = env.APP_ENV === 'production' || env.CONTEXT === 'production';

// React picks its build from NODE_ENV when it is first loaded, and a deployed function's runtime
// does not set it: without this line the mail templates would render with React's development
// build, several times slower. The renderer loads React on demand, after this module
// (src/server/mail/sender.ts), and `npm run serve` sets it likewise for the production build.
if (isProduction) process.env.NODE_ENV ??= 'production';

if (isProduction && !env.AUTH_SECRET) {
  throw new Error('Invalid environment variables:\n  AUTH_SECRET: required in production (at least 32 random characters)');
}

/** Whether the built-in test payment provider is offered: never in production. */
export const testPaymentProviderEnabled =
  !isProduction &&
  (env.PAYMENT_TEST_PROVIDER === 'on' || (env.PAYMENT_TEST_PROVIDER === 'auto' && !env.STRIPE_SECRET_KEY && !(env.VIPPS_CLIENT_ID && env.VIPPS_MSN)));

if (isProduction && env.PAYMENT_TEST_PROVIDER === 'on') {
  throw new Error('Invalid environment variables:\n  PAYMENT_TEST_PROVIDER: the test payment provider cannot be on in production');
}

/** The key that signs device cookies: AUTH_SECRET, or a fixed key outside production. */
export const authSecret = env.AUTH_SECRET ?? 'development-only-key-never-used-in-production';

/** The test payment provider's webhook secret: the setting, or a fixed secret outside production. */
export const testPaymentsWebhookSecret =
  env.PAYMENT_TEST_WEBHOOK_SECRET ?? (isProduction ? undefined : 'development-only-test-payments-webhook-secret');

/** The database URL the app runs against (undefined: embedded PGlite). */
export const databaseUrl = env.DATABASE_URL ?? env.NETLIFY_DATABASE_URL;

/** The database URL migrations run against (direct connection where there is one). */
export const migrationDatabaseUrl = env.DATABASE_URL_UNPOOLED ?? env.NETLIFY_DATABASE_URL_UNPOOLED ?? databaseUrl;
