import { useQuery } from '@tanstack/react-query';
import { AppHeader } from '../../components/app/AppHeader';
import { pageWidth } from '../../components/app/page-width';
import { Badge } from '../../components/ui/Badge';
import { QueryState } from '../../components/ui/QueryState';
import { formatKroner, formatLongDate } from '../../lib/format';
import { safeNextPath } from '../../lib/safe-next';
import type { CurrentUser } from '../../schemas/auth';
import type { OrderStatus, OrderSummary } from '../../schemas/checkout';
import { ordersQuery } from './checkout.queries';
import { orderStatusLabels } from './checkout-form';

const statusTone: Partial<Record<OrderStatus, string>> = {
  invoiced: 'bg-brand-50 text-brand-700',
  paid: 'bg-emerald-50 text-emerald-900',
  partly_refunded: 'bg-amber-50 text-amber-900',
  refunded: 'bg-slate-100 text-ink',
  awaiting_payment: 'bg-brand-50 text-brand-700',
};

/** 'Mine kjøp' on /kjop: the signed-in user's orders, newest first, each with its receipt. */
export function PurchasesView({ user }: { user: CurrentUser }) {
  const query = useQuery(ordersQuery);
  return (
    <>
      <AppHeader user={user} current="purchases" />
      <main id="innhold" className={`${pageWidth} space-y-6 py-6 sm:py-8`}>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Mine kjøp</h1>
        <QueryState
          query={query}
          loading="Laster kjøpene dine …"
          error="Kunne ikke laste kjøpene dine."
          isEmpty={(orders) => orders.length === 0}
          empty={<Empty />}
        >
          {(orders) => (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {orders.map((order) => (
                <PurchaseRow key={order.orderId} order={order} />
              ))}
            </ul>
          )}
        </QueryState>
      </main>
    </>
  );
}

function PurchaseRow({ order }: { order: OrderSummary }) {
  const date = new Date(order.paidAt ?? order.createdAt);
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <h2 className="break-words font-semibold text-ink">{order.title}</h2>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <time dateTime={date.toISOString()}>{formatLongDate(date)}</time>
          <span>{formatKroner(order.totalOre)}</span>
          <Badge className={statusTone[order.status] ?? 'bg-slate-100 text-ink'}>{orderStatusLabels[order.status]}</Badge>
        </p>
      </div>
      {order.receiptPath && (
        <a href={safeNextPath(order.receiptPath)} className="shrink-0 text-sm font-semibold text-brand-700 underline">
          Se kvitteringen<span className="sr-only"> for {order.title}</span>
        </a>
      )}
    </li>
  );
}

function Empty() {
  return (
    <span className="block rounded-xl border border-slate-200 bg-white p-6 text-ink">
      Du har ingen kjøp ennå.{' '}
      <a href="/#kurs" className="font-semibold text-brand-700 underline">
        Se kursene
      </a>
    </span>
  );
}
