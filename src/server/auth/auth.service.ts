import { eq } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { users } from '../../../db/schema';
import type { CurrentUser, LoginBody, RegisterBody } from '../../schemas/auth';
import { AccountInactiveError, ConflictError, InvalidCredentialsError, ThrottledError } from '../platform/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { createSession, invalidateSession, sessionUserColumns } from './session';
import { verifyDeviceToken, issueDeviceToken } from './device';
import { queueVerification } from '../account/email.service';
import { clear, policies, release, reserve, reserveAll } from '../platform/throttle';

export const messages = {
  wrongCredentials: 'Feil e-post eller passord',
  inactive: 'Kontoen din er deaktivert. Ta kontakt med oss hvis du mener dette er feil.',
  tooManyAttempts: 'For mange mislykkede innloggingsforsøk. Vent litt og prøv igjen.',
  tooManySignups: 'For mange nye kontoer fra denne adressen. Vent litt og prøv igjen.',
  emailTaken: 'Det finnes allerede en konto med denne e-postadressen. Logg inn i stedet.',
} as const;

export interface SignedIn {
  user: CurrentUser;
  token: string;
  expiresAt: Date;
  deviceToken: string;
}

/** A device that signed in before is throttled on its own, so an attacker elsewhere cannot lock its owner out. */
function loginKeys(email: string, ip: string, deviceNonce: string | null) {
  if (deviceNonce) return [{ key: `login:device:${deviceNonce}`, policy: policies.loginDevice }];
  return [
    { key: `login:account-ip:${email}|${ip}`, policy: policies.loginAccountIp },
    { key: `login:ip:${ip}`, policy: policies.loginIp },
    { key: `login:account:${email}`, policy: policies.loginAccount },
  ];
}

/** Ends `previousSessionId` in the same transaction as the new session: no session fixation. */
export async function login(
  db: Db,
  input: LoginBody,
  ip: string,
  deviceToken: string | null = null,
  previousSessionId: string | null = null,
  userAgent: string | null = null,
): Promise<SignedIn> {
  const keys = loginKeys(input.email, ip, verifyDeviceToken(deviceToken, input.email));
  // Counted before the password check, atomically, so parallel guesses get no extra password checks.
  const reservation = await reserveAll(db, keys);
  if (!reservation.allowed) throw new ThrottledError(messages.tooManyAttempts, reservation.retryAfter);

  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  // Unknown e-mail and wrong password cost the same time and give the same answer.
  const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !valid) throw new InvalidCredentialsError(messages.wrongCredentials);
  // Only someone who knows the password learns that the account is deactivated.
  if (!row.isActive) throw new AccountInactiveError(messages.inactive);

  const { passwordHash: _, ...user } = row;
  const signedIn = await atomically(db, async (tx) => {
    const [specific, ...shared] = keys;
    if (specific) await clear(tx, specific.key);
    for (const { key, policy } of shared) await release(tx, key, policy);
    if (previousSessionId) await invalidateSession(tx, previousSessionId);
    return createSession(tx, user.id, new Date(), userAgent);
  });
  return { user, token: signedIn.token, expiresAt: signedIn.session.expiresAt, deviceToken: issueDeviceToken(user.email) };
}

export async function register(
  db: Db,
  input: RegisterBody,
  ip: string,
  previousSessionId: string | null = null,
  userAgent: string | null = null,
): Promise<SignedIn> {
  // Outside the transaction: a failed sign-up still counts, and the row lock is not held through the hash.
  const reservation = await reserve(db, `register:ip:${ip}`, policies.registerIp);
  if (!reservation.allowed) throw new ThrottledError(messages.tooManySignups, reservation.retryAfter);

  const passwordHash = await hashPassword(input.password);
  return atomically(db, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'individual',
      })
      .onConflictDoNothing({ target: users.email })
      .returning(sessionUserColumns);
    if (!user) throw new ConflictError(messages.emailTaken);
    if (previousSessionId) await invalidateSession(tx, previousSessionId);
    await queueVerification(tx, user);
    const { token, session } = await createSession(tx, user.id, new Date(), userAgent);
    return { user, token, expiresAt: session.expiresAt, deviceToken: issueDeviceToken(user.email) };
  });
}
