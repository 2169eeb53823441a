import { env } from './env';

/** Never throws: the edit is saved already; a failure is logged without the hook URL (anyone holding it can start builds). */
export type RebuildResult = 'requested' | 'skipped' | 'failed';

export interface RebuildOptions {
  hookUrl?: string | undefined;
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
