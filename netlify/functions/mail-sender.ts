import type { Config } from '@netlify/functions';
import { describeError } from '../../src/server/platform/log';
import { sendQueuedMail } from '../../src/server/mail/sender';

/**
 * The mail outbox's scheduled sender: every minute, sends the mails that are due
 * (new ones a request's own drain missed, and retries after their backoff). No URL: Netlify
 * runs it on the schedule (and `netlify functions:invoke mail-sender` by hand). Answers the
 * drain's counts; a failure (the database down) is one log line and a 500, and the next minute
 * tries again.
 */
export default async (): Promise<Response> => {
  try {
    return Response.json(await sendQueuedMail({ budgetMs: 20_000 }));
  } catch (error) {
    console.error(`[mail-sender] drain failed: ${describeError(error)}`);
    return Response.json({ error: 'drain failed' }, { status: 500 });
  }
};

export const config: Config = { schedule: '* * * * *' };
