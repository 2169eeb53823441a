/** netlify.toml headers never reach functions, so functions and on-demand pages set these themselves (a unit test keeps both in sync). */

/** Script and style sources are left to Astro's per-page `<meta>` policy; both apply, so neither may allow more than intended. */
export const staticCsp = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; upgrade-insecure-requests";

export const sharedSecurityHeaders: Record<string, string> = {
  'Content-Security-Policy': staticCsp,
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)',
};

export const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export const apiSecurityHeaders: Record<string, string> = {
  ...sharedSecurityHeaders,
  'Content-Security-Policy': apiCsp,
};
