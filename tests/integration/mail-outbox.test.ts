import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { atomically } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { startMailServer } from '../mail-server';

/**
 * The mail outbox (issue 21, acceptance 3; decision 28) against a real SMTP server this file
 * starts (`smtp-server`), reading what arrived (`mailparser`). The app's settings point at it
 * before any app module is loaded.
 */

const mailServer = await startMailServer();
process.env.SMTP_URL = mailServer.url;
process.env.MAIL_FROM = 'KI Akademiet <post@kiakademiet.test>';

const { acquireAppDb } = await import('../../src/server/platform/db');
const { queueMail } = await import('../../src/server/mail/outbox');
const { backoffSeconds, drainOutbox, sendQueuedMail } = await import('../../src/server/mail/sender');
const { createHandler, route } = await import('../../src/server/platform/http');
const { jsonOf } = await import('../../src/server/platform/http/respond');
const { okResponse } = await import('../../src/schemas/player');
const { default: mailSender } = await import('../../netlify/functions/mail-sender');

const { db } = await acquireAppDb();

let sequence = 0;
const resetMail = (to = `kari${++sequence}@example.no`) =>
  ({
    to,
    template: 'password-reset',
    props: { firstName: 'Kari', resetUrl: `http://localhost:4321/nytt-passord?token=tok${sequence}`, validMinutes: 60 },
  }) as const;

const rowsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
const arrivedTo = (to: string) => mailServer.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === to);
/** Time passes: the mail's backoff is over. */
const makeDue = (to: string) =>
  db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.toAddress, to));

beforeEach(async () => {
  await db.delete(mailOutbox);
  mailServer.received.length = 0;
  mailServer.refuseNext(0);
});
afterAll(() => mailServer.close());

describe('queueMail and the sender, through a real SMTP server', () => {
  it('sends a queued mail once, in Norwegian, as HTML and plain text from its template', async () => {
    const mail = resetMail();
    await atomically(db, (tx) => queueMail(tx, mail));
    expect(await drainOutbox(db)).toEqual({ sent: 1, kept: 0, retried: 0, failed: 0 });
    expect(await drainOutbox(db)).toEqual({ sent: 0, kept: 0, retried: 0, failed: 0 });

    const [arrived, ...more] = arrivedTo(mail.to);
    expect(more).toEqual([]);
    expect(arrived!.subject).toBe('Tilbakestill passordet ditt');
    expect(arrived!.from?.value).toEqual([{ name: 'KI Akademiet', address: 'post@kiakademiet.test' }]);
    expect(arrived!.html).toContain('lang="nb"');
    expect(arrived!.html).toContain(`href="${mail.props.resetUrl}"`);
    expect(arrived!.text).toContain('Hei Kari,');
    expect(arrived!.text).toContain(mail.props.resetUrl);
    expect(arrived!.text).not.toMatch(/<[a-z]/i);

    const [row] = await rowsTo(mail.to);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, subject: 'Tilbakestill passordet ditt', lockedUntil: null, claimToken: null });
    expect(row!.messageId).toBe(arrived!.messageId);
  });

  it('never sends a mail queued in a transaction that rolled back', async () => {
    const lost = resetMail();
    const kept = resetMail();
    await expect(
      atomically(db, async (tx) => {
        await queueMail(tx, lost);
        throw new Error('the change failed after queueing its mail');
      }),
    ).rejects.toThrow('the change failed');
    await atomically(db, (tx) => queueMail(tx, kept));
    await drainOutbox(db);
    expect(await rowsTo(lost.to)).toEqual([]);
    expect(arrivedTo(lost.to)).toEqual([]);
    // The drain did run: the committed mail arrived.
    expect(arrivedTo(kept.to)).toHaveLength(1);
  });

  it('a mail whose first delivery fails is delivered on a later drain, exactly once', async () => {
    const mail = resetMail();
    await atomically(db, (tx) => queueMail(tx, mail));
    mailServer.refuseNext(1, 451);
    expect(await drainOutbox(db)).toMatchObject({ sent: 0, retried: 1 });
    expect(arrivedTo(mail.to)).toEqual([]);
    const [failed] = await rowsTo(mail.to);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(failed!.lastError).toMatch(/451/);
    // The next attempt waits for the backoff: a drain right away leaves it alone.
    expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan((backoffSeconds(1) - 5) * 1000);
    expect(await drainOutbox(db)).toMatchObject({ sent: 0 });

    await makeDue(mail.to);
    expect(await drainOutbox(db)).toMatchObject({ sent: 1 });
    expect(await drainOutbox(db)).toMatchObject({ sent: 0 });
    await makeDue(mail.to);
    expect(await drainOutbox(db)).toMatchObject({ sent: 0 });
    expect(arrivedTo(mail.to)).toHaveLength(1);
    expect((await rowsTo(mail.to))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('waits twice as long after each failure, and gives up after MAIL_MAX_ATTEMPTS or a permanent refusal', async () => {
    expect([1, 2, 3, 4, 20].map(backoffSeconds)).toEqual([30, 60, 120, 240, 21_600]);

    const tired = resetMail();
    await atomically(db, (tx) => queueMail(tx, tired));
    mailServer.refuseNext(10, 451);
    for (let i = 0; i < 3; i++) {
      await makeDue(tired.to);
      await drainOutbox(db, { maxAttempts: 3 });
    }
    expect((await rowsTo(tired.to))[0]).toMatchObject({ status: 'failed', attempts: 3 });
    await makeDue(tired.to);
    mailServer.refuseNext(0);
    expect(await drainOutbox(db)).toMatchObject({ sent: 0 });

    const refused = resetMail();
    await atomically(db, (tx) => queueMail(tx, refused));
    mailServer.refuseNext(1, 550);
    expect(await drainOutbox(db)).toMatchObject({ failed: 1 });
    expect((await rowsTo(refused.to))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(arrivedTo(refused.to)).toEqual([]);
  });

  it('concurrent drains send every mail exactly once', async () => {
    const mails = Array.from({ length: 12 }, () => resetMail());
    await atomically(db, async (tx) => {
      for (const mail of mails) await queueMail(tx, mail);
    });
    const results = await Promise.all(Array.from({ length: 4 }, () => drainOutbox(db)));
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
    for (const mail of mails) expect(arrivedTo(mail.to), mail.to).toHaveLength(1);
    expect(mailServer.received).toHaveLength(12);
  });

  it('a claim holds until its lease runs out: a sender that died delays its mail, never loses it', async () => {
    const mail = resetMail();
    await atomically(db, (tx) => queueMail(tx, mail));
    // A sender claimed it and died: its lease is still running, so nobody else takes the mail…
    await db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() + interval '1 minute'`, claimToken: sql`gen_random_uuid()`, attempts: 1 })
      .where(eq(mailOutbox.toAddress, mail.to));
    expect(await drainOutbox(db)).toMatchObject({ sent: 0 });
    // …until the lease has passed.
    await db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.toAddress, mail.to));
    expect(await drainOutbox(db)).toMatchObject({ sent: 1 });
    expect((await rowsTo(mail.to))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('without SMTP_URL (outside production) keeps the rendered mail instead of sending it', async () => {
    const mail = resetMail();
    await atomically(db, (tx) => queueMail(tx, mail));
    expect(await drainOutbox(db, { smtpUrl: undefined })).toMatchObject({ kept: 1, sent: 0 });
    expect(mailServer.received).toEqual([]);
    const [row] = await rowsTo(mail.to);
    expect(row).toMatchObject({ status: 'kept', subject: 'Tilbakestill passordet ditt' });
    expect(row!.html).toContain(mail.props.resetUrl);
    expect(row!.textBody).toContain(mail.props.resetUrl);
  });
});

describe('when the sender runs', () => {
  it('the scheduled function (netlify/functions/mail-sender.ts) drains the outbox when called', async () => {
    const mail = resetMail();
    await atomically(db, (tx) => queueMail(tx, mail));
    const response = await mailSender();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: 1, kept: 0, retried: 0, failed: 0 });
    expect(arrivedTo(mail.to)).toHaveLength(1);
  });

  it('right after the response of a route that queued mail (afterResponse, through waitUntil)', async () => {
    const mail = resetMail();
    const handler = createHandler({
      'POST /api/test/queues-mail': route({
        access: 'public',
        afterResponse: sendQueuedMail,
        response: okResponse,
        async handler({ db: requestDb }) {
          await atomically(requestDb, (tx) => queueMail(tx, mail));
          return jsonOf(okResponse, { ok: true });
        },
      }),
    });
    const pending: Promise<unknown>[] = [];
    const response = await handler(
      new Request('http://localhost:4321/api/test/queues-mail', { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin' } }),
      { waitUntil: (promise) => pending.push(promise) },
    );
    expect(response.status).toBe(200);
    // The response did not wait for the mail: the sending is handed to waitUntil.
    expect(arrivedTo(mail.to)).toEqual([]);
    await Promise.all(pending);
    expect(arrivedTo(mail.to)).toHaveLength(1);
  });
});
