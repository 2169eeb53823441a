import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Argon2id with Node's own implementation (node:crypto, Node ≥ 24.7): no native add-on
 * to ship in every function bundle (docs/decisions/0018-function-bundles.md). Hashes are
 * PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`, unpadded base64), the format the
 * reference implementation and @node-rs/argon2 write, so stored hashes stay valid.
 */

/** OWASP's Argon2id baseline: 19 MiB, two passes, one lane. */
const PARAMS = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const SALT_BYTES = 16;
const TAG_BYTES = 32;
const VERSION = 19;

type Algorithm = 'argon2id' | 'argon2i' | 'argon2d';
interface Params {
  memory: number;
  passes: number;
  parallelism: number;
}

function derive(algorithm: Algorithm, password: string, salt: Buffer, params: Params, tagLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2(algorithm, { message: password, nonce: salt, tagLength, ...params }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/**
 * The password hash of an account made by a guest's purchase: no password matches
 * it, so the account is opened only by the purchase's own sign-in until its owner sets one.
 */
export const NO_PASSWORD = '!no-password';

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await derive('argon2id', password, salt, PARAMS, TAG_BYTES);
  return `$argon2id$v=${VERSION}$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(salt)}$${b64(tag)}`;
}

const PHC = /^\$(argon2id|argon2i|argon2d)\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const match = PHC.exec(passwordHash);
  if (!match || Number(match[2]) !== VERSION) return false;
  const [, algorithm, , m, t, p, salt, tag] = match;
  const expected = Buffer.from(tag!, 'base64');
  try {
    const params = { memory: Number(m), passes: Number(t), parallelism: Number(p) };
    const actual = await derive(algorithm as Algorithm, password, Buffer.from(salt!, 'base64'), params, expected.length);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
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
