import type { Config } from '@netlify/functions';
import { describeError } from '../../src/server/platform/log';
import { sendQueuedMail } from '../../src/server/mail/sender';

/** Every minute: sends what a request's own drain missed and retries after backoff; a failure waits for the next minute. */
export default async (): Promise<Response> => {
  try {
    return Response.json(await sendQueuedMail({ budgetMs: 20_000 }));
  } catch (error) {
    console.error(`[mail-sender] drain failed: ${describeError(error)}`);
    return Response.json({ error: 'drain failed' }, { status: 500 });
  }
};

export const config: Config = { schedule: '* * * * *' };
