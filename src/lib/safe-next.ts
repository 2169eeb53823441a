/**
 * Where to go after signing in. Only same-site paths are allowed: anything that
 * could leave the site ('//evil.example', '/\\evil', 'https://…') or loop back
 * into the sign-in flow falls back to '/'.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const base = 'http://same.site';
    const url = new URL(next, base);
    if (url.origin !== base) return '/';
    if (url.pathname === '/logg-inn' || url.pathname.startsWith('/api/')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
