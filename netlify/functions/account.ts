import type { Config } from '@netlify/functions';
import { z } from 'zod';
import {
  accountResponse,
  confirmEmailBody,
  deleteAccountBody,
  emailChangeBody,
  emailChangeResponse,
  emailConfirmedResponse,
  mailConfirmBody,
  mailConfirmedResponse,
  mailConfirmRequestBody,
  passwordChangeBody,
  passwordResetBody,
  passwordResetConfirmBody,
  preferencesBody,
  preferencesResponse,
  profileBody,
  sessionEndedResponse,
  sessionsEndedResponse,
  sessionsResponse,
  userResponse,
} from '../../src/schemas/account';
import { messageAnswer, registerBody } from '../../src/schemas/auth';
import { accountOf, endOtherSessions, endSession, sessionsOf, setPreferences, updateProfile } from '../../src/server/account/account.service';
import { deleteAccount, exportUserData } from '../../src/server/account/data.service';
import { confirmEmail, requestEmailChange, resendVerification } from '../../src/server/account/email.service';
import { confirmByMail, requestByMail } from '../../src/server/account/mail-confirm.service';
import { accountMessages } from '../../src/server/account/messages';
import { changePassword, resetPassword, sendResetLink } from '../../src/server/account/password.service';
import { register } from '../../src/server/auth/auth.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { deviceCookie } from '../../src/server/auth/device';
import { ThrottledError } from '../../src/server/platform/errors';
import { createHandler, json, route } from '../../src/server/platform/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { clearedSessionCookies, sessionCookies } from '../../src/server/auth/session';
import { policies, reserve } from '../../src/server/platform/throttle';
import { jsonOf } from '../../src/server/platform/http/respond';
import { file } from '../../src/server/platform/http/response-contract';

/** Every route that queues mail sends it right after answering, so this function carries the mail sender. */

const sessionIdParams = z.object({ sessionId: z.string().regex(/^[0-9a-f]{24}$/, { error: accountMessages.sessionNotFound }) });

export default createHandler({
  'POST /api/auth/register': route({
    access: 'public',
    body: registerBody,
    afterResponse: sendQueuedMail,
    response: userResponse,
    async handler({ db, body, ip, request, cookies, session }) {
      const signedIn = await register(db, body, ip, session?.id ?? null, request.headers.get('User-Agent'));
      cookies.push(...sessionCookies(request.url, signedIn.token, signedIn.expiresAt));
      cookies.push(deviceCookie(request.url, signedIn.deviceToken));
      return jsonOf(userResponse, { user: signedIn.user }, { status: 201 });
    },
  }),

  'POST /api/auth/password-reset': route({
    access: 'public',
    body: passwordResetBody,
    response: messageAnswer,
    async handler({ db, body, ip, defer }) {
      // Per address of the caller (429 says nothing about any account); per account after the answer.
      const reservation = await reserve(db, `reset:ip:${ip}`, policies.resetIp);
      if (!reservation.allowed) throw new ThrottledError(accountMessages.tooMany, reservation.retryAfter);
      // Whether the address has an account is decided after the answer, so neither the answer nor its timing tells.
      defer(async () => {
        const { db: own, release } = await acquireAppDb();
        try {
          if (await sendResetLink(own, body.email)) await sendQueuedMail();
        } finally {
          await release();
        }
      });
      return jsonOf(messageAnswer, { message: accountMessages.resetRequested }, { status: 202 });
    },
  }),

  'POST /api/auth/password-reset/confirm': route({
    access: 'public',
    body: passwordResetConfirmBody,
    afterResponse: sendQueuedMail,
    response: messageAnswer,
    async handler({ db, body, request, cookies, session }) {
      const { kind } = await resetPassword(db, body.token, body.password);
      if (session) cookies.push(...clearedSessionCookies(request.url));
      return jsonOf(messageAnswer, { message: kind === 'created' ? accountMessages.passwordCreated : accountMessages.resetDone });
    },
  }),

  'POST /api/auth/confirm-email': route({
    access: 'public',
    body: confirmEmailBody,
    response: emailConfirmedResponse,
    async handler({ db, body }) {
      const confirmed = await confirmEmail(db, body.token);
      const message = confirmed.kind === 'verified' ? accountMessages.verified : accountMessages.changed(confirmed.email);
      return jsonOf(emailConfirmedResponse, { ...confirmed, message });
    },
  }),

  'POST /api/auth/verify-email/resend': route({
    access: 'user',
    response: messageAnswer,
    async handler({ db, user, defer }) {
      const result = await resendVerification(db, user.id);
      if (!result.sent) return jsonOf(messageAnswer, { message: accountMessages.alreadyVerified });
      defer(sendQueuedMail);
      return jsonOf(messageAnswer, { message: accountMessages.verifySent(result.email) }, { status: 202 });
    },
  }),

  'GET /api/account': route({
    access: 'user',
    response: accountResponse,
    async handler({ db, user }) {
      return jsonOf(accountResponse, await accountOf(db, user.id));
    },
  }),

  'PATCH /api/account/profile': route({
    access: 'user',
    body: profileBody,
    response: userResponse,
    async handler({ db, user, body }) {
      return jsonOf(userResponse, { user: await updateProfile(db, user.id, body) });
    },
  }),

  'POST /api/account/email': route({
    access: 'user',
    body: emailChangeBody,
    afterResponse: sendQueuedMail,
    response: emailChangeResponse,
    async handler({ db, user, body }) {
      const { pendingEmail } = await requestEmailChange(db, { userId: user.id, newEmail: body.newEmail, password: body.password });
      return jsonOf(emailChangeResponse, { message: accountMessages.changeSent(pendingEmail), pendingEmail }, { status: 202 });
    },
  }),

  'POST /api/account/password': route({
    access: 'user',
    body: passwordChangeBody,
    afterResponse: sendQueuedMail,
    response: messageAnswer,
    async handler({ db, user, session, body }) {
      await changePassword(db, { userId: user.id, sessionId: session.id, currentPassword: body.currentPassword, newPassword: body.newPassword });
      return jsonOf(messageAnswer, { message: accountMessages.passwordChanged });
    },
  }),

  'GET /api/account/sessions': route({
    access: 'user',
    response: sessionsResponse,
    async handler({ db, user, session }) {
      return jsonOf(sessionsResponse, { sessions: await sessionsOf(db, user.id, session.id) });
    },
  }),

  'DELETE /api/account/sessions/:sessionId': route({
    access: 'user',
    params: sessionIdParams,
    response: sessionEndedResponse,
    async handler({ db, user, session, params, request, cookies }) {
      const { sessionId } = await endSession(db, user.id, params.sessionId);
      const current = sessionId === session.id;
      if (current) cookies.splice(0, cookies.length, ...clearedSessionCookies(request.url));
      return jsonOf(sessionEndedResponse, { ended: 1, current });
    },
  }),

  'POST /api/account/sessions/end-others': route({
    access: 'user',
    response: sessionsEndedResponse,
    async handler({ db, user, session }) {
      return jsonOf(sessionsEndedResponse, { ended: await endOtherSessions(db, user.id, session.id) });
    },
  }),

  'PUT /api/account/preferences': route({
    access: 'user',
    body: preferencesBody,
    response: preferencesResponse,
    async handler({ db, user, body }) {
      return jsonOf(preferencesResponse, { preferences: await setPreferences(db, user.id, body) });
    },
  }),

  'GET /api/account/export': route({
    access: 'user',
    response: file('application/json'),
    async handler({ db, user }) {
      const data = await exportUserData(db, user.id);
      const day = data.exportedAt.slice(0, 10);
      return json(data, { headers: { 'Content-Disposition': `attachment; filename="mine-data-${day}.json"` } });
    },
  }),

  'POST /api/account/delete': route({
    access: 'user',
    body: deleteAccountBody,
    response: messageAnswer,
    async handler({ db, user, body, request, cookies }) {
      await deleteAccount(db, user.id, body.password);
      cookies.splice(0, cookies.length, ...clearedSessionCookies(request.url));
      return jsonOf(messageAnswer, { message: accountMessages.deleted });
    },
  }),

  'POST /api/account/confirm-by-mail': route({
    access: 'user',
    body: mailConfirmRequestBody,
    afterResponse: sendQueuedMail,
    response: messageAnswer,
    async handler({ db, user, body }) {
      return jsonOf(messageAnswer, await requestByMail(db, user.id, body), { status: 202 });
    },
  }),

  'POST /api/auth/account-confirm': route({
    access: 'public',
    body: mailConfirmBody,
    afterResponse: sendQueuedMail,
    response: mailConfirmedResponse,
    async handler({ db, body, request, cookies, user }) {
      const confirmed = await confirmByMail(db, body.token);
      if (confirmed.kind === 'deleted') {
        if (user?.id === confirmed.userId) cookies.splice(0, cookies.length, ...clearedSessionCookies(request.url));
        return jsonOf(mailConfirmedResponse, { kind: confirmed.kind, message: accountMessages.deleted });
      }
      return jsonOf(mailConfirmedResponse, {
        kind: confirmed.kind,
        pendingEmail: confirmed.pendingEmail,
        message: accountMessages.changeSent(confirmed.pendingEmail),
      });
    },
  }),
});

export const config: Config = {
  path: [
    '/api/auth/register',
    '/api/auth/password-reset',
    '/api/auth/password-reset/confirm',
    '/api/auth/confirm-email',
    '/api/auth/verify-email/resend',
    '/api/account',
    '/api/account/profile',
    '/api/account/email',
    '/api/account/password',
    '/api/account/sessions',
    '/api/account/sessions/:sessionId',
    '/api/account/sessions/end-others',
    '/api/account/preferences',
    '/api/account/export',
    '/api/account/delete',
    '/api/account/confirm-by-mail',
    '/api/auth/account-confirm',
  ],
  method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
};
