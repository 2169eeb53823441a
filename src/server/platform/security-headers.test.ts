import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, sharedSecurityHeaders, staticCsp } from './security-headers';

/** The `[[headers]]` blocks of netlify.toml: `for` pattern → headers (netlify.toml cannot import TypeScript). */
function netlifyTomlHeaders(): Map<string, Record<string, string>> {
  const toml = readFileSync('netlify.toml', 'utf8');
  const blocks = toml.split('[[headers]]').slice(1);
  return new Map(
    blocks.map((block) => {
      const lines = block.split(/\n\s*\[(?!headers\.values\])/)[0]!; // up to the next table
      const values = [...lines.matchAll(/^\s+([\w-]+) = "(.*)"$/gm)].map((m) => [m[1]!, m[2]!] as const);
      const forPattern = values.find(([name]) => name === 'for')?.[1] ?? '';
      return [forPattern, Object.fromEntries(values.filter(([name]) => name !== 'for'))];
    }),
  );
}

/** What the issue requires everywhere: no framing, no MIME sniffing, no full URLs to other sites, HTTPS only. */
function expectBaseline(headers: Record<string, string>) {
  expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  // No plugins: object-src 'none', or default-src 'none' which covers it.
  expect(headers['Content-Security-Policy']).toMatch(/\b(object-src|default-src) 'none'/);
  expect(headers['X-Content-Type-Options']).toBe('nosniff');
  expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['X-Frame-Options']).toBe('DENY');
  expect(headers['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}/);
}

describe('security headers', () => {
  it('are the same for static files (netlify.toml) and pages and functions the server renders', () => {
    const all = netlifyTomlHeaders().get('/*');
    expect(all).toEqual(sharedSecurityHeaders);
    expect(sharedSecurityHeaders['Content-Security-Policy']).toBe(staticCsp);
    // Function responses: the same set, with the API's own CSP.
    expect(Object.keys(apiSecurityHeaders).sort()).toEqual(Object.keys(sharedSecurityHeaders).sort());
    expect({ ...apiSecurityHeaders, 'Content-Security-Policy': staticCsp }).toEqual(sharedSecurityHeaders);
  });

  it('carry the baseline: CSP with frame-ancestors, nosniff, referrer policy, HSTS, no framing', () => {
    expectBaseline(sharedSecurityHeaders);
    expectBaseline(apiSecurityHeaders);
    expect(apiSecurityHeaders['Content-Security-Policy']).toContain("default-src 'none'");
  });

  it('payments by redirect need no widening: the Payment Request API stays off, forms post only to us (decision 27)', () => {
    // Vipps ePayment and card payments leave the site by a top-level navigation to the provider
    // (the checkout POSTs to /api with fetch, then sets location) and come back the same way.
    // Neither needs the Payment Request API, a provider frame, a provider script or a form that
    // posts elsewhere; widening any of these belongs with a provider that truly needs it.
    expect(sharedSecurityHeaders['Permissions-Policy']).toContain('payment=()');
    expect(staticCsp).toContain("form-action 'self'");
    expect(staticCsp).toContain("frame-ancestors 'none'");
  });

  it('no other netlify.toml block weakens them (other blocks only add caching)', () => {
    for (const [pattern, headers] of netlifyTomlHeaders()) {
      if (pattern === '/*') continue;
      for (const name of Object.keys(sharedSecurityHeaders)) expect(headers, `${pattern} sets ${name}`).not.toHaveProperty(name);
    }
  });

  it('never allow inline scripts and forbid framing', () => {
    expect(staticCsp).not.toContain('unsafe-inline');
    expect(staticCsp).not.toContain('unsafe-eval');
    expect(staticCsp).toContain("frame-ancestors 'none'");
  });
});
