import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { enrollments } from '../../../db/schema';
import type { CourseProgress } from '../../schemas/player';
import { issueCertificate } from '../certificates/certificates.service';

/** In the progress write's transaction; undoing a lesson clears `completedAt` but never the certificate. True when this call completed the course. */
export async function recordCourseCompletion(tx: Db, userId: string, courseId: string, progress: CourseProgress): Promise<boolean> {
  const allDone = progress.total > 0 && progress.completed === progress.total;
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
