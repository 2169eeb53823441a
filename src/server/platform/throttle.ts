import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { env } from './env';
import { rateLimits } from '../../../db/schema';

/** Counts live in Postgres so every instance sees them; one upsert counts and decides, so a burst never gets more than `free` attempts. */
export interface ThrottlePolicy {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
}

const MINUTE = 60_000;

export const policies = {
  loginAccountIp: { free: 5, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** A device the owner signed in from before is exempt, so an attacker cannot lock the owner out. */
  loginAccount: { free: 50, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  loginDevice: { free: 5, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Per address across accounts: offices and schools share addresses, so allow more. */
  loginIp: { free: 20, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  resetIp: { free: env.PASSWORD_RESET_LIMIT_PER_ADDRESS, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  mailLinkAccount: { free: 5, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  certificateVerifyIp: { free: env.CERTIFICATE_LOOKUPS_PER_ADDRESS, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  checkoutIp: { free: 20, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  couponIp: { free: env.COUPON_TRIES_PER_ADDRESS, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  contactIp: { free: env.CONTACT_LIMIT_PER_HOUR, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  registerIp: { free: env.SIGNUP_LIMIT_PER_HOUR, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

export function delayAfter(count: number, policy: ThrottlePolicy): number {
  if (count < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(count - policy.free, 30), policy.maxDelayMs);
}

export type Reservation = { allowed: true } | { allowed: false; retryAfter: number };

/** A blocked row is locked but not updated, so nothing comes back and the attempt is refused. */
export async function reserve(db: Db, key: string, policy: ThrottlePolicy, now = new Date()): Promise<Reservation> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const stale = sql`${rateLimits.updatedAt} < ${new Date(now.getTime() - policy.resetAfterMs).toISOString()}::timestamptz`;
  const next = sql`(CASE WHEN ${stale} THEN 1 ELSE ${rateLimits.count} + 1 END)`;
  // delayAfter() in SQL, the exponent capped so power() cannot overflow.
  const blockFor = sql`least(${policy.baseDelayMs}::float8 * power(2, least(${next} - ${policy.free}, 30)), ${policy.maxDelayMs}::float8)`;
  const firstDelay = delayAfter(1, policy);
  const rows = await db
    .insert(rateLimits)
    .values({
      key,
      count: 1,
      windowStartedAt: now,
      blockedUntil: firstDelay > 0 ? new Date(now.getTime() + firstDelay) : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: next,
        windowStartedAt: sql`CASE WHEN ${stale} THEN ${at} ELSE ${rateLimits.windowStartedAt} END`,
        blockedUntil: sql`CASE WHEN ${next} >= ${policy.free} THEN ${at} + ${blockFor} * interval '1 millisecond' ELSE NULL END`,
        updatedAt: now,
      },
      setWhere: sql`${rateLimits.blockedUntil} IS NULL OR ${rateLimits.blockedUntil} <= ${at}`,
    })
    .returning({ count: rateLimits.count });
  if (rows.length > 0) {
    if (Math.random() < 0.02) await db.delete(rateLimits).where(lt(rateLimits.updatedAt, new Date(now.getTime() - 24 * 60 * MINUTE)));
    return { allowed: true };
  }
  const [row] = await db.select({ blockedUntil: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, key));
  const until = row?.blockedUntil?.getTime() ?? now.getTime() + 1000;
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

/** Stops at the first refusal, so a refused attempt never counts against the keys after it. */
export async function reserveAll(db: Db, keys: readonly { key: string; policy: ThrottlePolicy }[], now = new Date()): Promise<Reservation> {
  for (const { key, policy } of keys) {
    const reservation = await reserve(db, key, policy, now);
    if (!reservation.allowed) return reservation;
  }
  return { allowed: true };
}

/** So successes do not use up a shared key's allowance (an office signing in from one address). */
export async function release(db: Db, key: string, policy: ThrottlePolicy): Promise<void> {
  await db
    .update(rateLimits)
    .set({
      count: sql`greatest(${rateLimits.count} - 1, 0)`,
      blockedUntil: sql`CASE WHEN ${rateLimits.count} - 1 < ${policy.free} THEN NULL ELSE ${rateLimits.blockedUntil} END`,
    })
    .where(eq(rateLimits.key, key));
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
