import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

/** Fixed so that a failure reproduces; fast-check prints it with any counterexample. */
const SEED = 20_240_611;
const NUM_RUNS = 5_000;
const ORIGIN = 'https://x.example';

/** What a browser does with the result as a Location header or location.assign(). */
function staysOnSite(result: string): boolean {
  if (result === '/') return true;
  if (!result.startsWith('/') || result.startsWith('//') || result.startsWith('/\\')) return false;
  try {
    return new URL(result, ORIGIN).origin === ORIGIN;
  } catch {
    return false;
  }
}

/** Pieces that have turned paths into protocol-relative or cross-origin URLs. */
const dangerous = fc.constantFrom('/', '\\', '.', '..', '%2e', '%2E', '%2f', '%5c', '\t', '\n', '\r', '@', ':', 'evil.example', '?', '#', 'a');
const dangerousInput = fc.array(dangerous, { maxLength: 12 }).map((parts) => parts.join(''));

describe('safeNextPath', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeNextPath('/course/grunnleggende-ki?moduleId=abc#x')).toBe('/course/grunnleggende-ki?moduleId=abc#x');
    expect(safeNextPath('/')).toBe('/');
  });

  it.each([null, undefined, '', 'course', '//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)'])(
    'sends %s home',
    (next) => expect(safeNextPath(next)).toBe('/'),
  );

  it('never loops back into the sign-in flow', () => {
    expect(safeNextPath('/logg-inn')).toBe('/');
    expect(safeNextPath('/api/login?next=/')).toBe('/');
  });

  // Regression: each of these normalised to a protocol-relative '//evil…', so signing in at
  // /logg-inn?next=/.//evil.example/phish landed on http://evil.example/phish.
  it.each([
    '/.//evil.example',
    '/.//evil.example/phish',
    '/..//evil',
    '/a/..//evil',
    '/%2e//evil',
    '/%2E%2E//evil',
    '/.\t//evil.example',
    '/.\n//evil.example',
    '/\t/evil.example',
    '/.\\/evil.example',
    '/./\\evil.example',
    '/a/../\\evil.example',
  ])('regression: open redirect via normalisation, %j goes home', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('still normalises harmless dot segments', () => {
    expect(safeNextPath('/a/./b/../c?x=1#y')).toBe('/a/c?x=1#y');
    expect(safeNextPath('/?next=//evil.example')).toBe('/?next=//evil.example');
  });

  it(`property: any string gives '/' or a same-origin path (seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string().map((s) => `/${s}`),
        ),
        (next) => staysOnSite(safeNextPath(next)),
      ),
      { seed: SEED, numRuns: NUM_RUNS },
    );
  });

  it(`property: strings from a dangerous alphabet give '/' or a same-origin path (seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          dangerousInput,
          dangerousInput.map((s) => `/${s}`),
        ),
        (next) => staysOnSite(safeNextPath(next)),
      ),
      { seed: SEED, numRuns: NUM_RUNS },
    );
  });
});
