import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userAuditLog, users, userTokens } from '../../db/schema';
import account from '../../netlify/functions/account';
import auth from '../../netlify/functions/auth';
import checkoutFunctions from '../../netlify/functions/checkout';
import checkoutReturnFunctions from '../../netlify/functions/checkout-return';
import testPaymentFunctions from '../../netlify/functions/test-payments';
import { accountMessages } from '../../src/server/account/messages';
import { CONSENT } from '../../src/server/checkout/checkout.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { renderMail } from '../../src/server/mail/sender';
import type { MailTemplateProps } from '../../src/server/mail/templates';
import { NO_PASSWORD } from '../../src/server/auth/password';
import { usePaymentProvidersForTests } from '../../src/server/payments/registry';
import { call, type CallResult, cookieHeader } from '../helpers';
import { learner } from './order-checks';

/**
 * A guest buyer's account: the purchase mails one link that proves the address and leads to
 * 'Lag et passord'; the receipt says how to get back in; an account without a password confirms
 * its changes in /konto through links mailed to its address. Mails are read from the outbox.
 */

const db = async () => (await acquireAppDb()).db;
const PRODUCT = 'course:ki-for-kontoret';
const PASSWORD = 'et langt og godt passord';

let restore: () => void;
beforeAll(() => {
  restore = usePaymentProvidersForTests({ vipps: null, stripe: null, test: true });
});
afterAll(() => restore());

let ips = 0;
const nextIp = () => `203.0.113.${(++ips % 250) + 1}`;
let guests = 0;

const order = (json: Record<string, unknown>, cookie?: string) =>
  call(checkoutFunctions, '/api/checkout/orders', {
    ip: nextIp(),
    ...(cookie ? { cookie } : {}),
    json: { productId: PRODUCT, provider: 'test', consent: { accepted: true, version: CONSENT.version }, idempotencyKey: randomUUID(), ...json },
  });
const referenceOf = (result: CallResult) => (result.body as { reference: string }).reference;
const orderIdOf = (result: CallResult) => (result.body as { orderId: string }).orderId;

/** The outbox's mails to one address, oldest first. */
async function mailsTo(to: string, template?: string) {
  return (await db())
    .select({ template: mailOutbox.template, data: mailOutbox.data })
    .from(mailOutbox)
    .where(template ? and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)) : eq(mailOutbox.toAddress, to))
    .orderBy(mailOutbox.createdAt, mailOutbox.id);
}

/** The token in the newest such mail's link (`…#token=<t>`). */
async function tokenFrom(to: string, template: string, field: string): Promise<string> {
  const url = ((await mailsTo(to, template)).at(-1)?.data as Record<string, string> | undefined)?.[field];
  expect(url, `a ${template} mail to ${to}`).toMatch(/#token=[\w-]+$/);
  return url!.split('#token=')[1]!;
}

/** A guest buys the course, pays, and comes back to the return page: signed in once, with an account without a password. */
async function guestPurchase() {
  const email = `gjest-konto-${++guests}-${process.pid}@example.no`;
  const made = await order({ buyer: { firstName: 'Gunn', lastName: 'Gjest', email } });
  expect(made.status).toBe(201);
  const approved = await call(testPaymentFunctions, `/api/test-payments/${referenceOf(made)}/approve`, { json: {} });
  expect(approved.status).toBe(200);
  const back = await call(checkoutReturnFunctions, `/api/checkout/orders/${orderIdOf(made)}/return`, { json: {}, cookie: cookieHeader(made) });
  expect(back.body).toMatchObject({ status: 'paid', signedIn: true });
  const [row] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: row!.id, email, cookie: cookieHeader(back), reference: referenceOf(made) };
}

const signInAs = (email: string, password: string) => call(auth, '/api/auth/login', { json: { email, password }, ip: nextIp() });
const byMail = (cookie: string, json: Record<string, unknown>) => call(account, '/api/account/confirm-by-mail', { json, cookie, ip: nextIp() });
const confirmByMail = (token: string, cookie?: string) =>
  call(account, '/api/auth/account-confirm', { json: { token }, ip: nextIp(), ...(cookie ? { cookie } : {}) });
const auditOf = async (userId: string) =>
  (await db())
    .select({ action: userAuditLog.action, actorId: userAuditLog.actorId, from: userAuditLog.fromValue, to: userAuditLog.toValue })
    .from(userAuditLog)
    .where(eq(userAuditLog.userId, userId));

describe('a guest purchase', () => {
  it('mails one link at once, with the receipt, that verifies the address and sets a password to sign in with', async () => {
    const guest = await guestPurchase();
    const mails = await mailsTo(guest.email);
    // The receipt and one mail for the account: no verification mail waits for 'Send lenken på nytt'.
    expect(mails.map((m) => m.template).sort()).toEqual(['create-password', 'receipt']);
    const mail = mails.find((m) => m.template === 'create-password')!.data as MailTemplateProps['create-password'];
    expect(mail).toMatchObject({ firstName: 'Gunn', email: guest.email, reason: 'purchase', validDays: 7 });
    expect(mail.createUrl).toMatch(/^http:\/\/localhost:4321\/lag-passord#token=[\w-]{43}$/);
    const rendered = await renderMail('create-password', mail);
    expect(rendered.subject).toBe('Bekreft e-postadressen og lag et passord');
    expect(rendered.text).toContain('Lag et passord');
    expect(rendered.text).toContain(mail.createUrl);

    const [before] = await (await db()).select().from(users).where(eq(users.id, guest.id));
    expect(before!.passwordHash).toBe(NO_PASSWORD);
    expect(before!.emailVerifiedAt).toBeNull();
    const token = mail.createUrl.split('#token=')[1]!;
    const [stored] = await (
      await db()
    )
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, guest.id), eq(userTokens.purpose, 'set_password')));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // Opening the link proves the address, and leaves the link for the password.
    const opened = await call(account, '/api/auth/confirm-email', { json: { token } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ kind: 'verified', email: guest.email, message: accountMessages.verified });
    expect((await call(auth, '/api/auth/user', { cookie: guest.cookie })).body).toMatchObject({ emailVerified: true });

    const short = await call(account, '/api/auth/password-reset/confirm', { json: { token, password: 'kort' }, ip: nextIp() });
    expect(short.status).toBe(400);
    const set = await call(account, '/api/auth/password-reset/confirm', { json: { token, password: PASSWORD }, ip: nextIp() });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ message: accountMessages.passwordCreated });
    expect((await signInAs(guest.email, PASSWORD)).status).toBe(200);
    expect(await auditOf(guest.id)).toEqual([{ action: 'password_set', actorId: guest.id, from: null, to: null }]);

    // Used: neither the password nor the address can be set with it again.
    expect(
      (await call(account, '/api/auth/password-reset/confirm', { json: { token, password: 'et annet langt passord' }, ip: nextIp() })).status,
    ).toBe(400);
    expect((await signInAs(guest.email, 'et annet langt passord')).status).toBe(401);
    const [after] = await (await db()).select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, guest.id));
    expect(after!.passwordHash).not.toBe(NO_PASSWORD);
  });

  it('sends the same mail again for "Send lenken på nytt", not a plain verification', async () => {
    const guest = await guestPurchase();
    const resent = await call(account, '/api/auth/verify-email/resend', { json: {}, cookie: guest.cookie });
    expect(resent.status).toBe(202);
    expect(await mailsTo(guest.email, 'create-password')).toHaveLength(2);
    expect(await mailsTo(guest.email, 'verify-email')).toHaveLength(0);
  });
});

describe('the receipt says how to sign in again', () => {
  it('for a guest: the address, the "Lag et passord" mail and the forgotten-password page', async () => {
    const guest = await guestPurchase();
    const [receipt] = await mailsTo(guest.email, 'receipt');
    const props = receipt!.data as MailTemplateProps['receipt'];
    expect(props.signIn).toEqual({
      email: guest.email,
      hasPassword: false,
      signInUrl: 'http://localhost:4321/logg-inn',
      forgotUrl: 'http://localhost:4321/glemt-passord',
    });
    const mail = await renderMail('receipt', props);
    expect(mail.text).toContain('Slik logger du inn igjen');
    expect(mail.text).toContain(`Vi har laget en konto til deg med e-postadressen ${guest.email}.`);
    expect(mail.text).toContain('«Lag et passord»');
    expect(mail.text).toContain('http://localhost:4321/logg-inn');
  });

  it('for a buyer with a password: the address and the password', async () => {
    const buyer = await learner();
    const made = await order({}, buyer.cookie);
    expect(made.status).toBe(201);
    expect((await call(testPaymentFunctions, `/api/test-payments/${referenceOf(made)}/approve`, { json: {} })).status).toBe(200);
    await call(checkoutReturnFunctions, `/api/checkout/orders/${orderIdOf(made)}/return`, { json: {}, cookie: buyer.cookie });
    const [receipt] = await mailsTo(buyer.email, 'receipt');
    const props = receipt!.data as MailTemplateProps['receipt'];
    expect(props.signIn).toMatchObject({ email: buyer.email, hasPassword: true });
    const mail = await renderMail('receipt', props);
    expect(mail.text).toContain('Slik logger du inn igjen');
    expect(mail.text).toContain(`med e-postadressen ${buyer.email} og passordet ditt`);
    expect(await mailsTo(buyer.email, 'create-password')).toHaveLength(0);
  });
});

describe('an account without a password in /konto', () => {
  it('says it has no password, and asks for a password link to its own address', async () => {
    const guest = await guestPurchase();
    expect((await call(account, '/api/account', { cookie: guest.cookie })).body).toMatchObject({ hasPassword: false });
    const asked = await byMail(guest.cookie, { action: 'set_password' });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: accountMessages.createPasswordSent(guest.email) });
    const token = await tokenFrom(guest.email, 'create-password', 'createUrl');
    expect(((await mailsTo(guest.email, 'create-password')).at(-1)!.data as { reason: string }).reason).toBe('request');
    expect((await call(account, '/api/auth/password-reset/confirm', { json: { token, password: PASSWORD }, ip: nextIp() })).status).toBe(200);
    expect((await signInAs(guest.email, PASSWORD)).status).toBe(200);
  });

  it('changes its address through the link mailed to it, then the link to the new address; audited', async () => {
    const guest = await guestPurchase();
    const newEmail = `ny-gjest-${guests}-${process.pid}@example.no`;
    expect((await byMail(guest.cookie, { action: 'change_email' })).body).toMatchObject({ issues: [{ path: 'newEmail' }] });
    expect((await byMail(guest.cookie, { action: 'change_email', newEmail: guest.email })).status).toBe(400);
    const asked = await byMail(guest.cookie, { action: 'change_email', newEmail });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: accountMessages.confirmSent(guest.email) });
    // Nothing went to the new address yet: the owner of the current one has to confirm first.
    expect(await mailsTo(newEmail)).toHaveLength(0);
    const confirmUrl = ((await mailsTo(guest.email, 'account-confirm')).at(-1)!.data as { confirmUrl: string }).confirmUrl;
    expect(confirmUrl).toMatch(/^http:\/\/localhost:4321\/bekreft-konto\?handling=epost#token=[\w-]+$/);
    const token = confirmUrl.split('#token=')[1]!;

    const confirmed = await confirmByMail(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ kind: 'email_change_sent', pendingEmail: newEmail, message: accountMessages.changeSent(newEmail) });
    expect((await confirmByMail(token)).status).toBe(400);
    expect(await mailsTo(guest.email, 'email-change-notice')).toHaveLength(1);
    const changeToken = await tokenFrom(newEmail, 'email-change', 'confirmUrl');
    expect((await call(account, '/api/auth/confirm-email', { json: { token: changeToken } })).body).toMatchObject({
      kind: 'changed',
      email: newEmail,
    });
    expect((await call(account, '/api/account', { cookie: guest.cookie })).body).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await auditOf(guest.id)).toEqual([{ action: 'email_changed', actorId: guest.id, from: guest.email, to: newEmail }]);
  });

  it('deletes itself through the link mailed to it, signing that browser out', async () => {
    const guest = await guestPurchase();
    const asked = await byMail(guest.cookie, { action: 'delete' });
    expect(asked.status).toBe(202);
    // Asking deletes nothing.
    expect((await call(account, '/api/account', { cookie: guest.cookie })).status).toBe(200);
    const confirmUrl = ((await mailsTo(guest.email, 'account-confirm')).at(-1)!.data as { confirmUrl: string; action: string }).confirmUrl;
    expect(confirmUrl).toContain('/bekreft-konto?handling=slett#token=');
    const token = confirmUrl.split('#token=')[1]!;
    const deleted = await confirmByMail(token, guest.cookie);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ kind: 'deleted', message: accountMessages.deleted });
    expect(deleted.setCookies.some((c) => /^session=;/.test(c))).toBe(true);
    expect(await (await db()).select().from(users).where(eq(users.id, guest.id))).toHaveLength(0);
    expect((await call(auth, '/api/auth/user', { cookie: guest.cookie })).status).toBe(401);
    expect((await confirmByMail(token)).status).toBe(400);
  });

  it('refuses a made-up, expired, used or other-purpose link', async () => {
    const guest = await guestPurchase();
    expect((await confirmByMail('x'.repeat(43))).body).toMatchObject({ issues: [{ path: 'token', message: accountMessages.linkInvalid }] });
    // A password link cannot delete, and a deletion link cannot set a password.
    const createToken = await tokenFrom(guest.email, 'create-password', 'createUrl');
    expect((await confirmByMail(createToken)).status).toBe(400);
    await byMail(guest.cookie, { action: 'delete' });
    const deletion = ((await mailsTo(guest.email, 'account-confirm')).at(-1)!.data as { confirmUrl: string }).confirmUrl.split('#token=')[1]!;
    expect((await call(account, '/api/auth/password-reset/confirm', { json: { token: deletion, password: PASSWORD }, ip: nextIp() })).status).toBe(
      400,
    );
    expect((await call(account, '/api/auth/confirm-email', { json: { token: deletion } })).status).toBe(400);

    // An hour later (the row's clock moved back: the same as waiting).
    await (
      await db()
    )
      .update(userTokens)
      .set({ expiresAt: sql`${userTokens.expiresAt} - interval '61 minutes'` })
      .where(and(eq(userTokens.userId, guest.id), eq(userTokens.purpose, 'confirm_deletion')));
    expect((await confirmByMail(deletion)).status).toBe(400);
    expect(await (await db()).select().from(users).where(eq(users.id, guest.id))).toHaveLength(1);

    // A newer link retires the older one.
    await byMail(guest.cookie, { action: 'change_email', newEmail: `forste-${guests}@example.no` });
    const first = ((await mailsTo(guest.email, 'account-confirm')).at(-1)!.data as { confirmUrl: string }).confirmUrl.split('#token=')[1]!;
    await byMail(guest.cookie, { action: 'change_email', newEmail: `andre-${guests}@example.no` });
    expect((await confirmByMail(first)).status).toBe(400);

    // The 'Lag et passord' link expires too: then it neither verifies nor sets.
    await (
      await db()
    )
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(userTokens.userId, guest.id), eq(userTokens.purpose, 'set_password')));
    expect((await call(account, '/api/auth/confirm-email', { json: { token: createToken } })).status).toBe(400);
    expect((await call(account, '/api/auth/password-reset/confirm', { json: { token: createToken, password: PASSWORD }, ip: nextIp() })).status).toBe(
      400,
    );
  });
});

describe('an account with a password', () => {
  it('still needs the password: no link instead of it', async () => {
    const buyer = await learner();
    expect((await call(account, '/api/account', { cookie: buyer.cookie })).body).toMatchObject({ hasPassword: true });
    for (const json of [{ action: 'delete' }, { action: 'set_password' }, { action: 'change_email', newEmail: `annen-${guests}@example.no` }]) {
      const refused = await byMail(buyer.cookie, json);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: accountMessages.hasPassword });
    }
    expect(await mailsTo(buyer.email, 'account-confirm')).toHaveLength(0);
    const noPassword = await call(account, '/api/account/email', { json: { newEmail: `annen-${guests}@example.no` }, cookie: buyer.cookie });
    expect(noPassword.status).toBe(400);
    const deletion = await call(account, '/api/account/delete', { json: {}, cookie: buyer.cookie });
    expect(deletion.status).toBe(400);
    expect((await call(auth, '/api/auth/user', { cookie: buyer.cookie })).status).toBe(200);
  });
});
