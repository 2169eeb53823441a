import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { certificates, courses, users } from '../../../db/schema';
import { site } from '../../config/site';
import type { AdminCertificate, CertificateVerification, MyCertificate } from '../../schemas/certificates';
import { auditUpdate } from '../admin/content-audit.service';
import { ConflictError, NotFoundError, ThrottledError } from '../platform/errors';
import type { SessionUser } from '../auth/session';
import { policies, release, reserve } from '../platform/throttle';
import { formatCode, linkedInAddUrl, newCertificateCode, normalizeCode, verificationUrl } from './codes';
import { osloYearMonth } from '../../lib/format';

export const certificateTexts = {
  notFound: 'Fant ikke kursbeviset.',
  alreadyRevoked: 'Kursbeviset er allerede trukket tilbake.',
  revoked: 'Kursbeviset er trukket tilbake og kan ikke lastes ned.',
  throttled: 'Du har slått opp mange ukjente koder. Vent litt og prøv igjen.',
} as const;

/** In the caller's transaction; the unique index keeps one per learner and course, so completing again keeps the first. */
export async function issueCertificate(tx: Db, userId: string, courseId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${certificates} (code, user_id, course_id, learner_name, course_title, course_hours, completed_at)
    SELECT ${newCertificateCode()}, u.id, c.id, btrim(u.first_name || ' ' || u.last_name), c.title, c.duration, coalesce(e.completed_at, now())
    FROM ${users} u
    JOIN ${courses} c ON c.id = ${courseId}
    LEFT JOIN enrollments e ON e.user_id = u.id AND e.course_id = c.id
    WHERE u.id = ${userId}
    ON CONFLICT DO NOTHING`);
}

type CertificateRow = typeof certificates.$inferSelect;

function osloMonth(date: Date): Date {
  const { year, month } = osloYearMonth(date);
  return new Date(Date.UTC(year, month - 1, 15));
}

export function myCertificate(row: CertificateRow): MyCertificate {
  return {
    id: row.id,
    code: formatCode(row.code),
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    courseHours: row.courseHours,
    learnerName: row.learnerName,
    completedAt: row.completedAt.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    verifyUrl: verificationUrl(row.code),
    pdfPath: `/api/certificates/${row.id}/pdf`,
    linkedInUrl: linkedInAddUrl({ courseTitle: row.courseTitle, issuer: site.productName, issuedAt: osloMonth(row.completedAt), code: row.code }),
  };
}

export async function listMyCertificates(db: Db, userId: string): Promise<MyCertificate[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.completedAt), desc(certificates.id));
  return rows.map(myCertificate);
}

/** 404 for anyone but its learner or a superuser, as if it did not exist. */
export async function readableCertificate(db: Db, certificateId: string, user: SessionUser): Promise<CertificateRow> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, certificateId));
  if (!row || (row.userId !== user.id && user.role !== 'superuser')) throw new NotFoundError(certificateTexts.notFound);
  return row;
}

/** Rate limited per address so codes cannot be enumerated; a found code gives its attempt back, so only unknown codes count. */
export async function verifyCertificate(db: Db, input: string, ip: string): Promise<CertificateVerification> {
  const code = normalizeCode(input);
  const key = `certificate-verify:ip:${ip}`;
  const reservation = await reserve(db, key, policies.certificateVerifyIp);
  if (!reservation.allowed) throw new ThrottledError(certificateTexts.throttled, reservation.retryAfter);
  const [row] = code ? await db.select().from(certificates).where(eq(certificates.code, code)) : [];
  if (!row) return { status: 'unknown', code: code ? formatCode(code) : input.slice(0, 64) };
  await release(db, key, policies.certificateVerifyIp);
  return {
    status: row.revokedAt ? 'revoked' : 'valid',
    code: formatCode(row.code),
    learnerName: row.learnerName,
    courseTitle: row.courseTitle,
    courseHours: row.courseHours,
    completedAt: row.completedAt.toISOString(),
    score: row.score,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const ADMIN_LIST_MAX = 50;

async function adminCertificates(db: Db, where: SQL | undefined, limit = ADMIN_LIST_MAX): Promise<AdminCertificate[]> {
  const revoker = sql<string | null>`(SELECT btrim(r.first_name || ' ' || r.last_name) FROM users r WHERE r.id = ${certificates.revokedBy})`;
  const rows = await db
    .select({
      id: certificates.id,
      code: certificates.code,
      learnerName: certificates.learnerName,
      email: users.email,
      courseTitle: certificates.courseTitle,
      completedAt: certificates.completedAt,
      issuedAt: certificates.issuedAt,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
      revokedBy: revoker,
    })
    .from(certificates)
    .leftJoin(users, eq(users.id, certificates.userId))
    .where(where)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    code: formatCode(r.code),
    completedAt: r.completedAt.toISOString(),
    issuedAt: r.issuedAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    verifyPath: `/bevis/${formatCode(r.code)}`,
    pdfPath: `/api/certificates/${r.id}/pdf`,
  }));
}

export function adminListCertificates(db: Db, q: string | undefined): Promise<AdminCertificate[]> {
  const term = q?.trim() ?? '';
  if (term === '') return adminCertificates(db, undefined);
  const code = normalizeCode(term);
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return adminCertificates(
    db,
    or(
      code ? eq(certificates.code, code) : undefined,
      ilike(users.email, like),
      ilike(certificates.learnerName, like),
      ilike(certificates.courseTitle, like),
    ),
  );
}

/** The content audit records the revocation in the same transaction; 409 when already revoked. */
export async function revokeCertificate(db: Db, actor: SessionUser, certificateId: string, reason: string): Promise<AdminCertificate> {
  await atomically(db, async (tx) => {
    const [row] = await tx
      .update(certificates)
      .set({ revokedAt: sql`now()`, revokedBy: actor.id, revokedReason: reason })
      .where(and(eq(certificates.id, certificateId), isNull(certificates.revokedAt)))
      .returning({ id: certificates.id });
    if (!row) {
      const [exists] = await tx.select({ id: certificates.id }).from(certificates).where(eq(certificates.id, certificateId));
      if (exists) throw new ConflictError(certificateTexts.alreadyRevoked, 'already_revoked');
      throw new NotFoundError(certificateTexts.notFound);
    }
    await auditUpdate(
      tx,
      { actorId: actor.id, action: 'certificate.revoke', targetType: 'certificate', targetId: row.id },
      { revoked: false, reason: null },
      { revoked: true, reason },
    );
  });
  const [revoked] = await adminCertificates(db, eq(certificates.id, certificateId), 1);
  return revoked!;
}
