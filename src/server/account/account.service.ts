import { createHash } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions, users } from '../../../db/schema';
import { NotFoundError } from '../platform/errors';
import { NO_PASSWORD } from '../auth/password';
import { sessionUserColumns } from '../auth/session';
import { deviceLabel } from './devices';
import { pendingEmailOf } from './email.service';
import { accountMessages } from './messages';

export async function accountOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      emailReminders: users.emailReminders,
      createdAt: users.createdAt,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new NotFoundError('Fant ikke kontoen.');
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    // A guest buyer's account has none until its owner chooses one: /konto then confirms by mail.
    hasPassword: row.passwordHash !== NO_PASSWORD,
    pendingEmail: await pendingEmailOf(db, userId),
    preferences: { reminders: row.emailReminders },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function updateProfile(db: Db, userId: string, name: { firstName: string; lastName: string }) {
  const [user] = await db.update(users).set(name).where(eq(users.id, userId)).returning(sessionUserColumns);
  if (!user) throw new NotFoundError('Fant ikke kontoen.');
  return user;
}

export async function setPreferences(db: Db, userId: string, preferences: { reminders: boolean }) {
  await db.update(users).set({ emailReminders: preferences.reminders }).where(eq(users.id, userId));
  return { reminders: preferences.reminders };
}

/** A hash of the session's id, never the id itself (half of the cookie's token). */
export const sessionHandle = (sessionId: string) => createHash('sha256').update(`session-handle:${sessionId}`).digest('hex').slice(0, 24);

export async function sessionsOf(db: Db, userId: string, currentSessionId: string) {
  const rows = await db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: sessionHandle(row.id),
    current: row.id === currentSessionId,
    device: deviceLabel(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
  }));
}

/** Another account's session is 404, as unknown. */
export async function endSession(db: Db, userId: string, handle: string): Promise<{ sessionId: string }> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = rows.find((row) => sessionHandle(row.id) === handle);
  if (!match) throw new NotFoundError(accountMessages.sessionNotFound);
  await db.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.userId, userId)));
  return { sessionId: match.id };
}

export async function endOtherSessions(db: Db, userId: string, currentSessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
