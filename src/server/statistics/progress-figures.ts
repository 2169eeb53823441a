import { type SQL, sql } from 'drizzle-orm';

/** A course's progress is completed ÷ lessons; `scope` narrows both CTEs. */
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
