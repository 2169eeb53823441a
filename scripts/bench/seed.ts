// Learners and their sessions are inserted in SQL because the sign-in throttle allows ten sign-ups an hour per address.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** Per user: two bought enrollments (so the entitlements open them), five completed lessons, two notes, one conversation of four messages. */
export const PER_USER = { enrollments: 2, progress: 5, notes: 2, conversations: 1, messages: 4, auditEntries: 2 };
const NOT_A_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$bm90LWEtcmVhbC1oYXNoLWJlbmNoLW9ubHktdXNlcnM';

export interface Fixture {
  courseIds: [string, string];
  videoLessonId: string;
  /** A lesson that is not a video (completing it needs no watching). */
  taskLessonId: string;
  /** A second video lesson of the same course, where the load writes its notes. */
  noteLessonId: string;
  learners: { userId: string; cookie: string; conversationId: string }[];
  adminCookie: string;
  /** The manager of a company of COMPANY_PEOPLE people holding seats, with progress. */
  companyAdminCookie: string;
  companyId: string;
  invitationId: string;
}

export const COMPANY_PEOPLE = 500;

const rows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

function base32(bytes: Buffer): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** A session as createSession makes it: `<id>.<secret>`, the database keeping SHA-256(secret). */
export function newSession(userId: string) {
  const id = base32(randomBytes(20));
  const secret = base32(randomBytes(20));
  return {
    row: { id, secretHash: createHash('sha256').update(secret).digest('hex'), userId, expiresAt: new Date(Date.now() + 20 * 86_400_000) },
    cookie: `session=${id}.${secret}`,
  };
}

export async function addUsers(db: Db, run: string, from: number, to: number, courseIds: [string, string]): Promise<void> {
  if (to <= from) return;
  const batch = sql.raw(
    `(select id from users where email like 'bench-${run}-%' and split_part(split_part(email, '-', 3), '@', 1)::int >= ${from} and split_part(split_part(email, '-', 3), '@', 1)::int < ${to})`,
  );
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, role)
    select 'bench-' || ${run} || '-' || g || '@bench.invalid', ${NOT_A_HASH}, 'Bench', 'Elev ' || g, 'individual'
    from generate_series(${from}::int, ${to - 1}::int) g`);
  await db.execute(sql`
    insert into sessions (id, secret_hash, user_id, expires_at)
    select md5(u.id::text || 'session'), md5(u.id::text), u.id, now() + interval '20 days' from ${batch} u`);
  await db.execute(sql`
    insert into enrollments (user_id, course_id, source)
    select u.id, c.id, 'purchase' from ${batch} u cross join (select id from courses where id in ${courseIds}) c`);
  await db.execute(sql`
    insert into lesson_progress (user_id, lesson_id, completed, completed_at)
    select u.id, l.id, true, now() from ${batch} u cross join (
      select l.id from lessons l join modules m on m.id = l.module_id
      where m.course_id = ${courseIds[0]} and l.type <> 'video'
      order by m.order_index, l.order_index limit ${PER_USER.progress}) l`);
  await db.execute(sql`
    insert into video_notes (user_id, lesson_id, timestamp_seconds, note_text)
    select u.id, l.id, k * 10, 'Notat ' || k from ${batch} u cross join generate_series(1, ${PER_USER.notes}::int) k cross join (
      select l.id from lessons l join modules m on m.id = l.module_id
      where m.course_id = ${courseIds[0]} and l.type = 'video' order by m.order_index, l.order_index limit 1) l`);
  await db.execute(sql`
    insert into chat_conversations (user_id, title, course_id) select u.id, 'Bench', ${courseIds[0]} from ${batch} u`);
  await db.execute(sql`
    insert into chat_messages (conversation_id, role, content)
    select cc.id, (case when k % 2 = 1 then 'user' else 'assistant' end)::chat_role, 'Melding ' || k
    from chat_conversations cc join ${batch} u on u.id = cc.user_id cross join generate_series(1, ${PER_USER.messages}::int) k`);
  // The change timeline grows with the data: content entries and a user entry per user (GET /api/admin/audit).
  await db.execute(sql`
    insert into content_audit_log (actor_id, action, target_type, target_id, before, after)
    select u.id, 'lesson.update', 'lesson', l.id::text, jsonb_build_object('title', 'Før ' || k), jsonb_build_object('title', 'Etter ' || k)
    from ${batch} u cross join generate_series(1, ${PER_USER.auditEntries}::int) k cross join (
      select l.id from lessons l join modules m on m.id = l.module_id
      where m.course_id = ${courseIds[0]} order by m.order_index, l.order_index limit 1) l`);
  await db.execute(sql`
    insert into user_audit_log (user_id, actor_id, action, from_value, to_value) select u.id, null, 'created', null, 'individual' from ${batch} u`);
  await db.execute(sql`delete from admin_statistics_snapshot`);
  await db.execute(sql.raw('analyze'));
}

export async function prepareFixture(db: Db, run: string, learners: number): Promise<Fixture> {
  const courses = rows<{ id: string }>(await db.execute(sql`select id from courses order by order_index, id limit 2`));
  if (courses.length < 2) throw new Error('The catalogue has fewer than two courses: is the database seeded?');
  const courseIds: [string, string] = [courses[0]!.id, courses[1]!.id];
  const lessonOf = async (video: boolean, offset = 0) =>
    rows<{ id: string }>(
      await db.execute(sql`
        select l.id from lessons l join modules m on m.id = l.module_id
        where m.course_id = ${courseIds[0]} and (l.type = 'video') = ${video}
        order by m.order_index, l.order_index limit 1 offset ${offset}`),
    )[0]?.id;
  const videoLessonId = await lessonOf(true);
  const taskLessonId = await lessonOf(false);
  // The load's new notes go to another video, so the notes list it reads holds only each learner's seeded notes.
  const noteLessonId = await lessonOf(true, 1);
  if (!videoLessonId || !taskLessonId || !noteLessonId) throw new Error(`Course ${courseIds[0]} needs two video lessons and another lesson`);

  await addUsers(db, run, 0, learners, courseIds);
  const users = rows<{ id: string; conversation_id: string }>(
    await db.execute(sql`
      select u.id, cc.id as conversation_id from users u join chat_conversations cc on cc.user_id = u.id
      where u.email like ${`bench-${run}-%`} and split_part(split_part(u.email, '-', 3), '@', 1)::int < ${learners}`),
  );
  const made = users.map((u) => ({ user: u, session: newSession(u.id) }));
  await db.insert(sessions).values(made.map((m) => m.session.row));

  // A superuser: the statistics and the change timeline the bench reads are for superusers only (admins get 403).
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, role)
    values (${`bench-admin-${run}@bench.invalid`}, ${NOT_A_HASH}, 'Bench', 'Admin', 'superuser')`);
  const [admin] = rows<{ id: string }>(await db.execute(sql`select id from users where email = ${`bench-admin-${run}@bench.invalid`}`));
  const adminSession = newSession(admin!.id);
  await db.insert(sessions).values(adminSession.row);

  const { cookie: companyAdminCookie, companyId, invitationId } = await prepareCompany(db, run);

  return {
    companyAdminCookie,
    companyId,
    invitationId,
    courseIds,
    videoLessonId,
    taskLessonId,
    noteLessonId,
    learners: made.map((m) => ({ userId: m.user.id, cookie: m.session.cookie, conversationId: m.user.conversation_id })),
    adminCookie: adminSession.cookie,
  };
}

/** Approved, so that all its invoice seats can be used; made in SQL like the learners. */
async function prepareCompany(db: Db, run: string): Promise<{ cookie: string; companyId: string; invitationId: string }> {
  const [company] = rows<{ id: string }>(
    await db.execute(sql`insert into companies (name, org_number, approved_at) values (${`Bench ${run} AS`}, '974760673', now()) returning id`),
  );
  const companyId = company!.id;
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, role, email_verified_at)
    values (${`bench-company-admin-${run}@bench.invalid`}, ${NOT_A_HASH}, 'Bench', 'Leder', 'company_admin', now())`);
  const [admin] = rows<{ id: string }>(await db.execute(sql`select id from users where email = ${`bench-company-admin-${run}@bench.invalid`}`));
  await db.execute(
    sql`insert into company_memberships (company_id, user_id, role, added_by) values (${companyId}, ${admin!.id}, 'manager', ${admin!.id})`,
  );
  await db.execute(sql`
    insert into orders (reference, user_id, buyer_first_name, buyer_last_name, buyer_email, product_id, company_id, title, quantity,
      list_price_ore, total_ore, vat, vat_rate_bp, vat_ore, provider, status, consent_version, consent_text, consent_at, idempotency_key, expires_at)
    values (${`ka-bench-${run}`}, ${admin!.id}, 'Bench', 'Leder', ${`bench-company-admin-${run}@bench.invalid`}, 'package:nettbasert-pakke', ${companyId},
      'Nettbaserte Kurspakker', ${COMPANY_PEOPLE}, ${299_000 * COMPANY_PEOPLE}, ${299_000 * COMPANY_PEOPLE}, 'standard_25', 2500, ${(299_000 * COMPANY_PEOPLE) / 5},
      'invoice', 'invoiced', 'bedrift', 'Kjøp til bedrift', now(), gen_random_uuid()::text, now() + interval '14 days')`);
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, role)
    select 'bench-ansatt-' || ${run} || '-' || i || '@bench.invalid', ${NOT_A_HASH}, 'Ansatt', 'Nummer ' || i, 'individual'
    from generate_series(1, ${COMPANY_PEOPLE}) as i`);
  const people = sql`(select id from users where email like ${`bench-ansatt-${run}-%`})`;
  await db.execute(sql`
    insert into company_seats (company_id, user_id, product_id) select ${companyId}, id, 'package:nettbasert-pakke' from ${people} as p`);
  await db.execute(sql`
    insert into company_memberships (company_id, user_id, role, added_by) select ${companyId}, id, 'member', ${admin!.id} from ${people} as p`);
  await db.execute(sql`
    insert into enrollments (user_id, course_id, source, source_ref)
    select s.user_id, pc.course_id, 'seat', s.id::text from company_seats s cross join product_courses pc
    where s.company_id = ${companyId} and pc.product_id = 'package:nettbasert-pakke'
    on conflict do nothing`);
  await db.execute(sql`
    insert into lesson_progress (user_id, lesson_id, completed, completed_at)
    select p.id, l.id, true, now() from ${people} as p
    cross join lateral (select l.id from lessons l join modules m on m.id = l.module_id join product_courses pc on pc.course_id = m.course_id
      where pc.product_id = 'package:nettbasert-pakke' order by m.course_id, m.order_index, l.order_index limit 4) as l
    where (select count(*) from users u where u.email like ${`bench-ansatt-${run}-%`} and u.email <= (select email from users where id = p.id)) % 3 = 0
    on conflict do nothing`);
  const [invitation] = rows<{ id: string }>(
    await db.execute(sql`
      insert into company_invitations (company_id, email, token_hash, invited_by, expires_at)
      values (${companyId}, ${`bench-invitert-${run}@bench.invalid`}, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), ${admin!.id}, now() + interval '14 days')
      returning id`),
  );
  const session = newSession(admin!.id);
  await db.insert(sessions).values(session.row);
  return { cookie: session.cookie, companyId, invitationId: invitation!.id };
}

export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const [row] = rows<Record<string, string>>(
    await db.execute(sql`select
      (select count(*) from users) as users, (select count(*) from sessions) as sessions,
      (select count(*) from enrollments) as enrollments, (select count(*) from lesson_progress) as progress,
      (select count(*) from video_notes) as notes, (select count(*) from chat_messages) as messages,
      (select count(*) from content_audit_log) + (select count(*) from user_audit_log) as audit`),
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

/** A company of the take-back runs: its signed-in manager (a verified address: an invoice needs one). */
export interface SeatCompany {
  companyId: string;
  managerId: string;
  cookie: string;
}

/** Not approved: paying for seats approves a company. */
export async function seatCompanies(db: Db, run: string, tag: string, count: number): Promise<SeatCompany[]> {
  const made: SeatCompany[] = [];
  for (let i = 1; i <= count; i++) {
    const [company] = rows<{ id: string }>(
      await db.execute(sql`insert into companies (name, org_number) values (${`Bench ${run} ${tag} ${i} AS`}, '974760673') returning id`),
    );
    const [manager] = rows<{ id: string }>(
      await db.execute(sql`
        insert into users (email, password_hash, first_name, last_name, role, email_verified_at)
        values (${`bench-leder-${run}-${tag}-${i}@bench.invalid`}, ${NOT_A_HASH}, 'Bench', ${`Leder ${i}`}, 'company_admin', now())
        returning id`),
    );
    await db.execute(
      sql`insert into company_memberships (company_id, user_id, role, added_by) values (${company!.id}, ${manager!.id}, 'manager', ${manager!.id})`,
    );
    const session = newSession(manager!.id);
    await db.insert(sessions).values(session.row);
    made.push({ companyId: company!.id, managerId: manager!.id, cookie: session.cookie });
  }
  return made;
}

/** One a minute apart, so that "the newest seats first" is well defined. */
export async function seatPeople(db: Db, run: string, tag: string, companyIds: string[], perCompany: number): Promise<void> {
  for (const [n, companyId] of companyIds.entries()) {
    const prefix = `bench-plass-${run}-${tag}-${n}-`;
    await db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, role)
      select ${prefix} || k || '@bench.invalid', ${NOT_A_HASH}, 'Plass', 'Nummer ' || k, 'individual' from generate_series(1, ${perCompany}::int) k`);
    const people = sql`(select id, split_part(last_name, ' ', 2)::int as k from users where email like ${`${prefix}%`})`;
    await db.execute(sql`
      insert into company_seats (company_id, user_id, product_id, assigned_at)
      select ${companyId}, p.id, 'package:nettbasert-pakke', now() - make_interval(mins => ${perCompany}::int - p.k) from ${people} as p`);
    await db.execute(sql`
      insert into company_memberships (company_id, user_id, role) select ${companyId}, p.id, 'member' from ${people} as p`);
    await db.execute(sql`
      insert into enrollments (user_id, course_id, source, source_ref)
      select s.user_id, pc.course_id, 'seat', s.id::text from company_seats s cross join product_courses pc
      where s.company_id = ${companyId} and s.revoked_at is null and pc.product_id = 'package:nettbasert-pakke'
      on conflict do nothing`);
  }
  await db.execute(sql`delete from company_view_snapshots where company_id in ${companyIds}`);
}

export async function trialStarters(db: Db, run: string, tag: string, count: number): Promise<string[]> {
  const prefix = `bench-prove-${run}-${tag}-`;
  const made = rows<{ id: string }>(
    await db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, role, email_verified_at)
      select ${prefix} || k || '@bench.invalid', ${NOT_A_HASH}, 'Prøve', 'Nummer ' || k, 'individual', now() from generate_series(1, ${count}::int) k
      returning id`),
  );
  const sessionsMade = made.map((u) => newSession(u.id));
  for (let i = 0; i < sessionsMade.length; i += 500) await db.insert(sessions).values(sessionsMade.slice(i, i + 500).map((s) => s.row));
  return sessionsMade.map((s) => s.cookie);
}
