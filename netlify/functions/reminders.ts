import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { createHandler, route } from '../../src/server/platform/http';
import { turnRemindersOff } from '../../src/server/reminders/reminders.service';
import { userOfUnsubscribeToken } from '../../src/server/reminders/unsubscribe';
import { jsonOf } from '../../src/server/platform/http/respond';

/**
 * The reminder mail's unsubscribe (issue 25, decision 33).
 *   POST /api/reminders/unsubscribe?token=…   the link's owner   → {ok, reminders: false}; 401 a bad link
 * The address in the mail's `List-Unsubscribe` header: a mail program POSTs
 * `List-Unsubscribe=One-Click` to it from its own server (RFC 8058), and the page /avmelding
 * posts to it when the mail's link is opened. The signed token is the proof (a signed link:
 * no origin check, no session); turning reminders off twice is the same as once.
 */
/** Reminders are off for the link's owner. */
const unsubscribedResponse = z.object({ ok: z.literal(true), reminders: z.literal(false) });

const tokenOf = (url: URL) => userOfUnsubscribeToken(url.searchParams.get('token'));

export default createHandler({
  'POST /api/reminders/unsubscribe': route({
    access: 'public',
    signedLink: (url) => tokenOf(url) !== null,
    response: unsubscribedResponse,
    async handler({ db, url }) {
      await turnRemindersOff(db, tokenOf(url)!);
      return jsonOf(unsubscribedResponse, { ok: true, reminders: false });
    },
  }),
});

export const config: Config = { path: '/api/reminders/unsubscribe', method: 'POST' };
