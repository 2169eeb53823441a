import type { Config } from '@netlify/functions';
import { sweepOpenOrders } from '../../src/server/checkout/reconcile';
import { sweepTrials } from '../../src/server/company/trials.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { describeError } from '../../src/server/platform/log';
import { sendQueuedMail } from '../../src/server/mail/sender';

/** Every five minutes: reconciles orders left waiting (closed tab, lost webhook), expires unpaid ones and ends trials past their end. */
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
