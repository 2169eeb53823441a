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

/**
 * Where to go after signing in. Only same-site paths are allowed: anything that
 * could leave the site ('//evil.example', '/\\evil', 'https://…') or loop back
 * into the sign-in flow falls back to '/'.
 *
 * Both the input and the normalised result are checked: normalising dot segments
 * turns harmless-looking input such as '/.//evil.example' or '/%2e//evil' into
 * the protocol-relative '//evil…', which a browser would follow off-site.
 */
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
