import type { AstroGlobal } from 'astro';
import { env } from '../platform/env';
import { sharedSecurityHeaders } from '../platform/security-headers';

/** No session cookie: a 302 to sign-in; the cookie itself is checked by every API, not here (no database). */
// Function responses get no netlify.toml headers; the CSP is Astro's own (it carries the page's script hashes).
export function guardAppPage(astro: AstroGlobal): Response | undefined {
  if (!astro.cookies.has('session')) {
    const next = astro.url.pathname + astro.url.search;
    return astro.redirect(`/api/login?next=${encodeURIComponent(next)}`, 302);
  }
  for (const [name, value] of Object.entries(sharedSecurityHeaders)) {
    if (name !== 'Content-Security-Policy') astro.response.headers.set(name, value);
  }
  astro.csp?.insertDirective("frame-ancestors 'none'");
  for (const directive of mediaCspDirectives(env.MEDIA_HOSTS)) astro.csp?.insertDirective(directive);
  astro.response.headers.set('Cache-Control', 'private, no-store');
  astro.locals.appPageGuarded = true;
  return undefined;
}

/** A page whose answer must never be stored sets `no-store` after this. */
export function publicPageHeaders(astro: AstroGlobal, options: { noindex: boolean }): void {
  for (const [name, value] of Object.entries(sharedSecurityHeaders)) {
    if (name !== 'Content-Security-Policy') astro.response.headers.set(name, value);
  }
  astro.csp?.insertDirective("frame-ancestors 'none'");
  if (options.noindex) astro.response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  astro.response.headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
}

export function mediaCspDirectives(origins: readonly string[]): (`media-src ${string}` | `img-src ${string}`)[] {
  if (origins.length === 0) return [];
  const list = origins.join(' ');
  return [`media-src 'self' ${list}`, `img-src 'self' data: ${list}`];
}

/** The CDN may cache '/' only for requests without a session cookie; a signed-in dashboard is never cached. */
export function publicLandingHeaders(astro: AstroGlobal): void {
  publicPageHeaders(astro, { noindex: false });
  astro.response.headers.set('Netlify-CDN-Cache-Control', 'public, durable, s-maxage=300, stale-while-revalidate=86400');
  astro.response.headers.set('Netlify-Vary', 'cookie=session');
}
