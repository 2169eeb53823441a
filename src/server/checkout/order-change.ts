import { getTableColumns, is, SQL, sql, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type Order, orderEvents, orders, type OrderStatus } from '../../../db/schema';

export interface OrderEvent {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  trigger: string;
  actorId?: string | null;
  /** JSON, or SQL over the changed row (alias `changed`). */
  detail?: Record<string, unknown> | SQL;
}

/** One statement with data-modifying CTEs: the change and its event both happen or neither, without a transaction of their own. */
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
