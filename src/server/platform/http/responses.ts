import { apiSecurityHeaders } from '../security-headers';
import type { HttpError } from './errors';

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function pageResponse(url: URL, page: { items: unknown[]; nextCursor: string | null }): Response {
  const headers = new Headers();
  if (page.nextCursor) {
    const next = new URLSearchParams();
    const limit = url.searchParams.get('limit');
    if (limit !== null) next.set('limit', limit);
    next.set('cursor', page.nextCursor);
    headers.set('X-Next-Cursor', page.nextCursor);
    headers.set('Link', `<${url.pathname}?${next.toString()}>; rel="next"`);
  }
  return json(page.items, { headers });
}

export function redirect(location: string, status: 302 | 303 = 302): Response {
  return new Response(null, { status, headers: { Location: location } });
}

export function errorResponse(error: HttpError): Response {
  return json({ error: error.message, ...error.extra }, { status: error.status, headers: error.headers });
}

export function withApiHeaders(response: Response, cookies: string[]): Response {
  // Copy into a fresh Response: bodies from fetch()/Response.json() may have immutable headers.
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(apiSecurityHeaders)) {
    // A response may bring a stricter or page-specific policy of its own (the sign-out page).
    if (name === 'Content-Security-Policy' && headers.has(name)) continue;
    headers.set(name, value);
  }
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function signOutPage(): Response {
  const html = `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Logg ut – KI Akademiet</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#111}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#4338ca;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #111;outline-offset:2px}a{color:#3730a3}</style>
</head>
<body>
<main>
<h1>Vil du logge ut?</h1>
<p>Bekreft at du vil logge ut av KI Akademiet på denne enheten.</p>
<form method="post" action="/api/logout"><button type="submit">Logg ut</button></form>
<p><a href="/">Nei, gå tilbake til forsiden</a></p>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    },
  });
}
