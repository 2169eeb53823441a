import { env } from './env';

/**
 * Asks Netlify to rebuild the static site, so an admin's change to a field the admin
 * owns (course and module titles, decision 10) reaches the prerendered pages: the
 * build reads those fields from the database. The admin endpoints call this after a
 * content edit has been committed.
 *
 * Never throws: the edit is already saved, and a missed rebuild only delays the public
 * pages until the next deploy. A failure is logged as one line without the hook URL
 * (anyone holding it can start builds).
 */
export type RebuildResult = 'requested' | 'skipped' | 'failed';

export interface RebuildOptions {
  /** The build hook; defaults to NETLIFY_BUILD_HOOK_URL. Empty: nothing to do. */
  hookUrl?: string | undefined;
  /** Shown as the deploy's title in Netlify's deploy list. */
  reason?: string;
  timeoutMs?: number;
}

export async function requestSiteRebuild(options: RebuildOptions = {}): Promise<RebuildResult> {
  const hookUrl = 'hookUrl' in options ? options.hookUrl : env.NETLIFY_BUILD_HOOK_URL;
  if (!hookUrl) return 'skipped';
  const url = new URL(hookUrl);
  url.searchParams.set('trigger_title', options.reason ?? 'Innhold endret i admin');
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    await response.body?.cancel();
    if (response.ok) return 'requested';
    console.error(`[site rebuild] build hook answered HTTP ${response.status}`);
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    console.error(`[site rebuild] build hook unreachable: ${name}`);
  }
  return 'failed';
}
