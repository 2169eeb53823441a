import { eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { absoluteUrl } from '../account/tokens';
import { queueMails } from '../mail/outbox';
import { oneClickUnsubscribeUrl, unsubscribePageUrl, unsubscribeToken } from './unsubscribe';

/**
 * Exactly once however many runs overlap: a batch claims its learners with `FOR UPDATE SKIP LOCKED` and queues their
 * mails in the same transaction, and Postgres rechecks the condition on the newest row when it locks it.
 */

export const REMINDER_AFTER_DAYS = 7;
export const REMINDER_EVERY_DAYS = 7;
const BATCH = 200;

interface Claimed {
  id: string;
  email: string;
  first_name: string;
}

interface CourseState {
  user_id: string;
  course_id: string;
  course_title: string;
  total: number;
  completed: number;
  next_lesson_id: string | null;
  next_lesson_title: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function claimDue(tx: Db, now: Date, limit: number): Promise<Claimed[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await tx.execute(sql`
    WITH due AS (
      SELECT u.id FROM users u
      WHERE u.is_active AND u.email_reminders AND u.email_verified_at IS NOT NULL
        AND (u.reminder_sent_at IS NULL OR u.reminder_sent_at <= ${at} - make_interval(days => ${REMINDER_EVERY_DAYS}))
        AND EXISTS (
          SELECT 1 FROM enrollments e
          WHERE e.user_id = u.id AND e.revoked_at IS NULL AND e.completed_at IS NULL
            AND EXISTS (SELECT 1 FROM modules m JOIN lessons l ON l.module_id = m.id WHERE m.course_id = e.course_id))
        AND NOT EXISTS (SELECT 1 FROM lesson_progress lp WHERE lp.user_id = u.id AND lp.updated_at > ${at} - make_interval(days => ${REMINDER_AFTER_DAYS}))
        AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = u.id AND e.created_at > ${at} - make_interval(days => ${REMINDER_AFTER_DAYS}))
      ORDER BY u.id
      LIMIT ${limit}
      FOR UPDATE OF u SKIP LOCKED
    )
    UPDATE users SET reminder_sent_at = ${at}
    FROM due WHERE users.id = due.id
    RETURNING users.id, users.email, users.first_name`);
  return rowsOf<Claimed>(result);
}

async function courseStates(tx: Db, userIds: string[]): Promise<Map<string, CourseState>> {
  const ids = `{${userIds.join(',')}}`;
  const result = await tx.execute(sql`
    WITH pick AS (
      SELECT DISTINCT ON (e.user_id) e.user_id, e.course_id
      FROM enrollments e
      LEFT JOIN LATERAL (
        SELECT max(lp.updated_at) AS last FROM lesson_progress lp
        JOIN lessons l ON l.id = lp.lesson_id JOIN modules m ON m.id = l.module_id
        WHERE lp.user_id = e.user_id AND m.course_id = e.course_id
      ) a ON TRUE
      WHERE e.user_id = ANY(${ids}::uuid[]) AND e.revoked_at IS NULL AND e.completed_at IS NULL
        AND EXISTS (SELECT 1 FROM modules m JOIN lessons l ON l.module_id = m.id WHERE m.course_id = e.course_id)
      ORDER BY e.user_id, a.last DESC NULLS LAST, e.created_at DESC, e.course_id
    ),
    ordered AS (
      SELECT p.user_id, p.course_id, l.id AS lesson_id, l.title AS lesson_title, coalesce(lp.completed, false) AS done,
        row_number() OVER (PARTITION BY p.user_id ORDER BY m.order_index, m.id, l.order_index, l.id) AS n
      FROM pick p
      JOIN modules m ON m.course_id = p.course_id
      JOIN lessons l ON l.module_id = m.id
      LEFT JOIN lesson_progress lp ON lp.user_id = p.user_id AND lp.lesson_id = l.id
    )
    SELECT o.user_id, o.course_id, c.title AS course_title,
      count(*)::int AS total, (count(*) FILTER (WHERE o.done))::int AS completed,
      ((array_agg(o.lesson_id ORDER BY o.n) FILTER (WHERE NOT o.done))[1])::text AS next_lesson_id,
      (array_agg(o.lesson_title ORDER BY o.n) FILTER (WHERE NOT o.done))[1] AS next_lesson_title
    FROM ordered o JOIN courses c ON c.id = o.course_id
    GROUP BY o.user_id, o.course_id, c.title`);
  return new Map(rowsOf<CourseState>(result).map((row) => [row.user_id, row]));
}

export interface ReminderRun {
  queued: number;
}

/** Stops after `budgetMs`: a scheduled function has 30 s and the next day's run continues. */
export async function queueLearningReminders(db: Db, options: { now?: Date; budgetMs?: number; batchSize?: number } = {}): Promise<ReminderRun> {
  const { now = new Date(), budgetMs = 15_000, batchSize = BATCH } = options;
  const started = Date.now();
  let queued = 0;
  for (;;) {
    const batch = await atomically(db, async (tx) => {
      const claimed = await claimDue(tx, now, batchSize);
      if (claimed.length === 0) return { claimed: 0, mails: 0 };
      const states = await courseStates(
        tx,
        claimed.map((c) => c.id),
      );
      const mails = claimed.flatMap((learner) => {
        const state = states.get(learner.id);
        if (!state) return [];
        const token = unsubscribeToken(learner.id);
        const coursePath = `/course/${encodeURIComponent(state.course_id)}`;
        return [
          {
            to: learner.email,
            template: 'learning-reminder' as const,
            props: {
              firstName: learner.first_name,
              courseTitle: state.course_title,
              completedLessons: Number(state.completed),
              totalLessons: Number(state.total),
              nextLessonTitle: state.next_lesson_title,
              nextLessonUrl: absoluteUrl(state.next_lesson_id ? `${coursePath}?lessonId=${state.next_lesson_id}` : coursePath),
              unsubscribeUrl: unsubscribePageUrl(token),
              oneClickUnsubscribeUrl: oneClickUnsubscribeUrl(token),
            },
          },
        ];
      });
      await queueMails(tx, mails);
      return { claimed: claimed.length, mails: mails.length };
    });
    queued += batch.mails;
    if (batch.claimed < batchSize || Date.now() - started > budgetMs) return { queued };
  }
}

export async function turnRemindersOff(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailReminders: false }).where(eq(users.id, userId));
}
