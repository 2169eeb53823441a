import type { Config } from '@netlify/functions';
import { acquireAppDb } from '../../src/server/platform/db';
import { describeError } from '../../src/server/platform/log';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { queueLearningReminders } from '../../src/server/reminders/reminders.service';

/**
 * The weekly learning reminder (issue 25, decision 33): every day at 07:00 UTC (08:00 or 09:00 in
 * Oslo), queues a reminder for each learner who is due one (src/server/reminders/reminders.service.ts:
 * at most one a week each, also when runs overlap), then starts sending them; the mail sender's
 * schedule delivers the rest. No URL: Netlify runs it on the schedule.
 */
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
