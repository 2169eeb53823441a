import type { AstroGlobal } from 'astro';
import { env } from '../platform/env';
import { sharedSecurityHeaders } from '../platform/security-headers';

/**
 * The shared guard of the signed-in pages rendered on demand (the course player, /admin and
 * every later page on src/layouts/AppLayout.astro, which refuses to render without it). Without a `session` cookie it returns the 302 to sign-in (and back), so no
 * markup is sent; the cookie is not checked here (that would need the database): the
 * island's AccessGate asks the server, and every API checks the real session and role.
 * Otherwise it sets the headers a function response needs, since it gets none from
 * netlify.toml: the shared security headers except the CSP, which is Astro's own here
 * (with the page's script hashes), plus frame-ancestors, which a <meta> policy cannot
 * carry; the media hosts of the setting MEDIA_HOSTS in media-src and img-src, so the player
 * plays what the admin could store; and no caching.
 */
export function guardAppPage(astro: AstroGlobal): Response | undefined {
  if (!astro.cookies.has('session')) {
    const next = astro.url.pathname + astro.url.search;
    return astro.redirect(`/api/login?next=${encodeURIComponent(next)}`, 302);
  }
  for (const [name, value] of Object.entries(sharedSecurityHeaders)) {
    if (name !== 'Content-Security-Policy') astro.response.headers.set(name, value);
  }
  astro.csp?.insertDirective("frame-ancestors 'none'");
  // The media hosts lessons may use (MEDIA_HOSTS, decision 25), beside the configured 'self'.
  for (const directive of mediaCspDirectives(env.MEDIA_HOSTS)) astro.csp?.insertDirective(directive);
  astro.response.headers.set('Cache-Control', 'private, no-store');
  // src/layouts/AppLayout.astro renders only after this guard has run.
  astro.locals.appPageGuarded = true;
  return undefined;
}

/**
 * The headers of a public page rendered on demand (the certificate check /bevis/{code}):
 * what `guardAppPage` sets without the sign-in, and `X-Robots-Tag: noindex` for a page search
 * engines must leave out (the page's <meta name="robots"> says the same). The default cache rule
 * revalidates every time; a page whose answer must never be stored (the certificate check, which
 * counts lookups) sets `no-store` after this.
 */
export function publicPageHeaders(astro: AstroGlobal, options: { noindex: boolean }): void {
  for (const [name, value] of Object.entries(sharedSecurityHeaders)) {
    if (name !== 'Content-Security-Policy') astro.response.headers.set(name, value);
  }
  astro.csp?.insertDirective("frame-ancestors 'none'");
  if (options.noindex) astro.response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  astro.response.headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
}

/**
 * The directives that let a page load lesson media from the allowed hosts; Astro merges each with
 * the configured one of the same name (`media-src 'self'` → `media-src 'self' https://…`).
 */
export function mediaCspDirectives(origins: readonly string[]): (`media-src ${string}` | `img-src ${string}`)[] {
  if (origins.length === 0) return [];
  const list = origins.join(' ');
  return [`media-src 'self' ${list}`, `img-src 'self' data: ${list}`];
}

/**
 * The headers of '/' for a visitor without a session: the landing page, the same for every such
 * visitor. What `publicPageHeaders` sets, and Netlify's CDN may keep it (until the next deploy,
 * which empties the cache) for requests without a `session` cookie only: a signed-in visitor's
 * dashboard is rendered for that visitor (`guardAppPage`: no caching anywhere).
 */
export function publicLandingHeaders(astro: AstroGlobal): void {
  publicPageHeaders(astro, { noindex: false });
  astro.response.headers.set('Netlify-CDN-Cache-Control', 'public, durable, s-maxage=300, stale-while-revalidate=86400');
  astro.response.headers.set('Netlify-Vary', 'cookie=session');
}
