// TEST SETUP ONLY (end-to-end): a fresh embedded database with the seed, plus the rows
// the course player's spec needs that no API can create yet (see player-fixture.ts).
// Run by playwright.config.ts before `npm run serve`; PGlite allows one process at a
// time, so this must finish before the server opens the same folder.
import { openDatabase } from '../../db/client';
import { prepareEmbeddedDatabase } from '../../db/prepare';
import { certificates, enrollments, lessonProgress, lessons, users } from '../../db/schema';
import { DEMO_PASSWORD_HASH, seedId } from '../../db/seed';
import { appDatabaseOptions } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import {
  CERTIFICATE_COURSE,
  certificateLearners,
  courseLessons,
  LESSONS_LEFT,
  reminderLearners,
  verificationCertificates,
} from './certificate-fixture';
import { contentLearner, figuresLearners, hostileHtmlLesson, notEnrolledLearners, playerLearners } from './player-fixture';

if (env.APP_ENV !== 'test') throw new Error('tests/e2e/prepare-db.ts writes test data: run it with APP_ENV=test only');

const options = appDatabaseOptions();
await prepareEmbeddedDatabase(options, { fresh: true });
const database = await openDatabase({ ...options, driver: 'pglite' });
try {
  await database.db
    .insert(lessons)
    .values({
      id: hostileHtmlLesson.id,
      moduleId: hostileHtmlLesson.moduleId,
      title: hostileHtmlLesson.title,
      description: 'Testdata for ende-til-ende-testene.',
      orderIndex: 1000,
      type: 'html',
      content: { html: hostileHtmlLesson.html },
      estimatedMinutes: 1,
      // A preview, so every signed-in learner's player renders it (decision 26).
      isPreview: true,
    })
    .onConflictDoNothing();
  await database.db
    .insert(users)
    .values(
      Object.values(notEnrolledLearners).map((u) => ({
        id: seedId(`e2e:user:${u.email}`),
        email: u.email,
        passwordHash: DEMO_PASSWORD_HASH,
        firstName: u.firstName,
        lastName: u.lastName,
        role: 'individual' as const,
      })),
    )
    .onConflictDoNothing();
  const contentLearnerId = seedId(`e2e:user:${contentLearner.email}`);
  await database.db
    .insert(users)
    .values({
      id: contentLearnerId,
      email: contentLearner.email,
      passwordHash: DEMO_PASSWORD_HASH,
      firstName: contentLearner.firstName,
      lastName: contentLearner.lastName,
      role: 'individual' as const,
    })
    .onConflictDoNothing();
  await database.db
    .insert(enrollments)
    .values(contentLearner.courses.map((courseId) => ({ userId: contentLearnerId, courseId, source: 'grant' as const, sourceRef: 'e2e' })))
    .onConflictDoNothing();
  // Certificates and reminders (issue 25, certificates.spec.ts): learners one course short of a
  // certificate, and learners who stopped ten days ago with reminders on.
  const lessonsOfCourse = courseLessons(CERTIFICATE_COURSE);
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
  for (const [group, learners] of [
    ['bevis', certificateLearners],
    ['paminnelse', reminderLearners],
  ] as const) {
    for (const learner of Object.values(learners)) {
      const id = seedId(`e2e:user:${learner.email}`);
      const idle = group === 'paminnelse';
      await database.db
        .insert(users)
        .values({
          id,
          email: learner.email,
          passwordHash: DEMO_PASSWORD_HASH,
          firstName: learner.firstName,
          lastName: learner.lastName,
          role: 'individual' as const,
          emailVerifiedAt: tenDaysAgo,
        })
        .onConflictDoNothing();
      await database.db
        .insert(enrollments)
        .values({ userId: id, courseId: CERTIFICATE_COURSE, source: 'grant' as const, sourceRef: 'e2e', ...(idle ? { createdAt: tenDaysAgo } : {}) })
        .onConflictDoNothing();
      const done = idle ? lessonsOfCourse.slice(0, 2) : lessonsOfCourse.slice(0, -LESSONS_LEFT);
      await database.db
        .insert(lessonProgress)
        .values(
          done.map((lesson) => ({
            userId: id,
            lessonId: lesson.id,
            completed: true,
            completedAt: idle ? tenDaysAgo : new Date(),
            ...(idle ? { createdAt: tenDaysAgo, updatedAt: tenDaysAgo } : {}),
          })),
        )
        .onConflictDoNothing();
    }
  }
  // The verification page without JavaScript (certificate-verification.spec.ts): fixed codes.
  const checked = verificationCertificates;
  const ownerId = seedId(`e2e:user:${checked.owner.email}`);
  await database.db
    .insert(users)
    .values({
      id: ownerId,
      email: checked.owner.email,
      passwordHash: DEMO_PASSWORD_HASH,
      firstName: checked.owner.firstName,
      lastName: checked.owner.lastName,
      role: 'individual' as const,
    })
    .onConflictDoNothing();
  await database.db
    .insert(certificates)
    .values(
      (['scored', 'plain', 'revoked'] as const).map((which) => ({
        code: checked[which].code,
        userId: ownerId,
        learnerName: `${checked.owner.firstName} ${checked.owner.lastName}`,
        courseTitle: checked[which].courseTitle,
        courseHours: checked[which].courseHours,
        completedAt: checked.completedAt,
        score: checked[which].score,
        ...(which === 'revoked' ? { revokedAt: checked.revokedAt, revokedReason: 'Ende-til-ende-test' } : {}),
      })),
    )
    .onConflictDoNothing();
  // The dashboard's figures (issue 29, dashboard.spec.ts) and the player's completions
  // (course-player.spec.ts): learners with one course and nothing done.
  for (const learner of [...Object.values(figuresLearners), ...Object.values(playerLearners)]) {
    const id = seedId(`e2e:user:${learner.email}`);
    await database.db
      .insert(users)
      .values({
        id,
        email: learner.email,
        passwordHash: DEMO_PASSWORD_HASH,
        firstName: learner.firstName,
        lastName: learner.lastName,
        role: 'individual' as const,
      })
      .onConflictDoNothing();
    await database.db.insert(enrollments).values({ userId: id, courseId: learner.courseId, source: 'grant', sourceRef: 'e2e' }).onConflictDoNothing();
  }
} finally {
  await database.close();
}
console.log('End-to-end database prepared (seed + course player, certificate and reminder test data).');
