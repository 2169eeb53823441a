import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { companies, companyMemberships, companyTrials, type Order, users } from '../../../db/schema';
import { TRIAL_DAYS, TRIAL_REMINDER_DAYS, TRIAL_SEATS } from '../../lib/company-package';
import type { CompanyBody } from '../../schemas/company';
import { absoluteUrl } from '../account/tokens';
import { isUniqueViolation } from '../platform/db-errors';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../platform/errors';
import { formatLongDate } from '../../lib/format';
import { queueMail } from '../mail/outbox';
import { PAID_STATES, SEAT_STATES, statesSql } from '../products/order-states';
import type { SessionUser } from '../auth/session';
import { resolveCompany } from './company-resolve';
import { auditCompany, forgetCompanyView, lockCompanyRow, requireManager } from './memberships';
import { companyTexts } from './messages';
import { takeBackBeyond, takeBackExcessSeats } from './seats.service';

/** One trial per organisation number and per person, ever: locks serialise the starts and unique indexes hold the rule. */

const DAY_MS = 86_400_000;

export const trialTexts = {
  started: (name: string) => `Prøveperioden for ${name} har startet. Dere har ${TRIAL_SEATS} plasser i ${TRIAL_DAYS} dager.`,
  verifyFirst: 'Bekreft e-postadressen din før du starter prøveperioden.',
  personUsed: 'Du har allerede brukt prøveperioden. Kjøp plasser for å fortsette.',
  orgUsed: 'Denne bedriften har allerede hatt en prøveperiode. Kjøp plasser for å fortsette.',
  customer: 'Bedriften har allerede kjøpt plasser, så prøveperioden gjelder ikke for den.',
  noOrgNumber: 'Bedriften mangler organisasjonsnummer. Kontakt oss for å starte en prøveperiode.',
  companyRequired: 'Fyll ut opplysningene om bedriften',
} as const;

export interface ShownTrial {
  status: 'active' | 'converted' | 'ended';
  seats: number;
  startedAt: string;
  endsAt: string;
  daysLeft: number;
}

export const daysLeft = (endsAt: Date, now = new Date()) => Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));

export async function companyTrial(db: Db, companyId: string, now = new Date()): Promise<ShownTrial | null> {
  const [trial] = await db
    .select({ status: companyTrials.status, seats: companyTrials.seats, startedAt: companyTrials.startedAt, endsAt: companyTrials.endsAt })
    .from(companyTrials)
    .where(eq(companyTrials.companyId, companyId));
  if (!trial) return null;
  return {
    status: trial.status,
    seats: trial.seats,
    startedAt: trial.startedAt.toISOString(),
    endsAt: trial.endsAt.toISOString(),
    daysLeft: trial.status === 'active' ? daysLeft(trial.endsAt, now) : 0,
  };
}

export async function trialAvailableFor(db: Db, userId: string): Promise<boolean> {
  const [used] = await db.select({ id: companyTrials.id }).from(companyTrials).where(eq(companyTrials.startedBy, userId));
  return !used;
}

const lockOn = (tx: Db, key: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

export interface StartTrialBody {
  companyId?: string | undefined;
  company?: CompanyBody | undefined;
}

/** 403 until the caller's address is confirmed: anyone can type a valid organisation number. */
export async function startTrial(db: Db, user: SessionUser, body: StartTrialBody, now = new Date()) {
  if (!body.companyId && !body.company) throw new BadRequestError(trialTexts.companyRequired, 'company.name');
  if (body.companyId) await requireManager(db, user, body.companyId);
  const [me] = await db
    .select({ verified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL` })
    .from(users)
    .where(eq(users.id, user.id));
  if (me?.verified !== true) throw new ForbiddenError(trialTexts.verifyFirst, 'email_unverified');

  try {
    return await atomically(db, async (tx) => {
      // Always the person first, then the number: two starts never wait on each other crosswise.
      await lockOn(tx, `company-trial:person:${user.id}`);
      if (!(await trialAvailableFor(tx, user.id))) throw new ConflictError(trialTexts.personUsed, 'trial_used');
      const orgNumber = body.companyId ? await orgNumberOf(tx, body.companyId) : body.company!.orgNumber;
      if (!orgNumber) throw new ConflictError(trialTexts.noOrgNumber, 'trial_unavailable');
      await lockOn(tx, `company-trial:org:${orgNumber}`);
      const [sameNumber] = await tx.select({ id: companyTrials.id }).from(companyTrials).where(eq(companyTrials.orgNumber, orgNumber));
      if (sameNumber) throw new ConflictError(trialTexts.orgUsed, 'trial_used');

      const company = await resolveCompany(tx, user, body.companyId ? { companyId: body.companyId } : { company: body.company });
      await lockCompanyRow(tx, company.id);
      const [had] = await tx.select({ id: companyTrials.id }).from(companyTrials).where(eq(companyTrials.companyId, company.id));
      if (had) throw new ConflictError(trialTexts.orgUsed, 'trial_used');
      if (await hasBought(tx, company.id)) throw new ConflictError(trialTexts.customer, 'trial_unavailable');

      const endsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
      const [trial] = await tx
        .insert(companyTrials)
        .values({ companyId: company.id, orgNumber, startedBy: user.id, seats: TRIAL_SEATS, startedAt: now, endsAt })
        .returning({ id: companyTrials.id });
      await auditCompany(tx, {
        companyId: company.id,
        actorId: user.id,
        action: 'trial_started',
        detail: { trialId: trial!.id, seats: TRIAL_SEATS, endsAt: endsAt.toISOString() },
      });
      await forgetCompanyView(tx, company.id);
      return { companyId: company.id, endsAt: endsAt.toISOString(), seats: TRIAL_SEATS, message: trialTexts.started(company.name) };
    });
  } catch (error) {
    // Only reachable past the locks; the unique index still says no.
    if (isUniqueViolation(error)) throw new ConflictError(trialTexts.orgUsed, 'trial_used');
    throw error;
  }
}

async function orgNumberOf(tx: Db, companyId: string): Promise<string | null> {
  const [row] = await tx.select({ orgNumber: companies.orgNumber }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new NotFoundError(companyTexts.companyNotFound);
  return row.orgNumber;
}

async function hasBought(tx: Db, companyId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`SELECT 1 FROM orders WHERE company_id = ${companyId} AND status IN ${statesSql([...new Set([...SEAT_STATES, ...PAID_STATES])])} LIMIT 1`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** People keep their seats up to the seats bought, with no gap between the trial's seats and the bought ones. */
export async function convertTrial(tx: Db, order: Pick<Order, 'id' | 'companyId'>): Promise<boolean> {
  if (!order.companyId) return false;
  await lockCompanyRow(tx, order.companyId);
  const [trial] = await tx
    .update(companyTrials)
    .set({ status: 'converted', closedAt: sql`now()`, orderId: order.id })
    .where(and(eq(companyTrials.companyId, order.companyId), eq(companyTrials.status, 'active')))
    .returning({ id: companyTrials.id });
  if (!trial) return false;
  const bought = await boughtSeats(tx, order.companyId);
  const takenBack = await takeBackBeyond(tx, order.companyId, bought);
  await auditCompany(tx, {
    companyId: order.companyId,
    actorId: null,
    action: 'trial_converted',
    detail: { trialId: trial.id, orderId: order.id, takenBack },
  });
  await forgetCompanyView(tx, order.companyId);
  return true;
}

/** People already holding seats keep them despite the unapproved limit. */
async function boughtSeats(tx: Db, companyId: string): Promise<number> {
  const result = await tx.execute(sql`
    SELECT coalesce(sum(CASE WHEN o.total_ore > 0 THEN o.quantity - (o.refunded_ore::bigint * o.quantity / o.total_ore)::int ELSE o.quantity END), 0)::int AS n
    FROM orders o WHERE o.company_id = ${companyId} AND o.status IN ${statesSql(SEAT_STATES)}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

async function managersOf(tx: Db, companyId: string) {
  return tx
    .select({ email: users.email, firstName: users.firstName })
    .from(companyMemberships)
    .innerJoin(users, eq(users.id, companyMemberships.userId))
    .where(and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.role, 'manager')))
    .orderBy(asc(users.email));
}

const buyUrl = (companyId: string) => absoluteUrl(`/kasse/nettbasert-pakke?bedrift=${companyId}`);

/** Each mail is claimed in the statement that marks it sent, so overlapping sweeps send each once. */
export async function sweepTrials(db: Db, now = new Date()): Promise<{ reminded: number; ended: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  let reminded = 0;
  const due = await db
    .select({ id: companyTrials.id })
    .from(companyTrials)
    .where(
      and(
        eq(companyTrials.status, 'active'),
        sql`${companyTrials.reminderSentAt} IS NULL`,
        sql`${companyTrials.endsAt} > ${at}`,
        sql`${companyTrials.endsAt} <= ${at} + make_interval(days => ${TRIAL_REMINDER_DAYS})`,
      ),
    );
  for (const { id } of due) {
    const sent = await atomically(db, async (tx) => {
      const [trial] = await tx
        .update(companyTrials)
        .set({ reminderSentAt: now })
        .where(and(eq(companyTrials.id, id), eq(companyTrials.status, 'active'), sql`${companyTrials.reminderSentAt} IS NULL`))
        .returning({ companyId: companyTrials.companyId, endsAt: companyTrials.endsAt });
      if (!trial) return false;
      const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, trial.companyId));
      for (const manager of await managersOf(tx, trial.companyId)) {
        await queueMail(tx, {
          to: manager.email,
          template: 'company-trial-ending',
          props: {
            firstName: manager.firstName,
            companyName: company!.name,
            daysLeft: daysLeft(trial.endsAt, now),
            endsOn: formatLongDate(trial.endsAt),
            buyUrl: buyUrl(trial.companyId),
          },
        });
      }
      return true;
    });
    if (sent) reminded += 1;
  }

  let ended = 0;
  const over = await db
    .select({ id: companyTrials.id, companyId: companyTrials.companyId })
    .from(companyTrials)
    .where(and(eq(companyTrials.status, 'active'), sql`${companyTrials.endsAt} <= ${at}`))
    .orderBy(desc(companyTrials.endsAt));
  for (const { id, companyId } of over) {
    const done = await atomically(db, async (tx) => {
      await lockCompanyRow(tx, companyId);
      const [trial] = await tx
        .update(companyTrials)
        .set({ status: 'ended', closedAt: now, endMailSentAt: now })
        .where(and(eq(companyTrials.id, id), eq(companyTrials.status, 'active')))
        .returning({ companyId: companyTrials.companyId });
      if (!trial) return false;
      const takenBack = await takeBackExcessSeats(tx, companyId);
      await auditCompany(tx, { companyId, actorId: null, action: 'trial_ended', detail: { trialId: id, takenBack } });
      const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
      for (const manager of await managersOf(tx, companyId)) {
        await queueMail(tx, {
          to: manager.email,
          template: 'company-trial-ended',
          props: { firstName: manager.firstName, companyName: company!.name, seatsTakenBack: takenBack, buyUrl: buyUrl(companyId) },
        });
      }
      await forgetCompanyView(tx, companyId);
      return true;
    });
    if (done) ended += 1;
  }
  return { reminded, ended };
}
