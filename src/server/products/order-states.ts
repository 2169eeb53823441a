import { sql } from 'drizzle-orm';
import type { OrderState } from '../../lib/order-states';

export * from '../../lib/order-states';

export const statesSql = (states: readonly OrderState[]) =>
  sql`(${sql.join(
    states.map((s) => sql`${s}::order_status`),
    sql`, `,
  )})`;
