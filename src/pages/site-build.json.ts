import type { APIRoute } from 'astro';

/** Served with the pages it was built with, so /admin can say when the live public pages were built. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ builtAt: new Date().toISOString() }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
