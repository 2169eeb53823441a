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
 * GDPR articles 15, 17 and 20. The export finds user-owned tables from the schema's foreign keys, so a new table is
 * included without anyone remembering it; secrets (columns ending in 'hash') are left out. On deletion orders and
 * receipts stay five years (bokføringsloven § 13), detached and anonymised; the consent stays as proof.
 */

/** Read through their parent; the integration test fails for a table missing here. */
export const CHILDREN = {
  chat_messages: { parent: 'chat_conversations' },
  order_events: { parent: 'orders' },
  order_refunds: { parent: 'orders' },
} as const;

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

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

/** The reserved `.invalid` domain is refused by the e-mail schema, so no account or buyer can ever take it and claim those orders. */
export const ANONYMOUS_BUYER = { firstName: 'Slettet', lastName: 'bruker', email: 'slettet-bruker@konto.invalid' } as const;

/** Staff accounts are removed by a superuser instead. */
export async function deleteAccount(db: Db, userId: string, password: string): Promise<void> {
  const user = await checkPassword(db, userId, password, 'password');
  await removeAccount(db, { id: userId, email: user.email, role: user.role });
}

/** `within` runs first in the deleting transaction, so a failed deletion leaves a mailed link working. */
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
    await tx.execute(
      sql`DELETE FROM company_view_snapshots WHERE company_id IN (SELECT company_id FROM company_view_people WHERE user_id = ${userId})`,
    );
    await tx.delete(users).where(eq(users.id, userId));
  });
  console.info(`[account] deleted account ${userId} at the owner's request`);
}
