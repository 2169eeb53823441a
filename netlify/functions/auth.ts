import type { Config } from '@netlify/functions';
import { login } from '../../src/server/auth/auth.service';
import { z } from 'zod';
import { text } from '../../src/schemas/text';
import { safeNextPath } from '../../src/lib/safe-next';
import { currentUser, loginBody } from '../../src/schemas/auth';
import { deviceCookie, deviceTokenFrom } from '../../src/server/auth/device';
import { createHandler, isUserNavigation, redirect, route, signOutPage } from '../../src/server/platform/http';
import { clearedSessionCookies, invalidateSession, sessionCookies } from '../../src/server/auth/session';
import { jsonOf } from '../../src/server/platform/http/respond';
import { htmlPage, redirectOnly } from '../../src/server/platform/http/response-contract';
import { userResponse } from '../../src/schemas/account';

/** Sign-up is in account.ts, which carries the mail sender. */
export default createHandler({
  'GET /api/login': route({
    access: 'public',
    query: z.object({ next: text({ max: 2048 }).optional() }),
    response: redirectOnly,
    handler({ user, query }) {
      const next = safeNextPath(query.next);
      if (user) return redirect(next);
      return redirect(next === '/' ? '/logg-inn' : `/logg-inn?next=${encodeURIComponent(next)}`);
    },
  }),

  'POST /api/auth/login': route({
    access: 'public',
    body: loginBody,
    response: userResponse,
    async handler({ db, body, ip, request, cookies, session }) {
      const signedIn = await login(db, body, ip, deviceTokenFrom(request), session?.id ?? null, request.headers.get('User-Agent'));
      cookies.push(...sessionCookies(request.url, signedIn.token, signedIn.expiresAt));
      cookies.push(deviceCookie(request.url, signedIn.deviceToken));
      return jsonOf(userResponse, { user: signedIn.user });
    },
  }),

  'GET /api/logout': route({
    access: 'public',
    response: htmlPage,
    async handler({ db, request, cookies, session }) {
      if (!session) return redirect('/');
      // Only our own pages or the address bar sign out at once; anything else gets a button, so a foreign page cannot sign users out.
      if (!isUserNavigation(request)) return signOutPage();
      await invalidateSession(db, session.id);
      cookies.splice(0, cookies.length, ...clearedSessionCookies(request.url));
      return redirect('/');
    },
  }),

  // The button of the page above; the pipeline's same-origin check guards it like every POST.
  'POST /api/logout': route({
    access: 'public',
    response: redirectOnly,
    async handler({ db, request, cookies, session }) {
      if (session) await invalidateSession(db, session.id);
      cookies.splice(0, cookies.length, ...clearedSessionCookies(request.url));
      return redirect('/', 303);
    },
  }),

  'GET /api/auth/user': route({
    access: 'user',
    response: currentUser,
    handler({ user }) {
      return jsonOf(currentUser, user);
    },
  }),
});

export const config: Config = {
  path: ['/api/login', '/api/logout', '/api/auth/login', '/api/auth/user'],
  method: ['GET', 'POST'],
};
