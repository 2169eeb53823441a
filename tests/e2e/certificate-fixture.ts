import { loadCatalogue } from '../../db/catalogue';
import { seedLessonId } from '../../db/seed-ids';

/**
 * TEST SETUP ONLY. The learners `prepare-db.ts` adds for certificates.spec.ts (issue 25), one per
 * Playwright project so the projects can run at the same time. Importing this module writes nothing.
 */

/** The course the certificate learners finish: its last two lessons (tasks) are left for the test. */
export const CERTIFICATE_COURSE = 'ki-markedsforing';
export const LESSONS_LEFT = 2;

/** Granted the course with every lesson but the last two done; names with æ, ø and å. */
export const certificateLearners = {
  desktop: { email: 'e2e-bevis-desktop@demo.no', firstName: 'Bjørn Ærlig', lastName: 'Åsen' },
  mobile: { email: 'e2e-bevis-mobil@demo.no', firstName: 'Åse', lastName: 'Øvrebø' },
} as const;

/** Verified, reminders on, two lessons done ten days ago and nothing since: due a reminder. */
export const reminderLearners = {
  desktop: { email: 'e2e-paminnelse-desktop@demo.no', firstName: 'Pål', lastName: 'Dekstop' },
  mobile: { email: 'e2e-paminnelse-mobil@demo.no', firstName: 'Pia', lastName: 'Mobil' },
} as const;

/** The course's lessons in order: [id, title]. */
export function courseLessons(courseId: string): { id: string; title: string }[] {
  const course = loadCatalogue().find((c) => c.id === courseId);
  if (!course) throw new Error(`No course ${courseId} in the catalogue`);
  return course.modules.flatMap((m, mi) => m.lessons.map((l, li) => ({ id: seedLessonId(courseId, mi, li), title: l.title })));
}

/**
 * Certificates for the verification page without JavaScript (certificate-verification.spec.ts),
 * written by prepare-db.ts with fixed codes: one valid with a score, one valid without, one revoked.
 * Only read, so both projects share them.
 */
export const verificationCertificates = {
  owner: { email: 'e2e-bevis-kontroll@demo.no', firstName: 'Kari Ærlig', lastName: 'Kontrollø' },
  scored: { code: 'E2E00000000000000001', courseTitle: 'KI for kontoret', courseHours: '6 timer', score: 92 },
  plain: { code: 'E2E00000000000000002', courseTitle: 'Grunnleggende KI', courseHours: '4 timer', score: null },
  revoked: { code: 'E2E00000000000000003', courseTitle: 'KI Markedsføring', courseHours: '5 timer', score: null },
  completedAt: new Date('2026-11-20T10:00:00Z'),
  revokedAt: new Date('2026-11-27T09:00:00Z'),
} as const;
