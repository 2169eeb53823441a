import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '../../../db/seed';
import { hashPassword, verifyPassword } from './password';

describe('the demo accounts’ stored password hash (db/seed.ts)', () => {
  it('is an Argon2id hash with the app’s parameters that verifies the demo password', async () => {
    expect(DEMO_PASSWORD_HASH).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, 'demo12345')).toBe(false);
  });
});

describe('hashPassword / verifyPassword (node:crypto Argon2id)', () => {
  it('writes a PHC string with the app’s parameters that verifies the password and nothing else', async () => {
    const hash = await hashPassword('et langt passord');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword(hash, 'et langt passord')).toBe(true);
    expect(await verifyPassword(hash, 'et langt passorD')).toBe(false);
    expect(await hashPassword('et langt passord')).not.toBe(hash);
  });

  it('rejects malformed or unsupported hashes instead of throwing', async () => {
    for (const bad of [
      '',
      'plain',
      '$argon2id$v=16$m=19456,t=2,p=1$PqfxDq6E6pROdIhKfaQNbg$OMNl5OTVeMXZD0zvUcYmOmMdksBeE+8A4kp0IjmDAzA',
      '$bcrypt$x',
    ]) {
      expect(await verifyPassword(bad, 'demo1234')).toBe(false);
    }
  });
});
