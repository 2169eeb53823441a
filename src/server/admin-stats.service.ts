import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AdminStatistics } from '../schemas/admin';

/**
 * The superuser's statistics (issue 13) in three statements whatever the data size:
 * 1. every count of the spec's ten fields, the completion rate, the average course progress
 *    over all enrollments, and the assistant's usage this month;
 * 2. the assistant's usage per day for the last 30 days (today included), zeros filled;
 * 3. the five users who used the most tokens this month.
 * The assistant's usage comes from `ai_usage` (one row per user and day: requests = messages,
 * input + output tokens); "this month" and "today" are the database's `CURRENT_DATE`, the same
 * clock that stamps `ai_usage.day`.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface CountsRow {
  total_users: number;
  active_users: number;
  superusers: number;
  admins: number;
  company_admins: number;
  individuals: number;
  total_courses: number;
  total_enrollments: number;
  completed_enrollments: number;
  average_progress: number | string | null;
  total_companies: number;
  month_messages: number | string;
  month_tokens: number | string;
}

export async function adminStatistics(db: Db): Promise<AdminStatistics> {
  const [counts] = rowsOf<CountsRow>(
    await db.execute(sql`
      WITH lesson_totals AS (
        SELECT m.course_id, count(l.id)::int AS total
        FROM modules m JOIN lessons l ON l.module_id = m.id
        GROUP BY m.course_id
      ),
      done AS (
        SELECT lp.user_id, m.course_id, count(*)::int AS completed
        FROM lesson_progress lp JOIN lessons l ON l.id = lp.lesson_id JOIN modules m ON m.id = l.module_id
        WHERE lp.completed
        GROUP BY lp.user_id, m.course_id
      ),
      enrollment_progress AS (
        SELECT e.completed_at,
          CASE WHEN coalesce(t.total, 0) = 0 THEN 0 ELSE 100.0 * coalesce(d.completed, 0) / t.total END AS percentage
        FROM enrollments e
        LEFT JOIN lesson_totals t ON t.course_id = e.course_id
        LEFT JOIN done d ON d.user_id = e.user_id AND d.course_id = e.course_id
      ),
      user_counts AS (
        SELECT count(*)::int AS total_users,
          (count(*) FILTER (WHERE is_active))::int AS active_users,
          (count(*) FILTER (WHERE role = 'superuser'))::int AS superusers,
          (count(*) FILTER (WHERE role = 'admin'))::int AS admins,
          (count(*) FILTER (WHERE role = 'company_admin'))::int AS company_admins,
          (count(*) FILTER (WHERE role = 'individual'))::int AS individuals
        FROM users
      ),
      enrollment_counts AS (
        SELECT count(*)::int AS total_enrollments,
          (count(*) FILTER (WHERE completed_at IS NOT NULL))::int AS completed_enrollments,
          avg(percentage)::float8 AS average_progress
        FROM enrollment_progress
      ),
      month_usage AS (
        SELECT coalesce(sum(requests), 0)::float8 AS month_messages,
          coalesce(sum(input_tokens + output_tokens), 0)::float8 AS month_tokens
        FROM ai_usage WHERE day >= date_trunc('month', CURRENT_DATE)::date
      )
      SELECT user_counts.*, enrollment_counts.*, month_usage.*,
        (SELECT count(*)::int FROM courses) AS total_courses,
        (SELECT count(*)::int FROM companies) AS total_companies
      FROM user_counts, enrollment_counts, month_usage
    `),
  );

  const daily = rowsOf<{ date: string; messages: number | string; tokens: number | string }>(
    await db.execute(sql`
      WITH days AS (SELECT (CURRENT_DATE - (29 - i))::date AS day FROM generate_series(0, 29) AS i)
      SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
        coalesce(sum(u.requests), 0)::float8 AS messages,
        coalesce(sum(u.input_tokens + u.output_tokens), 0)::float8 AS tokens
      FROM days LEFT JOIN ai_usage u ON u.day = days.day
      GROUP BY days.day
      ORDER BY days.day
    `),
  );

  const top = rowsOf<{ user_id: string; first_name: string; last_name: string; email: string; messages: number | string; tokens: number | string }>(
    await db.execute(sql`
      SELECT u.id AS user_id, u.first_name, u.last_name, u.email,
        sum(a.requests)::float8 AS messages,
        sum(a.input_tokens + a.output_tokens)::float8 AS tokens
      FROM ai_usage a JOIN users u ON u.id = a.user_id
      WHERE a.day >= date_trunc('month', CURRENT_DATE)::date
      GROUP BY u.id
      HAVING sum(a.requests) > 0 OR sum(a.input_tokens + a.output_tokens) > 0
      ORDER BY tokens DESC, messages DESC, u.email
      LIMIT 5
    `),
  );

  const c = counts!;
  const totalEnrollments = Number(c.total_enrollments);
  const completedEnrollments = Number(c.completed_enrollments);
  const totalUsers = Number(c.total_users);
  const activeUsers = Number(c.active_users);
  return {
    totalUsers,
    activeUsers,
    inactiveUsers: totalUsers - activeUsers,
    totalCourses: Number(c.total_courses),
    totalEnrollments,
    completedEnrollments,
    completionRate: totalEnrollments === 0 ? 0 : (100 * completedEnrollments) / totalEnrollments,
    averageProgress: c.average_progress === null ? 0 : Number(c.average_progress),
    totalCompanies: Number(c.total_companies),
    usersByRole: {
      superuser: Number(c.superusers),
      admin: Number(c.admins),
      company_admin: Number(c.company_admins),
      individual: Number(c.individuals),
    },
    assistant: {
      month: { messages: Number(c.month_messages), tokens: Number(c.month_tokens) },
      daily: daily.map((d) => ({ date: d.date, messages: Number(d.messages), tokens: Number(d.tokens) })),
      topUsers: top.map((t) => ({
        userId: t.user_id,
        name: `${t.first_name} ${t.last_name}`.trim(),
        email: t.email,
        messages: Number(t.messages),
        tokens: Number(t.tokens),
      })),
    },
  };
}
