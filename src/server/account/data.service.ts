import { eq, getTableColumns, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { atomically, type Db } from '../../../db/client';
import * as schema from '../../../db/schema';
import { chatMessages, mailOutbox, orderEvents, orderRefunds, orders, rateLimits, users } from '../../../db/schema';
import { cancelOpenOrdersOf } from '../checkout/reconcile';
import { ForbiddenError } from '../platform/errors';
import { accountMessages } from './messages';
import { checkPassword } from './password.service';

/**
 * The user's own data (decision 31; GDPR articles 15, 17 and 20).
 *
 * Export: every table with a foreign key to `users` is read by that key, found from the schema
 * itself, so a new table that holds users' rows is in the export without anyone remembering to
 * add it (tests/integration/account-data.test.ts checks it, with a row in every such table). The
 * rows that hang off those (a conversation's messages, an order's events and refunds) are listed
 * in CHILDREN, and the test fails for a table that points at a user-owned table and is not there.
 * Secrets are left out: every column whose name ends in 'hash'.
 *
 * Deletion: the account row is deleted, and with it, by the foreign keys' ON DELETE CASCADE,
 * sessions, links, enrollments, progress, notes, task answers, conversations and messages, AI usage and the
 * account's audit rows. Orders and receipts stay five years (bokføringsloven § 13), tied to no
 * account (`user_id` is set null) and with the buyer's name, e-mail, IP and browser removed; the
 * consent's text, version and time stay as proof. Mails to the address and the throttle's rows
 * keyed by it go too.
 */

/** Tables that belong to a user-owned row rather than to the user directly, read through their parent. */
export const CHILDREN = {
  chat_messages: { parent: 'chat_conversations' },
  order_events: { parent: 'orders' },
  order_refunds: { parent: 'orders' },
} as const;

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Every (table, column) whose column references users.id. */
export function userReferences(): { table: PgTable; name: string; column: string }[] {
  const found: { table: PgTable; name: string; column: string }[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (getTableConfig(ref.foreignTable).name !== 'users') continue;
      for (const column of ref.columns) found.push({ table, name: config.name, column: column.name });
    }
  }
  return found;
}

function withoutSecrets(table: PgTable) {
  const columns = getTableColumns(table);
  return Object.fromEntries(Object.entries(columns).filter(([key]) => !/hash$/i.test(key)));
}

export interface DataExport {
  exportedAt: string;
  /** What the file is, in Norwegian, for the person who opens it. */
  about: string;
  profile: Record<string, unknown>;
  tables: Record<string, Record<string, unknown>[]>;
}

export async function exportUserData(db: Db, userId: string, now = new Date()): Promise<DataExport> {
  const [profile] = await db.select(withoutSecrets(users)).from(users).where(eq(users.id, userId));
  const result: DataExport = {
    exportedAt: now.toISOString(),
    about:
      'Alle opplysninger KI Akademiet har om deg og kontoen din, tabell for tabell. Passord og hemmelige nøkler er bare lagret som hasher og er utelatt.',
    profile: profile ?? {},
    tables: {},
  };
  for (const { table, name, column } of userReferences()) {
    if (name === 'users') continue;
    const columnRef = Object.values(getTableColumns(table)).find((c) => c.name === column)!;
    const rows = await db.select(withoutSecrets(table)).from(table).where(eq(columnRef, userId));
    result.tables[name] = [...(result.tables[name] ?? []), ...rows];
  }
  const conversationIds = (result.tables.chat_conversations ?? []).map((row) => row.id as string);
  result.tables.chat_messages = conversationIds.length
    ? await db.select().from(chatMessages).where(inArray(chatMessages.conversationId, conversationIds)).orderBy(chatMessages.createdAt)
    : [];
  const orderIds = (result.tables.orders ?? []).map((row) => row.id as string);
  result.tables.order_events = orderIds.length ? await db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)) : [];
  result.tables.order_refunds = orderIds.length ? await db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, orderIds)) : [];
  const email = (profile?.email as string | undefined) ?? null;
  result.tables.mail_outbox = email
    ? await db
        .select({
          id: mailOutbox.id,
          template: mailOutbox.template,
          subject: mailOutbox.subject,
          status: mailOutbox.status,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email))
    : [];
  return result;
}

/**
 * The buyer of a deleted account's orders, as receipts then show it. The address is in the
 * reserved `.invalid` domain, which the shared e-mail schema (src/schemas/auth.ts) refuses, so no
 * account, guest buyer or invitation can ever take it and claim those orders.
 */
export const ANONYMOUS_BUYER = { firstName: 'Slettet', lastName: 'bruker', email: 'slettet-bruker@konto.invalid' } as const;

/** 'Slett kontoen': the password first; staff accounts are removed by a superuser instead. */
export async function deleteAccount(db: Db, userId: string, password: string): Promise<void> {
  const user = await checkPassword(db, userId, password, 'password');
  await removeAccount(db, { id: userId, email: user.email, role: user.role });
}

/**
 * The deletion itself, once the owner is proven (by the password, or by a link mailed to the
 * address). `within` runs first in the deleting transaction: a mailed link is used up there, so a
 * deletion that fails leaves the link working and one that succeeds leaves it used.
 */
export async function removeAccount(db: Db, user: { id: string; email: string; role: string }, within?: (tx: Db) => Promise<void>): Promise<void> {
  const userId = user.id;
  if (user.role === 'admin' || user.role === 'superuser') throw new ForbiddenError(accountMessages.staffCannotDelete);
  await cancelOpenOrdersOf(db, { userId, email: user.email });
  await atomically(db, async (tx) => {
    if (within) await within(tx);
    await tx
      .update(orders)
      .set({
        buyerFirstName: ANONYMOUS_BUYER.firstName,
        buyerLastName: ANONYMOUS_BUYER.lastName,
        buyerEmail: ANONYMOUS_BUYER.email,
        consentIp: null,
        consentUserAgent: null,
        checkoutTokenHash: null,
      })
      .where(sql`${orders.userId} = ${userId} OR ${orders.buyerEmail} = ${user.email}`);
    await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    await tx.delete(rateLimits).where(sql`${rateLimits.key} LIKE ${`%:${user.email}`} OR ${rateLimits.key} LIKE ${`%:${user.email}|%`}`);
    // A company's cached manager's view may list the person: it is computed again without them.
    await tx.execute(
      sql`DELETE FROM company_view_snapshots WHERE company_id IN (SELECT company_id FROM company_view_people WHERE user_id = ${userId})`,
    );
    await tx.delete(users).where(eq(users.id, userId));
  });
  console.info(`[account] deleted account ${userId} at the owner's request`);
}
