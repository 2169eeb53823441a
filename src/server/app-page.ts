import type { AstroGlobal } from 'astro';
import { sharedSecurityHeaders } from './security-headers';

/**
 * The shared guard of the signed-in pages rendered on demand (the course player and
 * /admin). Without a `session` cookie it returns the 302 to sign-in (and back), so no
 * markup is sent; the cookie is not checked here (that would need the database): the
 * island's AccessGate asks the server, and every API checks the real session and role.
 * Otherwise it sets the headers a function response needs, since it gets none from
 * netlify.toml: the shared security headers except the CSP, which is Astro's own here
 * (with the page's script hashes), plus frame-ancestors, which a <meta> policy cannot
 * carry; and no caching.
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
  astro.response.headers.set('Cache-Control', 'private, no-store');
  return undefined;
}
