import { hash, verify } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum that isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2;

/** OWASP's Argon2id baseline: 19 MiB, two passes, one lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throwaway password. Verifying against it when an e-mail is
 * unknown makes a miss cost the same time as a wrong password, so response
 * times do not reveal which e-mail addresses have accounts.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash;
}
