import { eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { companies, companyInvitations, courses, productCourses, products } from '../../../db/schema';
import type { PeopleFilter } from '../../schemas/company';
import { env } from '../platform/env';
import { NotFoundError } from '../platform/errors';
import { type CursorValues, cursorCodec, PAGE_LIMIT_DEFAULT, type PageRequest } from '../platform/paging';
import { verificationUrl } from '../certificates/codes';
import { progressCtes } from '../statistics/progress-figures';
import { companyTexts } from './messages';
import { PACKAGE_PRODUCT, seatCounts, shownSeats } from './seats.service';
import { companyTrial } from './trials.service';

/** Callers have checked the manager's membership of this company. A person's notes and conversations are never read here. */

const INACTIVE_DAYS = 14;
const DAY_MS = 86_400_000;

export async function companyRow(db: Db, companyId: string) {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      orgNumber: companies.orgNumber,
      invoiceEmail: companies.invoiceEmail,
      invoiceAddress: companies.invoiceAddress,
      poReference: companies.poReference,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new NotFoundError(companyTexts.companyNotFound);
  return company;
}

export async function packageInfo(db: Db) {
  const rows = await db
    .select({ productTitle: products.title, courseId: courses.id, title: courses.title })
    .from(products)
    .leftJoin(productCourses, eq(productCourses.productId, products.id))
    .leftJoin(courses, eq(courses.id, productCourses.courseId))
    .where(eq(products.id, PACKAGE_PRODUCT))
    .orderBy(courses.orderIndex);
  return {
    productId: PACKAGE_PRODUCT,
    title: rows[0]?.productTitle ?? 'Nettbaserte Kurspakker',
    courses: rows.flatMap((r) => (r.courseId && r.title ? [{ id: r.courseId, title: r.title }] : [])),
  };
}

export async function companyOverview(db: Db, companyId: string) {
  const [company, seats, trial, pkg, [pending]] = await Promise.all([
    companyRow(db, companyId),
    seatCounts(db, companyId),
    companyTrial(db, companyId),
    packageInfo(db),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyInvitations)
      .where(
        sql`${companyInvitations.companyId} = ${companyId} AND ${companyInvitations.status} = 'pending' AND ${companyInvitations.expiresAt} > now()`,
      ),
  ]);
  return {
    company,
    seats: shownSeats(seats),
    trial,
    approval: { approved: seats.approved, seatLimit: env.COMPANY_UNAPPROVED_SEAT_LIMIT },
    package: pkg,
    invitationsPending: Number(pending?.n ?? 0),
  };
}

export type PersonStatus = 'not_started' | 'in_progress' | 'done';

export interface Person {
  seatId: string;
  userId: string;
  name: string;
  email: string;
  assignedAt: string;
  lastActivityAt: string | null;
  completedAt: string | null;
  progressPercent: number;
  status: PersonStatus;
  inactive: boolean;
  courses: { courseId: string; title: string; progressPercent: number; completedAt: string | null }[];
  certificates: { courseTitle: string; completedAt: string; verifyUrl: string }[];
}

interface PersonRow {
  seat_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  assigned_at: string | Date;
  last_activity: string | Date | null;
  completed_lessons: number;
  total_lessons: number;
  courses: { courseId: string; title: string; completed: number; total: number; completedAt: string | null }[] | string;
  certificates: { code: string; courseTitle: string; completedAt: string }[] | string;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** One statement however many people and courses (the bench checks the count). */
export async function companyPeople(db: Db, companyId: string, now = new Date()): Promise<Person[]> {
  const seatUsers = sql`SELECT user_id FROM company_seats WHERE company_id = ${companyId} AND revoked_at IS NULL`;
  const packageCourses = sql`SELECT course_id FROM product_courses WHERE product_id = ${PACKAGE_PRODUCT}`;
  const result = await db.execute(sql`
    WITH ${progressCtes({ users: seatUsers, courses: packageCourses })},
    pc AS (
      SELECT c.id AS course_id, c.title, c.order_index FROM product_courses p JOIN courses c ON c.id = p.course_id WHERE p.product_id = ${PACKAGE_PRODUCT}
    )
    SELECT s.id AS seat_id, s.user_id, u.first_name, u.last_name, u.email, s.assigned_at,
      max(d.last_activity) AS last_activity,
      coalesce(sum(d.completed), 0)::int AS completed_lessons,
      coalesce(sum(t.total), 0)::int AS total_lessons,
      coalesce(json_agg(json_build_object(
        'courseId', pc.course_id, 'title', pc.title, 'completed', coalesce(d.completed, 0), 'total', coalesce(t.total, 0),
        'completedAt', e.completed_at) ORDER BY pc.order_index, pc.course_id) FILTER (WHERE pc.course_id IS NOT NULL), '[]') AS courses,
      coalesce((SELECT json_agg(json_build_object('code', ce.code, 'courseTitle', ce.course_title, 'completedAt', ce.completed_at) ORDER BY ce.completed_at, ce.id)
        FROM certificates ce WHERE ce.user_id = s.user_id AND ce.revoked_at IS NULL), '[]') AS certificates
    FROM company_seats s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN pc ON TRUE
    LEFT JOIN lesson_totals t ON t.course_id = pc.course_id
    LEFT JOIN done d ON d.user_id = s.user_id AND d.course_id = pc.course_id
    LEFT JOIN enrollments e ON e.user_id = s.user_id AND e.course_id = pc.course_id
    WHERE s.company_id = ${companyId} AND s.revoked_at IS NULL
    GROUP BY s.id, s.user_id, u.first_name, u.last_name, u.email, s.assigned_at
    ORDER BY u.last_name, u.first_name, u.email`);
  const rows = (result as unknown as { rows: PersonRow[] }).rows;
  return rows.map((row) => {
    const courseRows = typeof row.courses === 'string' ? (JSON.parse(row.courses) as Exclude<PersonRow['courses'], string>) : row.courses;
    const certificateRows =
      typeof row.certificates === 'string' ? (JSON.parse(row.certificates) as Exclude<PersonRow['certificates'], string>) : row.certificates;
    const percent = (done: number, total: number) => (total > 0 ? Math.round((100 * done) / total) : 0);
    const progressPercent = percent(Number(row.completed_lessons), Number(row.total_lessons));
    const lastActivityAt = iso(row.last_activity);
    const allDone = courseRows.length > 0 && courseRows.every((c) => c.completedAt !== null || (c.total > 0 && c.completed >= c.total));
    const status: PersonStatus = allDone ? 'done' : lastActivityAt === null && progressPercent === 0 ? 'not_started' : 'in_progress';
    const since = new Date(lastActivityAt ?? row.assigned_at).getTime();
    const completedDates = courseRows.map((c) => c.completedAt).filter((d): d is string => d !== null);
    return {
      seatId: row.seat_id,
      userId: row.user_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      assignedAt: iso(row.assigned_at)!,
      lastActivityAt,
      completedAt: allDone && completedDates.length ? iso(completedDates.sort().at(-1)!) : null,
      progressPercent,
      status,
      inactive: status !== 'done' && now.getTime() - since >= INACTIVE_DAYS * DAY_MS,
      courses: courseRows.map((c) => ({
        courseId: c.courseId,
        title: c.title,
        progressPercent: c.completedAt ? 100 : percent(c.completed, c.total),
        completedAt: iso(c.completedAt),
      })),
      certificates: certificateRows.map((c) => ({
        courseTitle: c.courseTitle,
        completedAt: iso(c.completedAt)!,
        verifyUrl: verificationUrl(c.code),
      })),
    };
  });
}

export function filterPeople(people: Person[], filter: PeopleFilter) {
  const counts = {
    all: people.length,
    not_started: people.filter((p) => p.status === 'not_started').length,
    in_progress: people.filter((p) => p.status === 'in_progress').length,
    done: people.filter((p) => p.status === 'done').length,
    inactive: people.filter((p) => p.inactive).length,
  };
  const shown = filter === 'all' ? people : filter === 'inactive' ? people.filter((p) => p.inactive) : people.filter((p) => p.status === filter);
  return { people: shown, counts };
}

const statusLabels: Record<PersonStatus, string> = { not_started: 'Ikke startet', in_progress: 'I gang', done: 'Fullført' };

/** Semicolons and a BOM, as Excel in Norway expects. */
export function peopleCsv(people: Person[], courseTitles: string[]): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // A leading =, +, - or @ would be a formula in a spreadsheet (CSV injection).
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const date = (value: string | null) => (value ? value.slice(0, 10) : '');
  const header = ['Navn', 'E-post', 'Status', 'Fremdrift (%)', 'Sist aktiv', 'Fullført', 'Inaktiv 14 dager', ...courseTitles.map((t) => `${t} (%)`)];
  const lines = people.map((p) =>
    [
      p.name,
      p.email,
      statusLabels[p.status],
      p.progressPercent,
      date(p.lastActivityAt),
      date(p.completedAt),
      p.inactive ? 'Ja' : 'Nei',
      ...courseTitles.map((title) => p.courses.find((c) => c.title === title)?.progressPercent ?? 0),
    ]
      .map(cell)
      .join(';'),
  );
  return `\uFEFF${[header.map(cell).join(';'), ...lines].join('\r\n')}\r\n`;
}

/** Seat changes clear the view at once. */
export const VIEW_MAX_AGE_SECONDS = 60;

export const peopleCursor = cursorCodec('p', ['position'] as const);

const filterCondition = (filter: PeopleFilter) =>
  filter === 'all' ? sql`TRUE` : filter === 'inactive' ? sql`v.inactive` : sql`v.status = ${filter}`;

const REFRESH_CLAIM_SECONDS = 30;

interface ViewRead {
  counts: string;
  fresh: boolean;
  claimed: boolean;
  people: string;
  fetched: number;
  last: number | null;
}

/** The claim lasts REFRESH_CLAIM_SECONDS, so only one request recomputes a stale view. */
async function readView(db: Db, companyId: string, filter: PeopleFilter, after: number, limit: number, now: Date): Promise<ViewRead | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const freshAfter = sql`${at} - make_interval(secs => ${VIEW_MAX_AGE_SECONDS})`;
  const read = await db.execute(sql`
    WITH claim AS (
      UPDATE company_view_snapshots SET refreshing_until = ${at} + make_interval(secs => ${REFRESH_CLAIM_SECONDS})
      WHERE company_id = ${companyId} AND computed_at <= ${freshAfter} AND (refreshing_until IS NULL OR refreshing_until < ${at})
      RETURNING 1
    ), fetched AS (
      SELECT v.position, v.person FROM company_view_people v
      WHERE v.company_id = ${companyId} AND v.position > ${after} AND ${filterCondition(filter)}
      ORDER BY v.position LIMIT ${limit + 1}
    ), shown AS (SELECT * FROM fetched ORDER BY position LIMIT ${limit})
    SELECT s.counts, s.computed_at > ${freshAfter} AS fresh, EXISTS (SELECT 1 FROM claim) AS claimed,
      coalesce((SELECT string_agg(person, ',' ORDER BY position) FROM shown), '') AS people,
      (SELECT count(*) FROM fetched)::int AS fetched,
      (SELECT max(position) FROM shown) AS last
    FROM company_view_snapshots s
    WHERE s.company_id = ${companyId}`);
  return (read as unknown as { rows: ViewRead[] }).rows[0];
}

const pageBody = (read: ViewRead, limit: number) => {
  const nextCursor = Number(read.fetched) > limit && read.last !== null ? peopleCursor.encode([Number(read.last)]) : null;
  return { body: `{"people":[${read.people}],"counts":${read.counts},"nextCursor":${JSON.stringify(nextCursor)}}`, nextCursor };
};

/**
 * A stale view is recomputed by the one request that claims it while others answer from the old one; a missing view is
 * computed under a per-company lock that concurrent requests wait on, so a burst computes it once.
 */
export async function companyPeoplePage(
  db: Db,
  companyId: string,
  filter: PeopleFilter,
  page: PageRequest<CursorValues<readonly ['position']>> = {},
  now = new Date(),
): Promise<{ body: string; nextCursor: string | null }> {
  const limit = page.limit ?? PAGE_LIMIT_DEFAULT;
  const after = page.cursor?.[0] ?? 0;
  const read = await readView(db, companyId, filter, after, limit, now);
  if (read && !read.claimed) return pageBody(read, limit);

  const people = read
    ? await computeAndStore(db, companyId, now)
    : await atomically(db, async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`company_view:${companyId}`}, 0))`);
        const meanwhile = await readView(tx, companyId, filter, after, limit, now);
        if (meanwhile && meanwhile.fresh) return meanwhile;
        return computeAndStore(tx, companyId, now);
      });
  if (!Array.isArray(people)) return pageBody(people, limit);

  const { counts } = filterPeople(people, 'all');
  const matching = filterPeople(people, filter)
    .people.map((person) => ({ person, position: people.indexOf(person) + 1 }))
    .filter((p) => p.position > after);
  const shown = matching.slice(0, limit);
  const nextCursor = matching.length > limit ? peopleCursor.encode([shown.at(-1)!.position]) : null;
  return { body: JSON.stringify({ people: shown.map((p) => p.person), counts, nextCursor }), nextCursor };
}

async function computeAndStore(db: Db, companyId: string, now: Date): Promise<Person[]> {
  const people = await companyPeople(db, companyId, now);
  await storeCompanyView(db, companyId, people, filterPeople(people, 'all').counts, now);
  return people;
}

/** The snapshot row is written first, so two requests that both compute the view write one after the other. */
async function storeCompanyView(db: Db, companyId: string, people: Person[], counts: Record<string, number>, now: Date) {
  const texts = JSON.stringify(people.map((person) => JSON.stringify(person)));
  await db.execute(sql`
    WITH head AS (
      INSERT INTO company_view_snapshots (company_id, computed_at, counts)
      VALUES (${companyId}, ${now.toISOString()}::timestamptz, ${JSON.stringify(counts)})
      ON CONFLICT (company_id) DO UPDATE SET computed_at = excluded.computed_at, counts = excluded.counts, refreshing_until = NULL
      RETURNING company_id
    ), beyond AS (
      DELETE FROM company_view_people WHERE company_id = ${companyId} AND position > ${people.length}
    )
    INSERT INTO company_view_people (company_id, position, user_id, status, inactive, person)
    SELECT head.company_id, x.n, (x.p::json->>'userId')::uuid, x.p::json->>'status', (x.p::json->>'inactive')::boolean, x.p
    FROM head, json_array_elements_text(${texts}::json) WITH ORDINALITY AS x(p, n)
    ON CONFLICT (company_id, position) DO UPDATE
      SET user_id = excluded.user_id, status = excluded.status, inactive = excluded.inactive, person = excluded.person`);
}

export async function allCompanyPeople(db: Db, companyId: string, now = new Date()): Promise<Person[]> {
  const read = await db.execute(sql`
    SELECT coalesce((SELECT string_agg(v.person, ',' ORDER BY v.position) FROM company_view_people v WHERE v.company_id = s.company_id), '') AS people
    FROM company_view_snapshots s
    WHERE s.company_id = ${companyId} AND s.computed_at > ${now.toISOString()}::timestamptz - make_interval(secs => ${VIEW_MAX_AGE_SECONDS})`);
  const hit = (read as unknown as { rows: { people: string }[] }).rows[0];
  if (hit) return JSON.parse(`[${hit.people}]`) as Person[];
  return computeAndStore(db, companyId, now);
}
