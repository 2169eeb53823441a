/**
 * Security headers. Static files get these through netlify.toml (kept in sync by
 * a unit test); function responses and on-demand pages set them themselves, since
 * netlify.toml headers never reach functions.
 */

/**
 * The HTML pages' header CSP. Script and style sources are left to the
 * `<meta>` policy Astro writes per page with the hashes of its inline scripts
 * and styles (both policies apply, so neither may allow more than intended);
 * the header adds what a meta tag cannot carry, such as frame-ancestors.
 */
export const staticCsp = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; upgrade-insecure-requests";

/**
 * Every page's headers: static files get exactly these (netlify.toml, `npm run serve`). A page
 * rendered on demand sets all but the CSP from here; its CSP header is Astro's own (with the
 * page's script hashes), to which the page adds `frame-ancestors 'none'` with
 * `Astro.csp.insertDirective` (see src/pages/course/[courseId].astro). API responses replace
 * the CSP with `apiCsp`.
 */
export const sharedSecurityHeaders: Record<string, string> = {
  'Content-Security-Policy': staticCsp,
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)',
};

/** JSON API responses load nothing and may be framed by no one. */
export const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export const apiSecurityHeaders: Record<string, string> = {
  ...sharedSecurityHeaders,
  'Content-Security-Policy': apiCsp,
};
