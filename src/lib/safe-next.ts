const BASE = 'http://same.site';

/** True when a browser, resolving `path` as a Location header or location.assign(), stays on this site. */
function isSameSitePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  try {
    return new URL(path, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** Normalising dot segments can turn '/.//evil.example' or '/%2e//evil' into '//evil…', so both input and result are checked. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !isSameSitePath(next)) return '/';
  try {
    const url = new URL(next, BASE);
    if (url.pathname === '/logg-inn' || url.pathname.startsWith('/api/')) return '/';
    const result = `${url.pathname}${url.search}${url.hash}`;
    return isSameSitePath(result) ? result : '/';
  } catch {
    return '/';
  }
}
