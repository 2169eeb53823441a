import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

/**
 * Failure throttling with growing delays, stored in Postgres so that every
 * serverless instance sees the same counters. The `free`-th failure blocks the
 * key for `baseDelayMs`; each further failure doubles the delay, up to `maxDelayMs`.
 * So `free` attempts go through and the next one waits.
 * A key that has been quiet for `resetAfterMs` starts counting from zero.
 */
export interface ThrottlePolicy {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
}

const MINUTE = 60_000;

export const policies = {
  /** Per account: a few honest typos are free, guessing is slowed to a crawl. */
  loginAccount: { free: 5, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Per IP: offices and schools share addresses, so allow more before slowing down. */
  loginIp: { free: 20, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Sign-ups per IP (every sign-up counts, not only failures). */
  registerIp: { free: 10, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

export function delayAfter(count: number, policy: ThrottlePolicy): number {
  if (count < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (count - policy.free), policy.maxDelayMs);
}

/** Seconds until every given key is free again; 0 when none is blocked. */
export async function retryAfterSeconds(db: Db, keys: string[], now = new Date()): Promise<number> {
  const rows = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.blockedUntil, now)));
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Counts one failure (or one sign-up) for `key` and blocks it when the policy says so. */
export async function recordFailure(db: Db, key: string, policy: ThrottlePolicy, now = new Date()): Promise<void> {
  const resetBefore = new Date(now.getTime() - policy.resetAfterMs).toISOString();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now, updatedAt: now, createdAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.updatedAt} < ${resetBefore}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${rateLimits.updatedAt} < ${resetBefore}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStartedAt} END`,
        updatedAt: now,
      },
    })
    .returning({ count: rateLimits.count });
  const delay = delayAfter(row?.count ?? 1, policy);
  if (delay > 0) {
    await db
      .update(rateLimits)
      .set({ blockedUntil: new Date(now.getTime() + delay), updatedAt: now })
      .where(sql`${rateLimits.key} = ${key}`);
  }
  // Opportunistic clean-up keeps the table small without a scheduled job.
  if (Math.random() < 0.02) {
    await db.delete(rateLimits).where(lt(rateLimits.updatedAt, new Date(now.getTime() - 24 * 60 * MINUTE)));
  }
}

export async function resetFailures(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, [key]));
}
