import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { QueryError } from '../../components/ui/QueryState';
import { ApiError } from '../../lib/api';
import { formatKroner } from '../../lib/format';
import type { TestPaymentAction, TestPaymentState } from '../../schemas/checkout';
import { testPaymentAction, testPaymentQuery } from './checkout.queries';
import { isNavigableUrl } from './checkout-form';
import { Loading } from './PublicRoot';

const NOT_FOUND = 'Fant ikke testbetalingen. Lenken kan være gammel eller feil. Gå tilbake til kassen og start betalingen på nytt.';

const stateLabels: Record<TestPaymentState, string> = {
  pending: 'venter på svar',
  authorized: 'godkjent',
  captured: 'godkjent og trukket',
  cancelled: 'avbrutt',
  expired: 'utløpt',
  failed: 'feilet',
};

const actions: { action: TestPaymentAction; label: string; variant: 'default' | 'outline' | 'destructive' }[] = [
  { action: 'approve', label: 'Godkjenn betalingen', variant: 'default' },
  { action: 'cancel', label: 'Avbryt betalingen', variant: 'outline' },
  { action: 'fail', label: 'Simuler at betalingen feiler', variant: 'destructive' },
];

/**
 * The built-in test provider's payment page (/kasse/testbetaling?betaling=<reference>): what is
 * paid, and the three answers a real provider could give. Each goes back to our return page.
 */
export function TestPaymentView({
  reference,
  navigate = (url) => window.location.assign(url),
}: {
  reference: string | null;
  navigate?: (url: string) => void;
}) {
  if (!reference) return <p role="alert">{NOT_FOUND}</p>;
  return <TestPaymentDetails reference={reference} navigate={navigate} />;
}

function TestPaymentDetails({ reference, navigate }: { reference: string; navigate: (url: string) => void }) {
  const query = useQuery(testPaymentQuery(reference));
  const [pending, setPending] = useState<TestPaymentAction | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (query.isPending) return <Loading text="Laster testbetalingen …" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <p role="alert">{NOT_FOUND}</p>;
    return <QueryError text="Kunne ikke laste testbetalingen." onRetry={() => void query.refetch()} />;
  }
  const payment = query.data;

  const act = async (action: TestPaymentAction) => {
    setPending(action);
    setError(null);
    try {
      const { returnUrl } = await testPaymentAction(reference, action);
      if (!isNavigableUrl(returnUrl)) throw new Error('No return address');
      navigate(returnUrl);
    } catch (caught) {
      setPending(null);
      setError((caught instanceof ApiError && caught.bodyError) || 'Kunne ikke svare på betalingen. Prøv igjen.');
    }
  };

  return (
    <div className="space-y-6">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink">Gjelder</dt>
        <dd>{payment.description}</dd>
        <dt className="font-semibold text-ink">Beløp</dt>
        <dd>{formatKroner(payment.amountOre)}</dd>
        <dt className="font-semibold text-ink">Referanse</dt>
        <dd className="break-all">{payment.reference}</dd>
        <dt className="font-semibold text-ink">Status</dt>
        <dd>{stateLabels[payment.state]}</dd>
      </dl>
      {payment.state === 'pending' ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {actions.map(({ action, label, variant }) => (
            <Button key={action} size="lg" variant={variant} disabled={pending !== null} onClick={() => void act(action)}>
              {label}
            </Button>
          ))}
        </div>
      ) : (
        <p role="status">Denne betalingen er allerede behandlet.</p>
      )}
      {pending && <p role="status">Sender svaret …</p>}
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
