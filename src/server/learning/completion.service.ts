import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { enrollments } from '../../../db/schema';
import type { CourseProgress } from '../../schemas/player';
import { issueCertificate } from '../certificates/certificates.service';

/**
 * Completing a course: all its lessons done → the enrollment's `completedAt`; a lesson
 * undone again → cleared. Its own step, called by the progress write in the same transaction (with
 * the enrollment row locked). When a course becomes complete its certificate ('Kursbevis', issue 25)
 * is issued here, in the same transaction, at most once per learner and course. Undoing a lesson clears `completedAt`
 * but never the certificate. Only an enrollment that gives access completes: a learner who only
 * read the previews has none.
 *
 * Returns true when this call completed the course (the state changed to completed).
 */
export async function recordCourseCompletion(tx: Db, userId: string, courseId: string, progress: CourseProgress): Promise<boolean> {
  const allDone = progress.total > 0 && progress.completed === progress.total;
  // Changes the enrollment only when its state differs; a returned row means it changed.
  const changed = await tx
    .update(enrollments)
    .set({ completedAt: allDone ? sql`now()` : null, updatedAt: sql`now()` })
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(enrollments.courseId, courseId),
        sql`${enrollments.revokedAt} IS NULL`,
        allDone ? sql`${enrollments.completedAt} IS NULL` : sql`${enrollments.completedAt} IS NOT NULL`,
      ),
    )
    .returning({ id: enrollments.id });
  const completedNow = allDone && changed.length > 0;
  if (completedNow) await issueCertificate(tx, userId, courseId);
  return completedNow;
}
