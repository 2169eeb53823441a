import type { Config } from '@netlify/functions';
import { sweepOpenOrders } from '../../src/server/checkout/reconcile';
import { sweepTrials } from '../../src/server/company/trials.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { describeError } from '../../src/server/platform/log';
import { sendQueuedMail } from '../../src/server/mail/sender';

/**
 * The checkout's scheduled sweep: every five minutes, reconciles the orders left
 * waiting for payment (a buyer who closed the tab, a webhook that never came) and expires the
 * ones never paid; reminds the managers of company trials about to end and ends those past their
 * end (their seats taken back); then sends the mails that produced. No URL: Netlify runs it on the schedule.
 */
export default async (): Promise<Response> => {
  const { db, release } = await acquireAppDb();
  try {
    const swept = await sweepOpenOrders(db);
    const trials = await sweepTrials(db);
    if (swept.paid > 0 || trials.reminded > 0 || trials.ended > 0) await sendQueuedMail({ budgetMs: 10_000 });
    return Response.json({ ...swept, trials });
  } catch (error) {
    console.error(`[order-sweeper] sweep failed: ${describeError(error)}`);
    return Response.json({ error: 'sweep failed' }, { status: 500 });
  } finally {
    await release();
  }
};

export const config: Config = { schedule: '*/5 * * * *' };
