import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { CurrentUser, LoginBody, RegisterBody } from '../schemas/auth';
import { HttpError } from './http';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { createSession, sessionUserColumns } from './session';
import { policies, recordFailure, resetFailures, retryAfterSeconds } from './throttle';

export const messages = {
  wrongCredentials: 'Feil e-post eller passord',
  inactive: 'Kontoen din er deaktivert. Ta kontakt med oss hvis du mener dette er feil.',
  tooManyAttempts: 'For mange mislykkede innloggingsforsøk. Vent litt og prøv igjen.',
  tooManySignups: 'For mange nye kontoer fra denne adressen. Vent litt og prøv igjen.',
  emailTaken: 'Det finnes allerede en konto med denne e-postadressen. Logg inn i stedet.',
} as const;

function throttled(message: string, seconds: number): HttpError {
  return new HttpError(429, message, { retryAfter: seconds }, { 'Retry-After': String(seconds) });
}

export interface SignedIn {
  user: CurrentUser;
  token: string;
  expiresAt: Date;
}

export async function login(db: Db, input: LoginBody, ip: string): Promise<SignedIn> {
  const accountKey = `login:account:${input.email}`;
  const ipKey = `login:ip:${ip}`;
  const wait = await retryAfterSeconds(db, [accountKey, ipKey]);
  if (wait > 0) throw throttled(messages.tooManyAttempts, wait);

  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  // Unknown e-mail and wrong password cost the same time and give the same answer.
  const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !valid) {
    await recordFailure(db, accountKey, policies.loginAccount);
    await recordFailure(db, ipKey, policies.loginIp);
    throw new HttpError(401, messages.wrongCredentials);
  }
  // Only someone who knows the password learns that the account is deactivated.
  if (!row.isActive) throw new HttpError(403, messages.inactive);

  await resetFailures(db, accountKey);
  const { passwordHash: _, ...user } = row;
  const { token, session } = await createSession(db, user.id);
  return { user, token, expiresAt: session.expiresAt };
}

export async function register(db: Db, input: RegisterBody, ip: string): Promise<SignedIn> {
  const ipKey = `register:ip:${ip}`;
  const wait = await retryAfterSeconds(db, [ipKey]);
  if (wait > 0) throw throttled(messages.tooManySignups, wait);
  await recordFailure(db, ipKey, policies.registerIp);

  const passwordHash = await hashPassword(input.password);
  const [user] = await db
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
  if (!user) throw new HttpError(409, messages.emailTaken);

  const { token, session } = await createSession(db, user.id);
  return { user, token, expiresAt: session.expiresAt };
}
