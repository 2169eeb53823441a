import type { APIRoute } from 'astro';

/**
 * When this build of the site was made: written once at build time, served as a static file with
 * the pages it came with, so /admin can say when the public pages were last built (the CDN serves
 * the file of the build that is live).
 */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ builtAt: new Date().toISOString() }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
