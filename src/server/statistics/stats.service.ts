import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AdminStatistics } from '../../schemas/admin';
import { progressCtes } from './progress-figures';

/** Served from a snapshot: the aggregation's cost grows with the data, so a burst of requests must not start a burst of them. */
// "This month" and "today" are the database's CURRENT_DATE, the clock that stamps ai_usage.day.

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
  month_questions: number | string;
  month_model_answers: number | string;
  month_tokens: number | string;
}

type Figures = Omit<AdminStatistics, 'computedAt'>;

function answered(questions: number | string, modelAnswers: number | string, tokens: number | string) {
  const asked = Number(questions);
  const byModel = Math.min(asked, Number(modelAnswers));
  return { questions: asked, offlineAnswers: asked - byModel, modelAnswers: byModel, tokens: Number(tokens) };
}

async function computeStatistics(db: Db): Promise<Figures> {
  const [counts] = rowsOf<CountsRow>(
    await db.execute(sql`
      WITH ${progressCtes()},
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
        SELECT coalesce(sum(requests), 0)::float8 AS month_questions,
          coalesce(sum(least(model_answers, requests)), 0)::float8 AS month_model_answers,
          coalesce(sum(input_tokens + output_tokens), 0)::float8 AS month_tokens
        FROM ai_usage WHERE day >= date_trunc('month', CURRENT_DATE)::date
      )
      SELECT user_counts.*, enrollment_counts.*, month_usage.*,
        (SELECT count(*)::int FROM courses) AS total_courses,
        (SELECT count(*)::int FROM companies) AS total_companies
      FROM user_counts, enrollment_counts, month_usage
    `),
  );

  const daily = rowsOf<{ date: string; questions: number | string; model_answers: number | string; tokens: number | string }>(
    await db.execute(sql`
      WITH days AS (SELECT (CURRENT_DATE - (29 - i))::date AS day FROM generate_series(0, 29) AS i)
      SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
        coalesce(sum(u.requests), 0)::float8 AS questions,
        coalesce(sum(least(u.model_answers, u.requests)), 0)::float8 AS model_answers,
        coalesce(sum(u.input_tokens + u.output_tokens), 0)::float8 AS tokens
      FROM days LEFT JOIN ai_usage u ON u.day = days.day
      GROUP BY days.day
      ORDER BY days.day
    `),
  );

  const top = rowsOf<{ user_id: string; first_name: string; last_name: string; email: string; questions: number | string; tokens: number | string }>(
    await db.execute(sql`
      SELECT u.id AS user_id, u.first_name, u.last_name, u.email,
        sum(a.requests)::float8 AS questions,
        sum(a.input_tokens + a.output_tokens)::float8 AS tokens
      FROM ai_usage a JOIN users u ON u.id = a.user_id
      WHERE a.day >= date_trunc('month', CURRENT_DATE)::date
      GROUP BY u.id
      HAVING sum(a.requests) > 0 OR sum(a.input_tokens + a.output_tokens) > 0
      ORDER BY questions DESC, tokens DESC, u.email
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
      month: answered(c.month_questions, c.month_model_answers, c.month_tokens),
      daily: daily.map((d) => ({ date: d.date, ...answered(d.questions, d.model_answers, d.tokens) })),
      topUsers: top.map((t) => ({
        userId: t.user_id,
        name: `${t.first_name} ${t.last_name}`.trim(),
        email: t.email,
        questions: Number(t.questions),
        tokens: Number(t.tokens),
      })),
    },
  };
}

const REFRESH_CLAIM_SECONDS = 30;

export interface StatisticsOptions {
  /** Seconds; 0 computes every time. */
  maxAgeSeconds: number;
  fresh?: boolean;
}

export async function adminStatistics(db: Db, { maxAgeSeconds, fresh = false }: StatisticsOptions): Promise<AdminStatistics> {
  if (maxAgeSeconds > 0 && !fresh) {
    const [snapshot] = rowsOf<{ data: Figures; computed_at: Date | string; claimed: boolean }>(
      await db.execute(sql`
        WITH claim AS (
          UPDATE admin_statistics_snapshot
          SET refreshing_until = now() + make_interval(secs => ${REFRESH_CLAIM_SECONDS})
          WHERE id = 1
            AND computed_at < now() - make_interval(secs => ${maxAgeSeconds})
            AND (refreshing_until IS NULL OR refreshing_until < now())
          RETURNING id
        )
        SELECT s.data, s.computed_at, EXISTS (SELECT 1 FROM claim) AS claimed
        FROM admin_statistics_snapshot s WHERE s.id = 1
      `),
    );
    if (snapshot && !snapshot.claimed) return { ...snapshot.data, computedAt: new Date(snapshot.computed_at).toISOString() };
  }
  const figures = await computeStatistics(db);
  const [stored] = rowsOf<{ computed_at: Date | string }>(
    await db.execute(sql`
      INSERT INTO admin_statistics_snapshot (id, data, computed_at, refreshing_until)
      VALUES (1, ${JSON.stringify(figures)}::jsonb, now(), NULL)
      ON CONFLICT (id) DO UPDATE SET data = excluded.data, computed_at = excluded.computed_at, refreshing_until = NULL
      RETURNING computed_at
    `),
  );
  return { ...figures, computedAt: new Date(stored!.computed_at).toISOString() };
}
