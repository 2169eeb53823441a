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

/** A claim is one statement (`FOR UPDATE SKIP LOCKED` plus a lease), so concurrent senders never take the same mail. */

/** Far longer than one send may take: the SMTP timeouts below add up to 40 s. */
const LEASE_SECONDS = 120;
const FIRST_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 6 * 60 * 60;

export function backoffSeconds(attempts: number): number {
  return Math.min(FIRST_BACKOFF_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_SECONDS);
}

export type { RenderedMail };

/** React and the templates load on the first render, after env.ts has chosen React's production build. */
export async function renderMail<N extends MailTemplateName>(template: N, props: MailTemplateProps[N]): Promise<RenderedMail> {
  const { renderTemplate } = await import('./renderer');
  return renderTemplate(template, props);
}

export interface DrainOptions {
  /** Empty: keep the mails (outside production) or leave them waiting. */
  smtpUrl?: string | undefined;
  from?: string;
  maxAttempts?: number;
  /** A scheduled function has 30 s. */
  budgetMs?: number;
  limit?: number;
}

export interface DrainResult {
  sent: number;
  kept: number;
  retried: number;
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

/** Only while the claim is still this sender's. */
function settle(db: Db, mail: OutboxMail, values: PgUpdateSetSource<typeof mailOutbox>) {
  return db
    .update(mailOutbox)
    .set({ ...values, lockedUntil: null, claimToken: null })
    .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimToken, mail.claimToken!)));
}

/** An SMTP 5xx refuses the mail for good; anything else may pass later. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export async function drainOutbox(db: Db, options: DrainOptions = {}): Promise<DrainResult> {
  const smtpUrl = 'smtpUrl' in options ? options.smtpUrl : env.SMTP_URL;
  const { from = env.MAIL_FROM, maxAttempts = env.MAIL_MAX_ATTEMPTS, budgetMs = 20_000, limit = 100 } = options;
  const result: DrainResult = { sent: 0, kept: 0, retried: 0, failed: 0 };

  if (!smtpUrl && isProduction) {
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
        // No address or content in the log: the row has the details.
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

export async function sendQueuedMail(options: DrainOptions = {}): Promise<DrainResult> {
  const { db, release } = await acquireAppDb();
  try {
    return await drainOutbox(db, options);
  } finally {
    await release();
  }
}
