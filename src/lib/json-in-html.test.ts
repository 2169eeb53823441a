import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonForHtml } from './json-in-html';

describe('jsonForHtml', () => {
  it.each([
    ['<', '\\u003c'],
    ['>', '\\u003e'],
    ['&', '\\u0026'],
    ['\u2028', '\\u2028'],
    ['\u2029', '\\u2029'],
  ])('escapes %j as %s', (char, escaped) => {
    expect(jsonForHtml(`a${char}b`)).toBe(`"a${escaped}b"`);
  });

  it('leaves no character that can end the script element, open a comment or form an entity', () => {
    const hostile = {
      name: 'X</script><script>alert(document.domain)</script>',
      comment: '<!-- <script> -->',
      entity: '&lt;&amp;&#60;',
      lines: 'a\u2028b\u2029c',
      nested: ['</SCRIPT >', { deeper: '</sCrIpT\n>' }],
    };
    const out = jsonForHtml(hostile);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out.toLowerCase()).not.toContain('</script');
    expect(JSON.parse(out)).toEqual(hostile);
  });

  it('is JSON that parses back to the same value, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = jsonForHtml(value);
        expect(out).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('<', '>', '&', '/', '\u2028', '\u2029', '"', '\\', 's', 'c', 'r', 'i', 'p', 't', '!', '-') }),
        (text) => {
          const out = jsonForHtml({ text });
          expect(out).not.toMatch(/[<>&\u2028\u2029]/);
          expect(JSON.parse(out)).toEqual({ text });
        },
      ),
    );
  });

  it('is JSON.stringify where nothing needs escaping', () => {
    const plain = { '@type': 'Course', name: 'ChatGPT Mester', price: 1990, url: 'https://example.no/a?b=c' };
    expect(jsonForHtml(plain)).toBe(JSON.stringify(plain));
  });

  it('refuses a value without a JSON form rather than write "undefined" into the page', () => {
    expect(() => jsonForHtml(undefined)).toThrow(TypeError);
    expect(() => jsonForHtml(() => 1)).toThrow(TypeError);
  });
});
