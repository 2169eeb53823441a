import { type SQL, sql } from 'drizzle-orm';

/**
 * The progress figures' SQL, one definition for the superuser's statistics (stats.service.ts)
 * and the company manager's view (company/company.service.ts, issue 24): lessons per course, and
 * per learner and course the lessons completed and the last activity. A course's progress is
 * completed ÷ lessons; `scope` narrows both CTEs (a company's people and its package's courses).
 */
export function progressCtes(scope: { users?: SQL; courses?: SQL } = {}): SQL {
  const courseFilter = scope.courses ? sql`WHERE m.course_id IN (${scope.courses})` : sql``;
  const doneFilter = [
    sql`TRUE`,
    scope.users ? sql`lp.user_id IN (${scope.users})` : null,
    scope.courses ? sql`m.course_id IN (${scope.courses})` : null,
  ].filter((part): part is SQL => part !== null);
  return sql`
    lesson_totals AS (
      SELECT m.course_id, count(l.id)::int AS total
      FROM modules m JOIN lessons l ON l.module_id = m.id
      ${courseFilter}
      GROUP BY m.course_id
    ),
    done AS (
      SELECT lp.user_id, m.course_id, (count(*) FILTER (WHERE lp.completed))::int AS completed, max(lp.updated_at) AS last_activity
      FROM lesson_progress lp JOIN lessons l ON l.id = lp.lesson_id JOIN modules m ON m.id = l.module_id
      WHERE ${sql.join(doneFilter, sql` AND `)}
      GROUP BY lp.user_id, m.course_id
    )`;
}
