import { describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../server/auth/session';
import { hasSignedInHint, SIGNED_IN_HINT } from './signed-in-hint';

describe('the signed-in hint', () => {
  it('is the cookie the server sets', () => {
    expect(SIGNED_IN_HINT_COOKIE).toBe(SIGNED_IN_HINT);
  });

  it('is recognised only as signed_in=1', () => {
    expect(hasSignedInHint('signed_in=1')).toBe(true);
    expect(hasSignedInHint('a=b; signed_in=1; c=d')).toBe(true);
    expect(hasSignedInHint('signed_in=')).toBe(false);
    expect(hasSignedInHint('not_signed_in=1')).toBe(false);
    expect(hasSignedInHint('')).toBe(false);
  });
});
