import { and, asc, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import nodemailer from 'nodemailer';
import type { Db } from '../../../db/client';
import { mailOutbox, type OutboxMail } from '../../../db/schema';
import { acquireAppDb } from '../platform/db';
import { env, isProduction } from '../platform/env';
import { describeError } from '../platform/log';
import type { RenderedMail } from './renderer';
import type { MailTemplateName, MailTemplateProps } from './templates';

/**
 * The outbox's sender: claims due mails one at a time, renders each from its
 * template, sends it over SMTP and records the outcome. Runs every minute (the scheduled function
 * netlify/functions/mail-sender.ts) and right after a request that queued mail
 * (`afterResponse: sendQueuedMail` on its route). Any number of senders may run at once: a claim
 * is one statement (`FOR UPDATE SKIP LOCKED` plus a lease in `locked_until`), so two never take
 * the same mail, and a sender that dies mid-send leaves a lease that simply runs out.
 */

/** How long a claim holds: far longer than one send may take (the SMTP timeouts below add up to 40 s). */
const LEASE_SECONDS = 120;
/** The first retry waits this long; each further one twice as long, up to MAX_BACKOFF_SECONDS. */
const FIRST_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 6 * 60 * 60;

/** Seconds before attempt `attempts + 1`, after `attempts` failed ones: 30 s, 1 min, 2 min, 4 min … at most 6 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(FIRST_BACKOFF_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_SECONDS);
}

export type { RenderedMail };

/**
 * A template with its props as the mail: subject, HTML and the plain-text part made from that HTML.
 * React and the templates load on the first render, after the env module has chosen React's
 * production build (src/server/platform/env.ts): a function that never renders a mail never loads them.
 */
export async function renderMail<N extends MailTemplateName>(template: N, props: MailTemplateProps[N]): Promise<RenderedMail> {
  const { renderTemplate } = await import('./renderer');
  return renderTemplate(template, props);
}

export interface DrainOptions {
  /** Where to send; default `SMTP_URL`. Empty: keep the mails (outside production) or leave them waiting. */
  smtpUrl?: string | undefined;
  from?: string;
  maxAttempts?: number;
  /** Claim no new mail after this many ms (a scheduled function has 30 s). */
  budgetMs?: number;
  /** Send at most this many mails in one drain. */
  limit?: number;
}

export interface DrainResult {
  /** Handed to the SMTP server. */
  sent: number;
  /** Rendered and kept for /dev/e-post instead (no SMTP_URL, outside production). */
  kept: number;
  /** Failed this time, to be tried again after the backoff. */
  retried: number;
  /** Failed for good: refused permanently by the server, or out of attempts. */
  failed: number;
}

interface Transport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers: Record<string, string>;
  }): Promise<{ messageId?: string }>;
  close(): void;
}

function smtpTransport(url: string): Transport {
  // Bounded waits: a mail server that does not answer costs seconds, never the function's whole time.
  return nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never) as Transport;
}

/** Takes the next due mail for this sender, or null when none is due. */
async function claimNext(db: Db): Promise<OutboxMail | null> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      claimToken: sql`gen_random_uuid()`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed ?? null;
}

/** Records what happened to a claimed mail, only while the claim is still this sender's. */
function settle(db: Db, mail: OutboxMail, values: PgUpdateSetSource<typeof mailOutbox>) {
  return db
    .update(mailOutbox)
    .set({ ...values, lockedUntil: null, claimToken: null })
    .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimToken, mail.claimToken!)));
}

/** An SMTP answer in the 500s refuses the mail for good (no such mailbox); anything else may pass later. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Sends (or keeps) every due mail, one claim at a time, within the options' budget. */
export async function drainOutbox(db: Db, options: DrainOptions = {}): Promise<DrainResult> {
  const smtpUrl = 'smtpUrl' in options ? options.smtpUrl : env.SMTP_URL;
  const { from = env.MAIL_FROM, maxAttempts = env.MAIL_MAX_ATTEMPTS, budgetMs = 20_000, limit = 100 } = options;
  const result: DrainResult = { sent: 0, kept: 0, retried: 0, failed: 0 };

  if (!smtpUrl && isProduction) {
    // Nothing is lost: the mails wait until SMTP_URL is set. Said once per drain, only when some wait.
    const [waiting] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    if (waiting && waiting.n > 0) console.error(`[mail] SMTP_URL is not set: ${waiting.n} mails wait in the outbox`);
    return result;
  }

  const transport = smtpUrl ? smtpTransport(smtpUrl) : null;
  const started = Date.now();
  try {
    for (let handled = 0; handled < limit && Date.now() - started < budgetMs; handled++) {
      const mail = await claimNext(db);
      if (!mail) break;
      let rendered: RenderedMail;
      try {
        rendered = await renderMail(mail.template as MailTemplateName, mail.data as never);
      } catch (error) {
        // A template or its data is broken: retrying cannot help.
        await settle(db, mail, { status: 'failed', lastError: `render: ${describeError(error)}` });
        console.warn(`[mail] ${mail.id} could not be rendered (${mail.template}): ${describeError(error)}`);
        result.failed++;
        continue;
      }
      const content = { subject: rendered.subject, html: rendered.html, textBody: rendered.text };
      if (!transport) {
        await settle(db, mail, { status: 'kept', sentAt: sql`now()`, lastError: null, ...content });
        result.kept++;
        continue;
      }
      try {
        const info = await transport.sendMail({ from, to: mail.toAddress, ...rendered });
        await settle(db, mail, { status: 'sent', sentAt: sql`now()`, messageId: info.messageId ?? null, lastError: null, ...content });
        result.sent++;
      } catch (error) {
        const final = isPermanent(error) || mail.attempts >= maxAttempts;
        await settle(db, mail, {
          status: final ? 'failed' : 'pending',
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(mail.attempts)})`,
          lastError: describeError(error),
        });
        // One line, no address or content: the row has the details.
        console.warn(`[mail] ${mail.id} attempt ${mail.attempts} failed${final ? ' for good' : ''}: ${describeError(error)}`);
        if (final) result.failed++;
        else result.retried++;
      }
    }
  } finally {
    transport?.close();
  }
  return result;
}

/**
 * Drains the outbox with the app's database: what the scheduled function runs, and what a route
 * that queues mail runs after its response (`afterResponse`, on Netlify through `waitUntil`).
 */
export async function sendQueuedMail(options: DrainOptions = {}): Promise<DrainResult> {
  const { db, release } = await acquireAppDb();
  try {
    return await drainOutbox(db, options);
  } finally {
    await release();
  }
}
