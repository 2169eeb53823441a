import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contentAuditLog } from '../../../db/schema';
import type { PublishingOutcome, PublishingResult, PublishingState } from '../../schemas/admin';
import { env } from '../platform/env';
import { ConflictError } from '../platform/errors';
import { requestSiteRebuild } from '../platform/site-rebuild';

/** Each request to the build hook, answered or not, is recorded as `site.rebuild`; a skipped one (no hook) is not. */

export const SITE_TARGET = { targetType: 'site', targetId: 'netlify' } as const;

/** The deploy title in Netlify's list names what changed; clipped so the hook's URL stays short. */
const REASON_MAX_CHARS = 120;

export const publishingReasons = {
  courseRenamed: (title: string) => `Kursnavn endret i admin: «${title}»`,
  moduleRenamed: (title: string) => `Modulnavn endret i admin: «${title}»`,
  again: 'Ny publisering bedt om i admin',
  byHand: 'Publisering startet av superbruker i admin',
} as const;

export const publishingTexts = {
  noHook:
    'Automatisk publisering er ikke satt opp. Nettsiden publiseres på nytt når en ny versjon legges ut fra git, eller når noen starter en ny publisering i Netlify.',
} as const;

const clipReason = (reason: string) => (reason.length > REASON_MAX_CHARS ? `${reason.slice(0, REASON_MAX_CHARS - 1)}…` : reason);

/** Runs after the edit is committed and never throws for the hook: the edit stays saved whatever happens here. */
export async function requestPublishing(db: Db, actorId: string, reason: string): Promise<PublishingOutcome> {
  const clipped = clipReason(reason);
  const result = await requestSiteRebuild({ reason: clipped });
  const requestedAt = new Date().toISOString();
  if (result === 'skipped') return { status: result, at: requestedAt };
  try {
    const [row] = await db
      .insert(contentAuditLog)
      .values({ actorId, action: 'site.rebuild', ...SITE_TARGET, before: null, after: { result, reason: clipped } })
      .returning({ createdAt: contentAuditLog.createdAt });
    return { status: result, at: row!.createdAt.toISOString() };
  } catch (error) {
    // The edit is saved and the hook was asked: a lost audit line must not turn that into an error.
    console.error(`[publishing] recording the rebuild request failed: ${error instanceof Error ? error.name : 'Error'}`);
    return { status: result, at: requestedAt };
  }
}

async function lastRequest(
  db: Db,
  actorId?: string,
): Promise<{ result: Exclude<PublishingResult, 'skipped'>; reason: string | null; at: Date } | null> {
  const [row] = await db
    .select({ after: contentAuditLog.after, createdAt: contentAuditLog.createdAt })
    .from(contentAuditLog)
    .where(
      and(
        eq(contentAuditLog.targetType, SITE_TARGET.targetType),
        eq(contentAuditLog.targetId, SITE_TARGET.targetId),
        actorId === undefined ? undefined : eq(contentAuditLog.actorId, actorId),
      ),
    )
    .orderBy(desc(contentAuditLog.createdAt), desc(contentAuditLog.id))
    .limit(1);
  if (!row) return null;
  const after = (row.after ?? {}) as { result?: unknown; reason?: unknown };
  return {
    result: after.result === 'requested' ? 'requested' : 'failed',
    reason: typeof after.reason === 'string' ? after.reason : null,
    at: row.createdAt,
  };
}

export async function publishingState(db: Db): Promise<PublishingState> {
  const last = await lastRequest(db);
  return { hookConfigured: Boolean(env.NETLIFY_BUILD_HOOK_URL), last: last && { status: last.result, at: last.at.toISOString() } };
}

export async function requestPublishingAgain(db: Db, actorId: string): Promise<PublishingOutcome> {
  const last = await lastRequest(db, actorId);
  return requestPublishing(db, actorId, last?.reason ?? publishingReasons.again);
}

export async function startSiteBuild(db: Db, actorId: string): Promise<PublishingOutcome> {
  if (!env.NETLIFY_BUILD_HOOK_URL) throw new ConflictError(publishingTexts.noHook, 'no_build_hook');
  return requestPublishing(db, actorId, publishingReasons.byHand);
}
