import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedSecurityHeaders, staticCsp } from './security-headers';

/** netlify.toml cannot import TypeScript, so this test keeps its headers equal to ours. */
function netlifyTomlHeaders(): Record<string, string> {
  const toml = readFileSync('netlify.toml', 'utf8');
  const block = toml.split('[[headers]]').find((b) => /for = "\/\*"/.test(b)) ?? '';
  return Object.fromEntries([...block.matchAll(/^\s+([\w-]+) = "(.*)"$/gm)].filter((m) => m[1] !== 'for').map((m) => [m[1]!, m[2]!]));
}

describe('security headers', () => {
  it('are the same for static files (netlify.toml) and function responses', () => {
    expect(netlifyTomlHeaders()).toEqual({ ...sharedSecurityHeaders, 'Content-Security-Policy': staticCsp });
  });

  it('never allow inline scripts and forbid framing', () => {
    expect(staticCsp).not.toContain('unsafe-inline');
    expect(staticCsp).toContain("frame-ancestors 'none'");
  });
});
