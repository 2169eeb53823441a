import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { certificates, contentAuditLog, coupons, courses, lessons, modules, userAuditLog, users, videos } from '../../../db/schema';
import type { AuditAction } from '../../schemas/admin';
import type { AdminAuditEntry, AdminAuditPage, AuditFields, ContentAuditAction, ContentAuditTarget } from '../../schemas/audit';
import { cursorCodec, type CursorValues, type PageRequest, toPage } from '../platform/paging';

/** One statement per page: each log gives its newest `limit + 1` rows before the cursor, and only those get their joins. */

export const AUDIT_PAGE_DEFAULT = 20;

const AUDIT_KEY = ['time', 'uuid'] as const;
export const auditCursor = cursorCodec('audit', AUDIT_KEY);

interface Row {
  source: 'content' | 'user';
  id: string;
  /** The cursor's time, as text: a JS Date would lose the microseconds. */
  at: string;
  action: string;
  target_type: string;
  target_id: string;
  /** jsonb as text, parsed here, so every driver gives the same. */
  before: string | null;
  after: string | null;
  from_value: string | null;
  to_value: string | null;
  actor_id: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_email: string | null;
  target_label: string | null;
  target_course: string | null;
}

const UUID_TEXT = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

export async function auditTimeline(db: Db, request: PageRequest<CursorValues<typeof AUDIT_KEY>>): Promise<AdminAuditPage> {
  const limit = request.limit ?? AUDIT_PAGE_DEFAULT;
  const cursor = request.cursor;
  const olderThan = (alias: string) =>
    cursor ? sql`WHERE (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)` : sql``;
  const result = await db.execute(sql`
    SELECT p.source, p.id::text AS id,
      to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
      p.action, p.target_type, p.target_id, p.before::text AS before, p.after::text AS after, p.from_value, p.to_value,
      actor.id::text AS actor_id, actor.first_name AS actor_first_name, actor.last_name AS actor_last_name, actor.email AS actor_email,
      coalesce(c.title, m.title, l.title, v.title, nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email,
        ce.learner_name || ' – ' || ce.course_title, co.code,
        p.after ->> 'title', p.before ->> 'title') AS target_label,
      coalesce(mc.title, lc.title) AS target_course
    FROM (
      (SELECT 'content' AS source, a.id, a.created_at, a.actor_id, a.action, a.target_type, a.target_id,
          CASE WHEN a.target_id ~ ${UUID_TEXT} THEN a.target_id::uuid END AS target_uuid,
          a.before, a.after, NULL::text AS from_value, NULL::text AS to_value
        FROM ${contentAuditLog} a ${olderThan('a')}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit + 1})
      UNION ALL
      (SELECT 'user', ua.id, ua.created_at, ua.actor_id, ua.action::text, 'user', ua.user_id::text, ua.user_id,
          NULL::jsonb, NULL::jsonb, ua.from_value, ua.to_value
        FROM ${userAuditLog} ua ${olderThan('ua')}
        ORDER BY ua.created_at DESC, ua.id DESC LIMIT ${limit + 1})
      ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}
    ) p
    LEFT JOIN ${users} actor ON actor.id = p.actor_id
    LEFT JOIN ${courses} c ON p.target_type = 'course' AND c.id = p.target_id
    LEFT JOIN ${modules} m ON p.target_type = 'module' AND m.id = p.target_uuid
    LEFT JOIN ${courses} mc ON mc.id = m.course_id
    LEFT JOIN ${lessons} l ON p.target_type = 'lesson' AND l.id = p.target_uuid
    LEFT JOIN ${modules} lm ON lm.id = l.module_id
    LEFT JOIN ${courses} lc ON lc.id = lm.course_id
    LEFT JOIN ${videos} v ON p.target_type = 'video' AND v.id = p.target_uuid
    LEFT JOIN ${users} u ON p.target_type = 'user' AND u.id = p.target_uuid
    LEFT JOIN ${certificates} ce ON p.target_type = 'certificate' AND ce.id = p.target_uuid
    LEFT JOIN ${coupons} co ON p.target_type = 'coupon' AND co.id = p.target_uuid
    ORDER BY p.created_at DESC, p.id DESC`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const page = toPage(rows, { limit }, entryOf, (row) => auditCursor.encode([row.at, row.id]));
  return { entries: page.items, nextCursor: page.nextCursor };
}

const parsed = (json: string | null): AuditFields | null => (json === null ? null : (JSON.parse(json) as AuditFields));

function userChange(action: AuditAction, from: string | null, to: string | null): Pick<AdminAuditEntry, 'before' | 'after'> {
  if (action === 'deactivated' || action === 'reactivated') {
    const active = (value: string | null) => (value === null ? null : value === 'true');
    return { before: { isActive: active(from) }, after: { isActive: active(to) } };
  }
  if (action === 'email_changed') return { before: { email: from }, after: { email: to } };
  if (action === 'password_set') return { before: null, after: null };
  return { before: action === 'created' ? null : { role: from }, after: { role: to } };
}

function entryOf(row: Row): AdminAuditEntry {
  const actor =
    row.actor_id === null
      ? null
      : { id: row.actor_id, name: `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim(), email: row.actor_email ?? '' };
  const base = { id: row.id, createdAt: new Date(`${row.at.slice(0, 23)}Z`).toISOString(), actor };
  const target = { id: row.target_id, label: row.target_label, course: row.target_course };
  if (row.source === 'user') {
    const action = row.action as AuditAction;
    return {
      ...base,
      source: 'user',
      action: `user.${action}`,
      target: { ...target, type: 'user' },
      ...userChange(action, row.from_value, row.to_value),
    };
  }
  return {
    ...base,
    source: 'content',
    action: row.action as ContentAuditAction,
    target: { ...target, type: row.target_type as ContentAuditTarget },
    before: parsed(row.before),
    after: parsed(row.after),
  };
}
