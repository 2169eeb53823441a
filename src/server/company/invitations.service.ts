import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { companyInvitations, companySeats, users } from '../../../db/schema';
import { email as emailSchema } from '../../schemas/auth';
import { MAX_INVITATIONS } from '../../schemas/company';
import { absoluteUrl, hashToken } from '../account/tokens';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/errors';
import { queueMail } from '../mail/outbox';
import { hashPassword } from '../auth/password';
import { createSession, type SessionUser } from '../auth/session';
import { companyRow, packageInfo } from './company.service';
import { companyTexts } from './messages';
import { assignSeat, lockCompany, seatCounts } from './seats.service';

/** Only the token's SHA-256 is stored; accepting runs under the company's row lock, so holders never exceed seats. */

const VALID_DAYS = 14;
const DAY_MS = 86_400_000;

const acceptLink = (token: string) => absoluteUrl(`/invitasjon#token=${token}`);

export interface InvitationPreview {
  valid: { row: number; email: string }[];
  invalid: { row: number; value: string; reason: string }[];
  duplicates: { row: number; email: string }[];
  existing: { row: number; email: string; reason: string }[];
  freeSeats: number;
  tooMany: boolean;
}

/** A first line without any address is a header. */
export async function previewInvitations(db: Db, companyId: string, text: string): Promise<InvitationPreview> {
  const preview: InvitationPreview = { valid: [], invalid: [], duplicates: [], existing: [], freeSeats: 0, tooMany: false };
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((line, index) => {
    const row = index + 1;
    const cells = line
      .split(/[,;\t]/)
      .map((cell) =>
        cell
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter(Boolean);
    if (cells.length === 0) return;
    const addresses = cells.filter((cell) => cell.includes('@'));
    if (addresses.length === 0) {
      if (index !== 0) preview.invalid.push({ row, value: line.trim().slice(0, 200), reason: 'Ingen e-postadresse på linjen' });
      return;
    }
    for (const value of addresses) {
      const parsed = emailSchema.safeParse(value);
      if (!parsed.success) {
        preview.invalid.push({ row, value: value.slice(0, 200), reason: parsed.error.issues[0]?.message ?? 'Ugyldig e-postadresse' });
        continue;
      }
      if (seen.has(parsed.data)) preview.duplicates.push({ row, email: parsed.data });
      else {
        seen.add(parsed.data);
        preview.valid.push({ row, email: parsed.data });
      }
    }
  });
  const emails = preview.valid.map((v) => v.email);
  if (emails.length > 0) {
    const seated = await db
      .select({ email: users.email })
      .from(companySeats)
      .innerJoin(users, eq(users.id, companySeats.userId))
      .where(and(eq(companySeats.companyId, companyId), isNull(companySeats.revokedAt), inArray(users.email, emails)));
    const invited = await db
      .select({ email: companyInvitations.email })
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, companyId),
          eq(companyInvitations.status, 'pending'),
          sql`${companyInvitations.expiresAt} > now()`,
          inArray(companyInvitations.email, emails),
        ),
      );
    const reasons = new Map<string, string>([
      ...invited.map((r) => [r.email, 'Er allerede invitert'] as const),
      ...seated.map((r) => [r.email, 'Har allerede en plass'] as const),
    ]);
    preview.existing = preview.valid.filter((v) => reasons.has(v.email)).map((v) => ({ ...v, reason: reasons.get(v.email)! }));
    preview.valid = preview.valid.filter((v) => !reasons.has(v.email));
  }
  preview.freeSeats = (await seatCounts(db, companyId)).free;
  preview.tooMany = preview.valid.length > MAX_INVITATIONS;
  return preview;
}

async function queueInvitation(tx: Db, invitation: { email: string; token: string }, company: { name: string }, inviter: SessionUser) {
  const pkg = await packageInfo(tx);
  await queueMail(tx, {
    to: invitation.email,
    template: 'company-invitation',
    props: {
      companyName: company.name,
      inviterName: `${inviter.firstName} ${inviter.lastName}`.trim(),
      acceptUrl: acceptLink(invitation.token),
      courseTitles: pkg.courses.map((c) => c.title),
      validDays: VALID_DAYS,
    },
  });
}

export async function invite(db: Db, companyId: string, inviter: SessionUser, emails: string[], now = new Date()): Promise<number> {
  const preview = await previewInvitations(db, companyId, [...new Set(emails)].join('\n'));
  if (preview.invalid.length) throw new BadRequestError(`${preview.invalid[0]!.value}: ${preview.invalid[0]!.reason}`, 'emails');
  const company = await companyRow(db, companyId);
  return atomically(db, async (tx) => {
    let created = 0;
    for (const { email } of preview.valid) {
      const token = randomBytes(32).toString('base64url');
      const [row] = await tx
        .insert(companyInvitations)
        .values({ companyId, email, tokenHash: hashToken(token), invitedBy: inviter.id, expiresAt: new Date(now.getTime() + VALID_DAYS * DAY_MS) })
        .onConflictDoNothing()
        .returning({ id: companyInvitations.id });
      if (!row) continue;
      await queueInvitation(tx, { email, token }, company, inviter);
      created++;
    }
    return created;
  });
}

export async function listInvitations(db: Db, companyId: string, now = new Date()) {
  const rows = await db
    .select({
      id: companyInvitations.id,
      email: companyInvitations.email,
      status: companyInvitations.status,
      createdAt: companyInvitations.createdAt,
      expiresAt: companyInvitations.expiresAt,
      lastSentAt: companyInvitations.lastSentAt,
    })
    .from(companyInvitations)
    .where(eq(companyInvitations.companyId, companyId))
    .orderBy(desc(companyInvitations.createdAt))
    .limit(1000);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    status: r.status === 'pending' && r.expiresAt.getTime() <= now.getTime() ? ('expired' as const) : r.status,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    lastSentAt: r.lastSentAt.toISOString(),
  }));
}

/** The old link stops working. */
export async function resendInvitation(db: Db, companyId: string, inviter: SessionUser, invitationId: string, now = new Date()): Promise<void> {
  const company = await companyRow(db, companyId);
  await atomically(db, async (tx) => {
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .update(companyInvitations)
      .set({ tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + VALID_DAYS * DAY_MS), lastSentAt: now })
      .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId), eq(companyInvitations.status, 'pending')))
      .returning({ email: companyInvitations.email });
    if (!row) throw new NotFoundError(companyTexts.invitationNotFound);
    await queueInvitation(tx, { email: row.email, token }, company, inviter);
  });
}

export async function cancelInvitation(db: Db, companyId: string, invitationId: string): Promise<void> {
  const [row] = await db
    .update(companyInvitations)
    .set({ status: 'cancelled' })
    .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId), eq(companyInvitations.status, 'pending')))
    .returning({ id: companyInvitations.id });
  if (!row) throw new NotFoundError(companyTexts.invitationNotFound);
}

async function pendingByToken(db: Db, token: string, lock = false) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const query = db
    .select()
    .from(companyInvitations)
    .where(
      and(eq(companyInvitations.tokenHash, hashToken(token)), eq(companyInvitations.status, 'pending'), sql`${companyInvitations.expiresAt} > now()`),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function lookupInvitation(db: Db, token: string, user: SessionUser | null) {
  const invitation = await pendingByToken(db, token);
  if (!invitation) throw new BadRequestError(companyTexts.invitationInvalid, 'token');
  const company = await companyRow(db, invitation.companyId);
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  return { companyName: company.name, email: invitation.email, accountExists: account !== undefined, signedInAs: user?.email ?? null };
}

export interface Accepted {
  companyName: string;
  session: { token: string; expiresAt: Date } | null;
}

/** An address that has an account needs the caller signed in as it; otherwise the link proves the address and an account is made. */
export async function acceptInvitation(
  db: Db,
  input: { token: string; firstName?: string | undefined; lastName?: string | undefined; password?: string | undefined },
  user: SessionUser | null,
  userAgent: string | null,
): Promise<Accepted> {
  const peek = await pendingByToken(db, input.token);
  if (!peek) throw new BadRequestError(companyTexts.invitationInvalid, 'token');
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, peek.email));
  if (existing && user?.id !== existing.id) throw new ConflictError(companyTexts.signInRequired(peek.email), 'sign_in_required');
  if (!existing && !(input.firstName && input.lastName && input.password)) throw new BadRequestError(companyTexts.namesRequired, 'password');
  const passwordHash = existing ? null : await hashPassword(input.password!);

  return atomically(db, async (tx) => {
    const invitation = await pendingByToken(tx, input.token, true);
    if (!invitation) throw new BadRequestError(companyTexts.invitationInvalid, 'token');
    const company = await lockCompany(tx, invitation.companyId);
    let userId = existing?.id ?? null;
    if (!userId) {
      const [made] = await tx
        .insert(users)
        .values({ email: invitation.email, passwordHash: passwordHash!, firstName: input.firstName!, lastName: input.lastName!, role: 'individual' })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!made) throw new ConflictError(companyTexts.signInRequired(invitation.email), 'sign_in_required');
      userId = made.id;
    }
    await assignSeat(tx, company, userId);
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId));
    await tx
      .update(companyInvitations)
      .set({ status: 'accepted', acceptedBy: userId, acceptedAt: new Date() })
      .where(eq(companyInvitations.id, invitation.id));
    const session = user?.id === userId ? null : await createSession(tx, userId, new Date(), userAgent);
    return { companyName: company.name, session: session ? { token: session.token, expiresAt: session.session.expiresAt } : null };
  });
}
