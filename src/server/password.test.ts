import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '../../db/seed';
import { verifyPassword } from './password';

describe('the demo accounts’ stored password hash (db/seed.ts)', () => {
  it('is an Argon2id hash with the app’s parameters that verifies the demo password', async () => {
    expect(DEMO_PASSWORD_HASH).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, 'demo12345')).toBe(false);
  });
});
