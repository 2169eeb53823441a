import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificates, contentAuditLog, courses, lessonProgress, lessons, modules, products, users } from '../../db/schema';
import { seedId } from '../../db/seed-ids';
import { atomically } from '../../db/client';
import adminFunctions from '../../netlify/functions/admin';
import companyFunctions from '../../netlify/functions/company';
import certificatePdfFunction from '../../netlify/functions/certificate-pdf';
import certificateFunctions from '../../netlify/functions/certificates';
import lessonFunctions from '../../netlify/functions/lessons';
import type { AdminCertificate, CertificateVerification, MyCertificate } from '../../src/schemas/certificates';
import type { AdminAuditPage } from '../../src/schemas/audit';
import type { ProgressResult } from '../../src/schemas/player';
import type { Person } from '../../src/server/company/company.service';
import { forgetCompanyView } from '../../src/server/company/memberships';
import { assignSeat, lockCompany } from '../../src/server/company/seats.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import { readCertificatePdf } from '../certificate-pdf';
import { call, signIn } from '../helpers';

/**
 * Certificates, 'Kursbevis' (issue 25, acceptance 1): issued by the completion step, exactly once
 * also under 20 concurrent completions, kept when a lesson is undone, verified publicly (valid,
 * revoked, unknown; rate limited), drawn as a one-page A4 landscape PDF with the learner's name as
 * text and a QR code of the verification page, and revoked by a superuser with a reason (audited).
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const db = async () => (await acquireAppDb()).db;

/** A small free course of three text lessons (each test its own, so the tests stay independent). */
async function freshCourse(): Promise<{ courseId: string; lessonIds: string[] }> {
  const d = await db();
  const courseId = `bevis-${randomUUID().slice(0, 8)}`;
  await d
    .insert(courses)
    .values({ id: courseId, title: 'Kurs for kursbevis', description: 'Test', duration: '2 timer', level: 'Nybegynner', orderIndex: 900 });
  await d.insert(products).values({ id: `course:${courseId}`, kind: 'course', courseId, priceOre: 0, vat: 'standard_25' });
  const [module] = await d.insert(modules).values({ courseId, title: 'Modul', orderIndex: 1 }).returning({ id: modules.id });
  const lessonIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const [lesson] = await d
      .insert(lessons)
      .values({ moduleId: module!.id, title: `Leksjon ${i + 1}`, orderIndex: i + 1, type: 'text', content: { text: `Tekst ${i + 1}` } })
      .returning({ id: lessons.id });
    lessonIds.push(lesson!.id);
  }
  return { courseId, lessonIds };
}

/** A new learner with æ, ø and å in the name, signed in. */
async function freshLearner(firstName = 'Bjørn Ærlig', lastName = 'Åsen'): Promise<{ id: string; email: string; cookie: string }> {
  const email = `bevis-${randomUUID().slice(0, 8)}@example.no`;
  const { DEMO_PASSWORD_HASH } = await import('../../db/seed');
  const [user] = await (
    await db()
  )
    .insert(users)
    .values({ email, passwordHash: DEMO_PASSWORD_HASH, firstName, lastName, role: 'individual', emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return { id: user!.id, email, cookie: await signIn(email, 'demo1234', `192.0.2.${Math.floor(Math.random() * 200) + 20}`) };
}

const complete = (cookie: string, lessonId: string, completed = true) =>
  call(lessonFunctions, `/api/lessons/${lessonId}/progress`, { cookie, json: { completed } });

const certificatesOf = async (userId: string) => (await db()).select().from(certificates).where(eq(certificates.userId, userId));

/** Completes every lesson of the course for the learner through the API; the last call's result. */
async function completeCourse(cookie: string, lessonIds: string[]): Promise<ProgressResult> {
  let last: ProgressResult | undefined;
  for (const id of lessonIds) {
    const result = await complete(cookie, id);
    expect(result.status).toBe(200);
    last = result.body as ProgressResult;
  }
  return last!;
}

let superuser = '';
beforeAll(async () => {
  superuser = await signIn('superbruker@demo.no', 'demo1234', '192.0.2.10');
});

describe('issuing in the completion step', () => {
  it('completing the last lesson issues exactly one certificate with the learner, course, hours, date and an unguessable code', async () => {
    const { courseId, lessonIds } = await freshCourse();
    const learner = await freshLearner();
    await completeCourse(learner.cookie, lessonIds.slice(0, 2));
    expect(await certificatesOf(learner.id)).toEqual([]);

    const last = await completeCourse(learner.cookie, lessonIds.slice(2));
    expect(last.courseCompleted).toBe(true);
    const [certificate, ...more] = await certificatesOf(learner.id);
    expect(more).toEqual([]);
    expect(certificate).toMatchObject({
      courseId,
      learnerName: 'Bjørn Ærlig Åsen',
      courseTitle: 'Kurs for kursbevis',
      courseHours: '2 timer',
      revokedAt: null,
    });
    expect(certificate!.code).toMatch(/^[0-9A-F]{20}$/);

    const mine = await call(certificateFunctions, '/api/certificates', { cookie: learner.cookie });
    expect(mine.status).toBe(200);
    const [listed] = mine.body as MyCertificate[];
    expect(listed).toMatchObject({
      id: certificate!.id,
      courseId,
      courseTitle: 'Kurs for kursbevis',
      pdfPath: `/api/certificates/${certificate!.id}/pdf`,
    });
    expect(listed!.code).toMatch(/^[0-9A-F]{5}(-[0-9A-F]{5}){3}$/);
    expect(listed!.verifyUrl).toBe(`${env.SITE_URL.replace(/\/$/, '')}/bevis/${listed!.code}`);
    // LinkedIn's add-to-profile link: the certificate's name, the issue month and its URL.
    const linkedIn = new URL(listed!.linkedInUrl);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
      startTask: 'CERTIFICATION_NAME',
      name: 'Kursbevis: Kurs for kursbevis',
      organizationName: 'KI Akademiet',
      certUrl: listed!.verifyUrl,
      certId: listed!.code,
    });
    expect(Number(linkedIn.searchParams.get('issueYear'))).toBeGreaterThanOrEqual(2026);
  });

  it('20 concurrent completions of the last lessons issue exactly one certificate', async () => {
    const { lessonIds } = await freshCourse();
    const learner = await freshLearner('Åse', 'Østby');
    await completeCourse(learner.cookie, lessonIds.slice(0, 1));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => complete(learner.cookie, lessonIds[1 + (i % 2)]!)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => (r.body as ProgressResult).courseCompleted)).toHaveLength(1);
    expect(await certificatesOf(learner.id)).toHaveLength(1);
  });

  it('undoing a lesson does not revoke the certificate, and completing again keeps the first one', async () => {
    const { lessonIds } = await freshCourse();
    const learner = await freshLearner('Per', 'Ås');
    await completeCourse(learner.cookie, lessonIds);
    const [first] = await certificatesOf(learner.id);

    expect((await complete(learner.cookie, lessonIds[1]!, false)).status).toBe(200);
    expect(await certificatesOf(learner.id)).toEqual([first]);
    const verified = await call(certificateFunctions, `/api/certificate-verifications/${first!.code}`, { ip: '203.0.113.50' });
    expect(verified.body).toMatchObject({ status: 'valid' });

    // The course completed again: still the one certificate, as first issued.
    expect((await complete(learner.cookie, lessonIds[1]!)).body).toMatchObject({ courseCompleted: true });
    expect(await certificatesOf(learner.id)).toEqual([first]);
  });

  it('the course renamed later: the certificate keeps the title it was issued with', async () => {
    const { courseId, lessonIds } = await freshCourse();
    const learner = await freshLearner('Kari', 'Nordmann');
    await completeCourse(learner.cookie, lessonIds);
    await (await db()).update(courses).set({ title: 'Nytt navn' }).where(eq(courses.id, courseId));
    const [certificate] = await certificatesOf(learner.id);
    expect(certificate!.courseTitle).toBe('Kurs for kursbevis');
  });

  it('no certificate for a course not completed, nor for staff reading every lesson without an enrollment', async () => {
    const { lessonIds } = await freshCourse();
    await completeCourse(superuser, lessonIds);
    expect(await certificatesOf(seedId('user:superbruker@demo.no'))).toEqual([]);
  });
});

describe('the public verification', () => {
  it('answers valid, revoked and unknown, with noindex, and never lists another field than what the page shows', async () => {
    const { lessonIds } = await freshCourse();
    const learner = await freshLearner('Ærlend', 'Øvrebø');
    await completeCourse(learner.cookie, lessonIds);
    const [certificate] = await certificatesOf(learner.id);
    const dashed = certificate!.code.match(/.{5}/g)!.join('-');

    const valid = await call(certificateFunctions, `/api/certificate-verifications/${dashed}`, { ip: '203.0.113.60' });
    expect(valid.status).toBe(200);
    expect(valid.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(valid.body).toEqual({
      status: 'valid',
      code: dashed,
      learnerName: 'Ærlend Øvrebø',
      courseTitle: 'Kurs for kursbevis',
      courseHours: '2 timer',
      completedAt: certificate!.completedAt.toISOString(),
      score: null,
      issuedAt: certificate!.issuedAt.toISOString(),
      revokedAt: null,
    } satisfies CertificateVerification);
    // Typed by hand: lower case and without dashes works too.
    expect(
      (await call(certificateFunctions, `/api/certificate-verifications/${certificate!.code.toLowerCase()}`, { ip: '203.0.113.60' })).status,
    ).toBe(200);

    const unknown = await call(certificateFunctions, '/api/certificate-verifications/00000-00000-00000-00000', { ip: '203.0.113.60' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 'unknown', code: '00000-00000-00000-00000' });
    // Not a code at all: a 400 naming the field (no lookup, nothing counted).
    const malformed = await call(certificateFunctions, '/api/certificate-verifications/ikke-en-kode', { ip: '203.0.113.60' });
    expect(malformed.status).toBe(400);
    expect((malformed.body as { error: string }).error).toMatch(/^Koden er ugyldig/);

    const revoked = await call(certificateFunctions, `/api/admin/certificates/${certificate!.id}/revoke`, {
      cookie: superuser,
      json: { reason: 'Utstedt ved en feil' },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: certificate!.id, revokedReason: 'Utstedt ved en feil', revokedBy: 'Ingrid Solberg' });
    const after = await call(certificateFunctions, `/api/certificate-verifications/${dashed}`, { ip: '203.0.113.60' });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: 'revoked', learnerName: 'Ærlend Øvrebø' });
    expect((after.body as { revokedAt: string }).revokedAt).toEqual(expect.any(String));
    // The reason is the superuser's note, not the public's.
    expect(after.text).not.toContain('Utstedt ved en feil');
  });

  it('is rate limited per address: unknown codes are counted, found ones are not, then 429 with Retry-After', async () => {
    const { lessonIds } = await freshCourse();
    const learner = await freshLearner('Liv', 'Dæhli');
    await completeCourse(learner.cookie, lessonIds);
    const [certificate] = await certificatesOf(learner.id);
    const ip = '203.0.113.77';
    for (let i = 0; i < env.CERTIFICATE_LOOKUPS_PER_ADDRESS + 5; i++) {
      expect((await call(certificateFunctions, `/api/certificate-verifications/${certificate!.code}`, { ip })).status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < env.CERTIFICATE_LOOKUPS_PER_ADDRESS + 1; i++) {
      const code = randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase();
      statuses.push((await call(certificateFunctions, `/api/certificate-verifications/${code}`, { ip })).status);
    }
    expect(statuses.slice(0, env.CERTIFICATE_LOOKUPS_PER_ADDRESS)).toEqual(Array(env.CERTIFICATE_LOOKUPS_PER_ADDRESS).fill(404));
    const blocked = await call(certificateFunctions, `/api/certificate-verifications/${certificate!.code}`, { ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((blocked.body as { error: string }).error).toMatch(/Vent litt/);
    // Another address is not affected.
    expect((await call(certificateFunctions, `/api/certificate-verifications/${certificate!.code}`, { ip: '203.0.113.78' })).status).toBe(200);
  });
});

describe('the PDF', () => {
  it('parses, has one A4 landscape page, the learner’s name with æ/ø/å as text, and a QR code of the verification page', async () => {
    const { lessonIds } = await freshCourse();
    const learner = await freshLearner();
    await completeCourse(learner.cookie, lessonIds);
    const [listed] = (await call(certificateFunctions, '/api/certificates', { cookie: learner.cookie })).body as MyCertificate[];

    const response = await certificatePdfFunction(new Request(`http://localhost:4321${listed!.pdfPath}`, { headers: { Cookie: learner.cookie } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="kursbevis-[0-9a-f]{10}\.pdf"$/);
    const pdf = await readCertificatePdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.pages).toBe(1);
    expect(pdf.width).toBeCloseTo(841.89, 1);
    expect(pdf.height).toBeCloseTo(595.28, 1);
    expect(pdf.text).toContain('Kursbevis');
    expect(pdf.text).toContain('Bjørn Ærlig Åsen');
    expect(pdf.text).toContain('Kurs for kursbevis');
    expect(pdf.text).toContain('Omfang: 2 timer');
    expect(pdf.text).toContain(listed!.code);
    expect(pdf.qrUrl).toBe(listed!.verifyUrl);
  });

  it('only its learner and a superuser get it (404 for others); a revoked one is 409', async () => {
    const { lessonIds } = await freshCourse();
    const learner = await freshLearner('Ola', 'Nordmann');
    const other = await freshLearner('Kari', 'Nordmann');
    await completeCourse(learner.cookie, lessonIds);
    const [certificate] = await certificatesOf(learner.id);
    const path = `/api/certificates/${certificate!.id}/pdf`;
    expect((await call(certificatePdfFunction, path, { cookie: other.cookie })).status).toBe(404);
    expect((await call(certificatePdfFunction, path)).status).toBe(401);
    expect((await call(certificatePdfFunction, path, { cookie: superuser })).status).toBe(200);
    await call(certificateFunctions, `/api/admin/certificates/${certificate!.id}/revoke`, { cookie: superuser, json: { reason: 'Juks' } });
    const revoked = await call(certificatePdfFunction, path, { cookie: learner.cookie });
    expect(revoked.status).toBe(409);
  });
});

describe('revoking (superuser)', () => {
  it('records who, when and why, audits it in the change timeline, and a second revoke is 409', async () => {
    const { lessonIds } = await freshCourse();
    const learner = await freshLearner('Siri', 'Kvåle');
    await completeCourse(learner.cookie, lessonIds);
    const [certificate] = await certificatesOf(learner.id);

    const search = await call(certificateFunctions, `/api/admin/certificates?q=${encodeURIComponent(learner.email)}`, { cookie: superuser });
    expect((search.body as AdminCertificate[]).map((c) => c.id)).toEqual([certificate!.id]);
    const byCode = await call(certificateFunctions, `/api/admin/certificates?q=${certificate!.code.toLowerCase()}`, { cookie: superuser });
    expect((byCode.body as AdminCertificate[]).map((c) => c.id)).toEqual([certificate!.id]);

    const blank = await call(certificateFunctions, `/api/admin/certificates/${certificate!.id}/revoke`, {
      cookie: superuser,
      json: { reason: '  ' },
    });
    expect(blank.status).toBe(400);
    expect((blank.body as { error: string }).error).toBe('Skriv en begrunnelse');

    const revoked = await call(certificateFunctions, `/api/admin/certificates/${certificate!.id}/revoke`, {
      cookie: superuser,
      json: { reason: 'Kurset ble fullført av en annen person' },
    });
    expect(revoked.status).toBe(200);
    const [row] = await certificatesOf(learner.id);
    expect(row).toMatchObject({ revokedBy: seedId('user:superbruker@demo.no'), revokedReason: 'Kurset ble fullført av en annen person' });
    expect(row!.revokedAt).toBeInstanceOf(Date);

    const [entry] = await (
      await db()
    )
      .select()
      .from(contentAuditLog)
      .where(and(eq(contentAuditLog.targetType, 'certificate'), eq(contentAuditLog.targetId, certificate!.id)));
    expect(entry).toMatchObject({
      actorId: seedId('user:superbruker@demo.no'),
      action: 'certificate.revoke',
      before: { revoked: false, reason: null },
      after: { revoked: true, reason: 'Kurset ble fullført av en annen person' },
    });
    const timeline = await call(adminFunctions, '/api/admin/audit?limit=5', { cookie: superuser });
    const shown = (timeline.body as AdminAuditPage).entries.find((e) => e.target.id === certificate!.id);
    expect(shown).toMatchObject({ action: 'certificate.revoke', target: { type: 'certificate', label: 'Siri Kvåle – Kurs for kursbevis' } });

    const again = await call(certificateFunctions, `/api/admin/certificates/${certificate!.id}/revoke`, {
      cookie: superuser,
      json: { reason: 'Igjen' },
    });
    expect(again.status).toBe(409);
    expect(
      await (
        await db()
      )
        .select({ n: sql<number>`count(*)::int` })
        .from(contentAuditLog)
        .where(eq(contentAuditLog.targetId, certificate!.id)),
    ).toEqual([{ n: 1 }]);
  });

  it('is for superusers only', async () => {
    const admin = await signIn('admin@demo.no', 'demo1234', '192.0.2.11');
    const id = randomUUID();
    expect((await call(certificateFunctions, `/api/admin/certificates/${id}/revoke`, { cookie: admin, json: { reason: 'Nei' } })).status).toBe(403);
    expect((await call(certificateFunctions, '/api/admin/certificates', { cookie: admin })).status).toBe(403);
    expect((await call(certificateFunctions, `/api/admin/certificates/${id}/revoke`, { cookie: superuser, json: { reason: 'Nei' } })).status).toBe(
      404,
    );
  });
});

describe("the company manager's view", () => {
  it("shows each person's valid certificates with their verification page", async () => {
    const { lessonIds } = await freshCourse();
    const learner = await freshLearner('Eirik', 'Ærø');
    const d = await db();
    await atomically(d, async (tx) => {
      await assignSeat(tx, await lockCompany(tx, seedId('company:fjordtech')), learner.id);
      await forgetCompanyView(tx, seedId('company:fjordtech'));
    });
    await completeCourse(learner.cookie, lessonIds);
    const [certificate] = await certificatesOf(learner.id);
    await forgetCompanyView(d, seedId('company:fjordtech'));

    const manager = await signIn('bedrift@demo.no', 'demo1234', '192.0.2.12');
    const view = await call(companyFunctions, `/api/companies/${seedId('company:fjordtech')}/people?filter=all`, { cookie: manager });
    expect(view.status).toBe(200);
    const person = (view.body as { people: Person[] }).people.find((p) => p.userId === learner.id);
    expect(person?.certificates).toEqual([
      {
        courseTitle: 'Kurs for kursbevis',
        completedAt: certificate!.completedAt.toISOString(),
        verifyUrl: `${env.SITE_URL.replace(/\/$/, '')}/bevis/${certificate!.code.match(/.{5}/g)!.join('-')}`,
      },
    ]);
  });
});

describe('progress rows the test set up directly are not what issues certificates', () => {
  it('a learner whose progress was written without the completion step has none until they complete through it', async () => {
    const { lessonIds } = await freshCourse();
    const learner = await freshLearner('Tor', 'Bø');
    await (await db()).insert(lessonProgress).values(lessonIds.map((lessonId) => ({ userId: learner.id, lessonId, completed: true })));
    expect(await certificatesOf(learner.id)).toEqual([]);
    // The next completion through the API runs the step: the course completes and the certificate is issued.
    expect((await complete(learner.cookie, lessonIds[0]!)).body).toMatchObject({ courseCompleted: true });
    expect(await certificatesOf(learner.id)).toHaveLength(1);
  });
});
