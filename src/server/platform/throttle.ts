import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { env } from './env';
import { rateLimits } from '../../../db/schema';

/**
 * Attempt throttling with growing delays, stored in Postgres so that every
 * serverless instance sees the same counters.
 *
 * An attempt is *reserved* before the expensive or risky work (a password
 * check, a sign-up) in one atomic statement that both counts and decides: the
 * row is locked by the upsert, so concurrent attempts get distinct counts and
 * a burst can never get more than `free` attempts past a fresh key. The
 * `free`-th reservation blocks the key for `baseDelayMs`; each reservation
 * after a block has passed doubles the delay, up to `maxDelayMs`. A successful
 * attempt gives its reservation back (`release`) or clears the key (`clear`).
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
  /**
   * Per account and address: the strict limit. A few honest typos are free, guessing from
   * one place is slowed to a crawl, and nobody else is affected.
   */
  loginAccountIp: { free: 5, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  /**
   * Per account from anywhere: a loose backstop against guessing spread over many addresses.
   * A device the owner signed in from before is exempt (see auth.service.ts), so an attacker
   * who reaches it cannot lock the owner out.
   */
  loginAccount: { free: 50, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Per known device (the signed device cookie): as strict as account + address. */
  loginDevice: { free: 5, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Per address across accounts: offices and schools share addresses, so allow more. */
  loginIp: { free: 20, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Forgotten-password requests per address: the address rule above, with a configurable count (the bench raises it). */
  resetIp: { free: env.PASSWORD_RESET_LIMIT_PER_ADDRESS, baseDelayMs: 15_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Links by mail an account asks for itself (a new verification link, an e-mail change): a few an hour. */
  mailLinkAccount: { free: 5, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Unknown certificate codes looked up per address: found codes give their attempt back. */
  certificateVerifyIp: { free: env.CERTIFICATE_LOOKUPS_PER_ADDRESS, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Guest orders per address (an order without an account; every order counts). */
  checkoutIp: { free: 20, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Coupon codes tried from one address: guessing codes is slowed down like guessing passwords. */
  couponIp: { free: env.COUPON_TRIES_PER_ADDRESS, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Contact form messages per address (every message counts; decision 37). */
  contactIp: { free: env.CONTACT_LIMIT_PER_HOUR, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
  /** Sign-ups per address (every sign-up counts, not only failures). */
  registerIp: { free: env.SIGNUP_LIMIT_PER_HOUR, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, resetAfterMs: 60 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

/** How long the `count`-th attempt blocks the key (0: not at all). */
export function delayAfter(count: number, policy: ThrottlePolicy): number {
  if (count < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(count - policy.free, 30), policy.maxDelayMs);
}

export type Reservation = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * Reserves one attempt for `key`: counted and allowed, or refused with the seconds to wait.
 * One statement: `INSERT … ON CONFLICT DO UPDATE … WHERE not blocked RETURNING`. A blocked
 * row is locked but not updated, so nothing comes back and the attempt is refused.
 */
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
    // Opportunistic clean-up keeps the table small without a scheduled job.
    if (Math.random() < 0.02) await db.delete(rateLimits).where(lt(rateLimits.updatedAt, new Date(now.getTime() - 24 * 60 * MINUTE)));
    return { allowed: true };
  }
  const [row] = await db.select({ blockedUntil: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, key));
  const until = row?.blockedUntil?.getTime() ?? now.getTime() + 1000;
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

/**
 * Reserves one attempt on every key in order and stops at the first refusal, so a
 * refused attempt never counts against the keys after it. Keys go most specific first.
 */
export async function reserveAll(db: Db, keys: readonly { key: string; policy: ThrottlePolicy }[], now = new Date()): Promise<Reservation> {
  for (const { key, policy } of keys) {
    const reservation = await reserve(db, key, policy, now);
    if (!reservation.allowed) return reservation;
  }
  return { allowed: true };
}

/**
 * Gives back a reservation whose attempt succeeded, so successes do not use up a shared
 * key's allowance (an office signing in from one address); a block the reservation
 * caused is lifted when the count falls below the policy's allowance again.
 */
export async function release(db: Db, key: string, policy: ThrottlePolicy): Promise<void> {
  await db
    .update(rateLimits)
    .set({
      count: sql`greatest(${rateLimits.count} - 1, 0)`,
      blockedUntil: sql`CASE WHEN ${rateLimits.count} - 1 < ${policy.free} THEN NULL ELSE ${rateLimits.blockedUntil} END`,
    })
    .where(eq(rateLimits.key, key));
}

/** Forgets a key entirely (its owner just proved who they are). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
