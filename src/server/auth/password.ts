import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/** Argon2id via node:crypto (no native add-on); PHC strings as @node-rs/argon2 writes them, so stored hashes stay valid. */

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

/** No password matches it: the account opens only by its purchase's sign-in until a password is set. */
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

/** An unknown e-mail costs the same time as a wrong password, so response times reveal no accounts. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash;
}
