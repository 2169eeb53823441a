import type { Config } from '@netlify/functions';
import { acquireAppDb } from '../../src/server/platform/db';
import { describeError } from '../../src/server/platform/log';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { queueLearningReminders } from '../../src/server/reminders/reminders.service';

/** Daily at 07:00 UTC (08:00 or 09:00 in Oslo); at most one reminder a week per learner, also when runs overlap. */
export default async (): Promise<Response> => {
  const { db, release } = await acquireAppDb();
  try {
    const run = await queueLearningReminders(db, { budgetMs: 15_000 });
    if (run.queued > 0) await sendQueuedMail({ budgetMs: 10_000 });
    return Response.json(run);
  } catch (error) {
    console.error(`[learning-reminders] run failed: ${describeError(error)}`);
    return Response.json({ error: 'run failed' }, { status: 500 });
  } finally {
    await release();
  }
};

export const config: Config = { schedule: '0 7 * * *' };
