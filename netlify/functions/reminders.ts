import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { createHandler, route } from '../../src/server/platform/http';
import { turnRemindersOff } from '../../src/server/reminders/reminders.service';
import { userOfUnsubscribeToken } from '../../src/server/reminders/unsubscribe';
import { jsonOf } from '../../src/server/platform/http/respond';

/** A signed link is the proof, so no origin check and no session; mail programs POST here (RFC 8058 one-click). */
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
