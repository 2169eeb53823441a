import type { Config } from '@netlify/functions';
import { sweepOpenOrders } from '../../src/server/checkout/reconcile';
import { acquireAppDb } from '../../src/server/db';
import { describeError } from '../../src/server/log';
import { sendQueuedMail } from '../../src/server/mail/sender';

/**
 * The checkout's scheduled sweep (decision 30): every five minutes, reconciles the orders left
 * waiting for payment (a buyer who closed the tab, a webhook that never came) and expires the
 * ones never paid, then sends the receipts that produced. No URL: Netlify runs it on the schedule.
 */
export default async (): Promise<Response> => {
  const { db, release } = await acquireAppDb();
  try {
    const swept = await sweepOpenOrders(db);
    if (swept.paid > 0) await sendQueuedMail({ budgetMs: 10_000 });
    return Response.json(swept);
  } catch (error) {
    console.error(`[order-sweeper] sweep failed: ${describeError(error)}`);
    return Response.json({ error: 'sweep failed' }, { status: 500 });
  } finally {
    await release();
  }
};

export const config: Config = { schedule: '*/5 * * * *' };
