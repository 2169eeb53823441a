import { sql } from 'drizzle-orm';
import type { OrderState } from '../../lib/order-states';

export * from '../../lib/order-states';

/** A named state set as the SQL list `($1, $2, …)` for a query's `IN`: the queries read the same sets as the code. */
export const statesSql = (states: readonly OrderState[]) =>
  sql`(${sql.join(
    states.map((s) => sql`${s}::order_status`),
    sql`, `,
  )})`;
