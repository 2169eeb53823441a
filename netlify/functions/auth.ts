import type { Config } from '@netlify/functions';
import { login, register } from '../../src/server/auth.service';
import { z } from 'zod';
import { safeNextPath } from '../../src/lib/safe-next';
import { loginBody, registerBody } from '../../src/schemas/auth';
import { createHandler, json, redirect, route } from '../../src/server/http';
import { clearedSessionCookies, invalidateSession, sessionCookies } from '../../src/server/session';

/**
 * Sign-in, sign-up, sign-out and the current user.
 *   GET  /api/login          anyone   full-page navigation: '/' (or `next`) when signed in, else /logg-inn?next=…
 *   POST /api/auth/login     anyone   {email, password} → {user}; sets the session cookie
 *   POST /api/auth/register  anyone   {firstName, lastName, email, password} → 201 {user}; signs in
 *   GET  /api/logout         anyone   ends the session, clears the cookies, redirects to '/'
 *   GET  /api/auth/user      signed in → the user; anonymous → 401 {"error":"Unauthorized"}
 */
export default createHandler({
  'GET /api/login': route({
    access: 'public',
    query: z.object({ next: z.string().max(2048).optional() }),
    handler({ user, query }) {
      const next = safeNextPath(query.next);
      if (user) return redirect(next);
      return redirect(next === '/' ? '/logg-inn' : `/logg-inn?next=${encodeURIComponent(next)}`);
    },
  }),

  'POST /api/auth/login': route({
    access: 'public',
    body: loginBody,
    async handler({ db, body, ip, request, cookies, session }) {
      const signedIn = await login(db, body, ip);
      if (session) await invalidateSession(db, session.id);
      cookies.push(...sessionCookies(request.url, signedIn.token, signedIn.expiresAt));
      return json({ user: signedIn.user });
    },
  }),

  'POST /api/auth/register': route({
    access: 'public',
    body: registerBody,
    async handler({ db, body, ip, request, cookies, session }) {
      const signedIn = await register(db, body, ip);
      if (session) await invalidateSession(db, session.id);
      cookies.push(...sessionCookies(request.url, signedIn.token, signedIn.expiresAt));
      return json({ user: signedIn.user }, { status: 201 });
    },
  }),

  'GET /api/logout': route({
    access: 'public',
    async handler({ db, request, cookies, session }) {
      // A cross-site page must not be able to sign our users out by navigating them here.
      if (request.headers.get('Sec-Fetch-Site') === 'cross-site') return redirect('/');
      if (session) await invalidateSession(db, session.id);
      cookies.splice(0, cookies.length, ...clearedSessionCookies(request.url));
      return redirect('/');
    },
  }),

  'GET /api/auth/user': route({
    access: 'user',
    handler({ user }) {
      return json(user);
    },
  }),
});

export const config: Config = {
  path: ['/api/login', '/api/logout', '/api/auth/login', '/api/auth/register', '/api/auth/user'],
  method: ['GET', 'POST'],
};
