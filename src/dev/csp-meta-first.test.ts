import { describe, expect, it } from 'vitest';
import { moveCspMetaFirst } from './csp-meta-first';

const csp = `<meta http-equiv="content-security-policy" content="default-src 'self';script-src 'self' 'sha256-abc='">`;
const page = (head: string, before = '') =>
  `<!DOCTYPE html>${before}<html lang="nb"><head><meta charset="utf-8"><title>T</title>${head}</head><body><script type="module" src="/_astro/a.js"></script></body></html>`;

describe('moveCspMetaFirst', () => {
  it('moves the policy from the end of <head> to right after <meta charset>, ahead of every script', () => {
    const built = page(`<script type="application/ld+json">{}</script>${csp}<style>a{}</style>`);
    const moved = moveCspMetaFirst(built);
    expect(moved).toBe(
      `<!DOCTYPE html><html lang="nb"><head><meta charset="utf-8">${csp}<title>T</title><script type="application/ld+json">{}</script><style>a{}</style></head><body><script type="module" src="/_astro/a.js"></script></body></html>`,
    );
    expect(moved.indexOf(csp)).toBeLessThan(moved.indexOf('<script'));
    // Idempotent: a second run changes nothing.
    expect(moveCspMetaFirst(moved)).toBe(moved);
  });

  it('keeps whitespace and comments before <head> (the landing page starts with one)', () => {
    const built = `<!DOCTYPE html><!-- a comment --><html lang="nb"> <head>\n <meta charset="utf-8"> <title>T</title>${csp}</head><body></body></html>`;
    expect(moveCspMetaFirst(built)).toBe(
      `<!DOCTYPE html><!-- a comment --><html lang="nb"> <head>\n <meta charset="utf-8">${csp} <title>T</title></head><body></body></html>`,
    );
  });

  it('fails the build rather than guess: no policy, two policies, no charset first, charset past 1024 bytes', () => {
    expect(() => moveCspMetaFirst(page(''), 'a.html')).toThrow('a.html: expected one content-security-policy <meta>, found 0');
    // A second policy can only be an injection (or a layout writing its own): never pick one.
    expect(() => moveCspMetaFirst(page(`${csp}${csp}`))).toThrow('found 2');
    expect(() => moveCspMetaFirst(`<html><head><title>T</title><meta charset="utf-8">${csp}</head></html>`)).toThrow(
      'does not begin with <meta charset="utf-8">',
    );
    expect(() => moveCspMetaFirst(page(csp, `<!-- ${'x'.repeat(1024)} -->`))).toThrow('after the first 1024 bytes');
  });
});
