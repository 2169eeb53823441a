import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type AdminOrder, type AdminOrderDetail, eventDetailLines, orderStatusLabels, providerLabel, triggerText } from './admin-orders';
import { adminOrderQuery } from './orders.queries';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { QueryState } from '../../components/ui/QueryState';
import { OrderStatusBadge } from './OrderStatusBadge';
import { RefundDialog } from './RefundDialog';
import { isRefundable } from '../../lib/order-states';
import { formatKroner, formatShortDateTime } from '../../lib/format';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

/**
 * One order in a dialog, opened from the list with the row's summary (so its title is there at
 * once) while the detail loads: the buyer, the amounts, the payment, the receipt, the consent,
 * what moved the order and why, the refunds, the last provider error, and 'Refunder' while money
 * is left to refund.
 */
export function OrderDetailDialog({ order, onClose, returnFocus }: { order: AdminOrder | null; onClose: () => void; returnFocus: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        {order && (
          <>
            <DialogHeader>
              <DialogTitle>Ordre {order.reference}</DialogTitle>
              <DialogDescription>
                {order.title}, bestilt {formatShortDateTime(order.createdAt)}
              </DialogDescription>
            </DialogHeader>
            <OrderDetailBody orderId={order.orderId} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function OrderDetailBody({ orderId }: { orderId: string }) {
  const detail = useQuery(adminOrderQuery(orderId));
  return (
    <QueryState query={detail} loading="Laster ordren..." error="Kunne ikke hente ordren.">
      {(order) => <OrderDetail order={order} />}
    </QueryState>
  );
}

/** A term and its value in a description list; the value wraps anywhere (e-mails, long codes). */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-slate-100 py-1.5 last:border-0">
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 text-right font-medium text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold text-ink">{title}</h3>
      {children}
    </section>
  );
}

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const canRefund = isRefundable(order.status) && order.refundableOre > 0;
  return (
    <div className="grid gap-5 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <OrderStatusBadge status={order.status} />
        {canRefund && <RefundDialog order={order} />}
      </div>
      {order.lastError && (
        <p className="rounded-md border border-danger/40 bg-red-50 p-3 text-danger [overflow-wrap:anywhere]">
          <span className="font-semibold">Siste feil: </span>
          {order.lastError}
        </p>
      )}
      <Part title="Kjøper">
        <p className="[overflow-wrap:anywhere]">
          <span className="font-semibold">{order.buyerName}</span>
          <br />
          <a className={linkClass} href={`mailto:${order.buyerEmail}`}>
            {order.buyerEmail}
          </a>
        </p>
      </Part>
      <Part title="Beløp">
        <dl>
          <Row term="Totalt">{formatKroner(order.totalOre)}</Row>
          <Row term="Herav mva.">{formatKroner(order.vatOre)}</Row>
          {(order.discountOre > 0 || order.couponCode) && (
            <Row term={order.couponCode ? `Rabatt (${order.couponCode})` : 'Rabatt'}>{formatKroner(order.discountOre)}</Row>
          )}
          <Row term="Trukket">{formatKroner(order.capturedOre)}</Row>
          <Row term="Refundert">{formatKroner(order.refundedOre)}</Row>
          {canRefund && <Row term="Kan refunderes">{formatKroner(order.refundableOre)}</Row>}
        </dl>
      </Part>
      <Part title="Betaling">
        <dl>
          <Row term="Betalingsmåte">{providerLabel(order.provider)}</Row>
          <Row term="Ordrenummer">{order.reference}</Row>
          <Row term="Bestilt">{formatShortDateTime(order.createdAt)}</Row>
          {order.paidAt && <Row term="Betalt">{formatShortDateTime(order.paidAt)}</Row>}
          {order.receiptNumber !== null && (
            <Row term="Kvittering">
              {order.receiptPath ? (
                <a className={linkClass} href={order.receiptPath}>
                  {order.receiptNumber}
                </a>
              ) : (
                order.receiptNumber
              )}
              {order.pdfPath && (
                <>
                  {' · '}
                  <a className={linkClass} href={order.pdfPath} download>
                    Last ned PDF
                  </a>
                </>
              )}
            </Row>
          )}
        </dl>
      </Part>
      <Part title="Samtykke">
        <blockquote className="border-l-4 border-slate-200 pl-3 text-ink">{order.consent.text}</blockquote>
        <p className="text-muted">
          Gitt <time dateTime={order.consent.at}>{formatShortDateTime(order.consent.at)}</time> (versjon {order.consent.version})
        </p>
      </Part>
      <Part title="Hendelser">
        {order.events.length === 0 ? (
          <p className="text-muted">Ingen hendelser.</p>
        ) : (
          <ol aria-label="Hendelser" className="grid gap-2">
            {order.events.map((event, i) => (
              <li key={`${event.createdAt}-${i}`} className="grid gap-0.5 rounded-md border border-slate-200 p-2">
                <div className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-semibold text-ink">
                    {event.fromStatus ? `${orderStatusLabels[event.fromStatus]} → ` : ''}
                    {orderStatusLabels[event.toStatus]}
                  </span>
                  <time dateTime={event.createdAt} className="text-muted">
                    {formatShortDateTime(event.createdAt)}
                  </time>
                </div>
                <span className="text-muted [overflow-wrap:anywhere]">{triggerText(event)}</span>
                {eventDetailLines(event.detail).map((line) => (
                  <span key={line} className="text-ink [overflow-wrap:anywhere]">
                    {line}
                  </span>
                ))}
              </li>
            ))}
          </ol>
        )}
      </Part>
      <Part title="Refusjoner">
        {order.refunds.length === 0 ? (
          <p className="text-muted">Ingen refusjoner.</p>
        ) : (
          <ol aria-label="Refusjoner" className="grid gap-2">
            {order.refunds.map((refund, i) => (
              <li key={`${refund.createdAt}-${i}`} className="grid gap-0.5 rounded-md border border-slate-200 p-2">
                <div className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-semibold text-ink">{formatKroner(refund.amountOre)}</span>
                  <time dateTime={refund.createdAt} className="text-muted">
                    {formatShortDateTime(refund.createdAt)}
                  </time>
                </div>
                <span className="text-ink [overflow-wrap:anywhere]">{refund.reason}</span>
                <span className="text-muted [overflow-wrap:anywhere]">av {refund.actorName?.trim() || 'Slettet konto'}</span>
              </li>
            ))}
          </ol>
        )}
      </Part>
    </div>
  );
}
