import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { buttonVariants } from '../../components/ui/button-variants';
import { QueryError } from '../../components/ui/QueryState';
import { formatKroner } from '../../lib/format';
import { safeNextPath } from '../../lib/safe-next';
import { isNotFound, orderReturnQuery } from './checkout.queries';
import { Loading } from './PublicRoot';

export interface ReturnViewProps {
  orderId: string | null;
  /** How often to ask again while the payment is unconfirmed, and for how long. */
  pollMs?: number;
  maxWaitMs?: number;
}

const link = 'font-semibold text-brand-700 underline';

/**
 * Where the provider sends the buyer back (/kasse/retur?ordre=<orderId>): the server reconciles
 * the order and answers its state. While the payment is unconfirmed the page asks again every 2 s
 * for up to a minute; then it says the receipt comes by e-mail once the payment is confirmed.
 */
export function ReturnView({ orderId, pollMs = 2000, maxWaitMs = 60_000 }: ReturnViewProps) {
  if (!orderId) return <NotFound />;
  return <ReturnDetails orderId={orderId} pollMs={pollMs} maxWaitMs={maxWaitMs} />;
}

function ReturnDetails({ orderId, pollMs, maxWaitMs }: { orderId: string; pollMs: number; maxWaitMs: number }) {
  // Each wait (the first, and one per 'Sjekk på nytt') lasts maxWaitMs.
  const [wait, setWait] = useState({ round: 0, over: false });
  useEffect(() => {
    const timer = window.setTimeout(() => setWait((current) => ({ ...current, over: true })), maxWaitMs);
    return () => window.clearTimeout(timer);
  }, [maxWaitMs, wait.round]);
  const query = useQuery({
    ...orderReturnQuery(orderId),
    refetchInterval: (q) => (q.state.data?.status === 'awaiting_payment' && !wait.over ? pollMs : false),
  });

  if (query.isPending) return <Loading text="Henter bestillingen …" />;
  const order = query.data;
  if (!order) {
    if (isNotFound(query.error)) return <NotFound />;
    return <QueryError text="Kunne ikke hente bestillingen." onRetry={() => void query.refetch()} />;
  }
  const retry = (
    <a href={safeNextPath(order.checkoutPath)} className={buttonVariants({ size: 'lg' })}>
      Prøv igjen
    </a>
  );

  switch (order.status) {
    case 'awaiting_payment':
      if (!wait.over) {
        return (
          <State title="Venter på betalingen">
            <p role="status">Vi venter på bekreftelse fra betalingen …</p>
          </State>
        );
      }
      return (
        <State title="Venter på betalingen">
          <p role="status">
            Vi har ikke fått bekreftelse på betalingen ennå. Når den er bekreftet, får du kurset og en kvittering på e-post. Du trenger ikke betale på
            nytt.
          </p>
          <Button
            variant="outline"
            onClick={() => {
              setWait((current) => ({ round: current.round + 1, over: false }));
              void query.refetch();
            }}
          >
            Sjekk på nytt
          </Button>
        </State>
      );
    case 'paid':
    case 'partly_refunded':
      return (
        <State title="Takk for kjøpet!">
          <p className="text-lg font-semibold text-ink">{order.title}</p>
          <p>Betalt: {formatKroner(order.totalOre)}</p>
          <p>Kvitteringen er sendt til e-posten din.</p>
          <div className="flex flex-wrap items-center gap-4 pt-2">
            <a href={safeNextPath(order.coursePath)} className={buttonVariants({ size: 'lg' })}>
              Start kurset
            </a>
            {order.receiptPath && (
              <a href={safeNextPath(order.receiptPath)} className={link}>
                Se kvitteringen
              </a>
            )}
          </div>
        </State>
      );
    case 'refunded':
      return (
        <State title="Kjøpet er refundert">
          <p>{order.title}</p>
          {order.receiptPath && (
            <a href={safeNextPath(order.receiptPath)} className={link}>
              Se kvitteringen
            </a>
          )}
        </State>
      );
    case 'cancelled':
      return <State title="Betalingen ble avbrutt.">{retry}</State>;
    case 'failed':
      return <State title="Betalingen gikk ikke gjennom.">{retry}</State>;
    case 'expired':
      return <State title="Betalingen ble ikke fullført i tide.">{retry}</State>;
  }
}

function State({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{title}</h1>
      {children}
    </div>
  );
}

function NotFound() {
  return (
    <State title="Fant ikke bestillingen.">
      <p>Lenken kan være gammel, eller bestillingen tilhører en annen nettleser eller konto.</p>
      <a href="/#kurs" className={link}>
        Se kursene
      </a>
    </State>
  );
}
