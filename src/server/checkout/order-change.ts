import { getTableColumns, is, SQL, sql, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type Order, orderEvents, orders, type OrderStatus } from '../../../db/schema';

export interface OrderEvent {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** What moved it: 'checkout', 'return', 'webhook', 'sweep', 'admin'. */
  trigger: string;
  /** The admin who did it (refunds, invoices). */
  actorId?: string | null;
  /** A JSON value, or an SQL expression over the changed row (alias `changed`), e.g. its receipt number. */
  detail?: Record<string, unknown> | SQL;
}

/**
 * A change of one order (an insert or update that returns the row) and its `order_events` row in
 * one statement, with data-modifying CTEs: both happen or neither without a
 * transaction of their own, and a lock the change takes is held for fewer round trips. `before`
 * are CTEs the change reads (the receipt counter). Undefined when the change touched no row.
 */
export async function changeOrder(db: Db, change: SQLWrapper, event: OrderEvent, before: WithSubquery[] = []): Promise<Order | undefined> {
  const changed = db.$with('changed', getTableColumns(orders)).as(change.getSQL());
  const detail = event.detail === undefined ? sql`NULL` : is(event.detail, SQL) ? event.detail : sql`${JSON.stringify(event.detail)}::jsonb`;
  const recorded = db.$with('recorded', {}).as(
    sql`INSERT INTO ${orderEvents} (order_id, from_status, to_status, trigger, actor_id, detail)
        SELECT changed.id, ${event.fromStatus}::order_status, ${event.toStatus}::order_status, ${event.trigger}, ${event.actorId ?? null}::uuid, ${detail} FROM changed`,
  );
  const [row] = await db
    .with(...before, changed, recorded)
    .select()
    .from(changed);
  return row as Order | undefined;
}
