import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { type AdminOrder, type OrderStatus, orderStatuses, orderStatusLabels } from './admin-orders';
import { adminOrdersQuery } from './orders.queries';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { Input, Label, selectClass } from '../../components/ui/Input';
import { QueryError, QueryState } from '../../components/ui/QueryState';
import { OrderDetailDialog } from './OrderDetailDialog';
import { OrderStatusBadge } from './OrderStatusBadge';
import { formatKroner, formatShortDateTime } from '../../lib/format';

/** How long typing may pause before the search is sent (Enter sends it at once). */
const SEARCH_DELAY_MS = 300;

/**
 * The superuser's 'Ordrer' tab, a lazy chunk of its own: search by e-mail, order
 * number or receipt number, a status filter, the orders newest first with 'Vis flere', and an
 * order's detail (with its refund) in a dialog. The table scrolls inside itself on a phone.
 */
export default function OrdersTab() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [open, setOpen] = useState<AdminOrder | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const searchId = useId();
  const statusId = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  // The rows already shown stay while another search or filter loads.
  const orders = useInfiniteQuery({ ...adminOrdersQuery({ q, status }), placeholderData: keepPreviousData });
  // A failed 'Vis flere' keeps the pages already shown (react-query then reports an error with data).
  const list = {
    isPending: orders.isPending,
    isError: orders.isError && orders.data === undefined,
    data: orders.data,
    error: orders.error,
    refetch: orders.refetch,
  };
  return (
    <Card asChild className="min-w-0">
      <section aria-labelledby="orders-heading">
        <CardHeader>
          <CardTitle id="orders-heading">Ordrer</CardTitle>
          <CardDescription>Alle bestillinger, nyeste først. Velg en ordre for å se detaljene eller refundere.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form
            role="search"
            aria-label="Ordrer"
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]"
            onSubmit={(event) => {
              event.preventDefault();
              setQ(search);
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor={searchId}>Søk på e-post, ordrenummer eller kvitteringsnummer</Label>
              <Input id={searchId} type="search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={statusId}>Status</Label>
              <select id={statusId} className={selectClass} value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | '')}>
                <option value="">Alle statuser</option>
                {orderStatuses.map((s) => (
                  <option key={s} value={s}>
                    {orderStatusLabels[s]}
                  </option>
                ))}
              </select>
            </div>
          </form>
          <QueryState
            query={list}
            loading="Laster ordrer..."
            error="Kunne ikke hente ordrene."
            isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
            empty="Ingen ordrer funnet."
          >
            {(data) => (
              <OrderTable
                orders={data.pages.flatMap((page) => page.items)}
                onOpen={(order, button) => {
                  opener.current = button;
                  setOpen(order);
                }}
              />
            )}
          </QueryState>
          {orders.isFetchNextPageError && <QueryError text="Kunne ikke hente flere ordrer." onRetry={() => void orders.fetchNextPage()} />}
          {orders.hasNextPage && (
            <div>
              <Button variant="outline" size="sm" disabled={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
                {orders.isFetchingNextPage ? 'Laster...' : 'Vis flere'}
              </Button>
            </div>
          )}
          <OrderDetailDialog
            order={open}
            onClose={() => setOpen(null)}
            // The dialog has no trigger of its own: focus goes back to the row's button.
            returnFocus={() => opener.current?.focus()}
          />
        </CardContent>
      </section>
    </Card>
  );
}

function OrderTable({ orders, onOpen }: { orders: AdminOrder[]; onOpen: (order: AdminOrder, button: HTMLElement) => void }) {
  return (
    // Six columns do not fit a phone: the table scrolls inside its own region, keyboard included.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label="Tabell: Ordrer" tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[54rem] text-left text-sm">
        <caption className="sr-only">Ordrer, nyeste først</caption>
        <thead className="border-b border-slate-200 text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Dato
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Kjøper
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Kurs
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Beløp
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Kvittering
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Detaljer</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId} className="border-b border-slate-100 align-top last:border-0">
              <td className="py-2 pr-3 whitespace-nowrap">
                <time dateTime={order.createdAt}>{formatShortDateTime(order.createdAt)}</time>
              </td>
              <td className="py-2 pr-3">
                <span className="block font-semibold text-ink [overflow-wrap:anywhere]">{order.buyerName}</span>
                <span className="block break-all text-muted">{order.buyerEmail}</span>
              </td>
              <td className="py-2 pr-3 [overflow-wrap:anywhere]">{order.title}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap">
                <span className="block font-semibold text-ink">{formatKroner(order.totalOre)}</span>
                {order.refundedOre > 0 && <span className="block text-muted">Refundert {formatKroner(order.refundedOre)}</span>}
              </td>
              <td className="py-2 pr-3">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{order.receiptNumber ?? '–'}</td>
              <td className="py-2">
                <Button size="sm" variant="outline" onClick={(event) => onOpen(order, event.currentTarget)}>
                  Detaljer<span className="sr-only"> for ordre {order.reference}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
