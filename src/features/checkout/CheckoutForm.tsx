import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { buttonVariants } from '../../components/ui/button-variants';
import { Input, Label } from '../../components/ui/Input';
import { QueryError } from '../../components/ui/QueryState';
import { ApiError } from '../../lib/api';
import { formatOre } from '../../lib/money';
import type { CheckoutInfo, CheckoutQuote, GuestBuyer, ProviderId } from '../../schemas/checkout';
import { checkoutProductQuery, placeOrder, requestQuote } from './checkout.queries';
import { type GuestField, guestFieldError, guestFields, guestIsValid, isNavigableUrl, orderFailure, orderRequest, signInPath } from './checkout-form';
import { Loading } from './PublicRoot';
import { PaymentMethods } from '../../components/app/PaymentMethods';

export interface CheckoutFormProps {
  courseId: string;
  /** The company's e-mail as the build knows it (the browser has only the sample facts). */
  contactEmail: string;
  /** Full-page navigation to the provider; replaceable in tests. */
  navigate?: (url: string) => void;
}

const assign = (url: string) => window.location.assign(url);

/**
 * The checkout's form on /kasse/<courseId> (issue 22): who buys (signed in, or a guest's name and
 * e-mail), a coupon, the payment method, the unticked consent to immediate access, and the button
 * that names the price. The order is a fetch, then `location.assign` to the provider (never a form
 * post: CSP form-action, decision 27).
 */
export function CheckoutForm({ courseId, contactEmail, navigate = assign }: CheckoutFormProps) {
  const query = useQuery(checkoutProductQuery(courseId));
  // Once per page load: a second click, or a retry after an error, is the same order to the server.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  if (query.isPending) return <Loading text="Laster kassen …" />;
  if (query.isError) {
    const text =
      query.error instanceof ApiError && query.error.status === 404 ? 'Dette kurset kan ikke kjøpes akkurat nå.' : 'Kunne ikke laste kassen.';
    return <QueryError text={text} onRetry={() => void query.refetch()} />;
  }
  return <CheckoutDetails info={query.data} courseId={courseId} contactEmail={contactEmail} navigate={navigate} idempotencyKey={idempotencyKey} />;
}

interface DetailsProps {
  info: CheckoutInfo;
  courseId: string;
  contactEmail: string;
  navigate: (url: string) => void;
  idempotencyKey: string;
}

const fieldLabels: Record<GuestField, string> = { firstName: 'Fornavn', lastName: 'Etternavn', email: 'E-post' };
const fieldAutocomplete: Record<GuestField, string> = { firstName: 'given-name', lastName: 'family-name', email: 'email' };

function CheckoutDetails({ info, courseId, contactEmail, navigate, idempotencyKey }: DetailsProps) {
  const id = useId();
  const { product, providers, consent, viewer } = info;
  const [hasAccess, setHasAccess] = useState(viewer?.hasAccess ?? false);
  const [buyer, setBuyer] = useState<GuestBuyer>({ firstName: '', lastName: '', email: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<GuestField, string>>>({});
  const [focusRequest, setFocusRequest] = useState<{ field: GuestField } | null>(null);
  const fieldRefs = useRef<Partial<Record<GuestField, HTMLInputElement | null>>>({});
  const [provider, setProvider] = useState<ProviderId | null>(providers[0]?.id ?? null);
  const [consented, setConsented] = useState(false);
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ kind: 'account_exists' | 'alert'; message: string } | null>(null);

  // A server-side field error moves focus to the first field it names.
  useEffect(() => {
    if (focusRequest) fieldRefs.current[focusRequest.field]?.focus();
  }, [focusRequest]);

  if (hasAccess) return <HasAccess courseId={courseId} />;

  const guest = viewer === null;
  const guestReady = !guest || guestIsValid(buyer);
  const totalOre = quote?.totalOre ?? product.priceOre;
  const vatOre = quote?.vatOre ?? product.vatOre;
  const canPay = provider !== null && consented && guestReady && !submitting;

  const setField = (field: GuestField, value: string) => {
    setBuyer((current) => ({ ...current, [field]: value }));
    // An error already shown follows the value as it is corrected.
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: guestFieldError(field, value) }));
  };
  const checkField = (field: GuestField) => {
    const value = buyer[field];
    // Leaving an untouched empty field is no mistake yet; a started or wrong one is.
    if (value === '' && !fieldErrors[field]) return;
    setFieldErrors((current) => ({ ...current, [field]: guestFieldError(field, value) }));
  };

  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!canPay || provider === null) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const body = orderRequest({ info, provider, couponCode: quote?.coupon?.code ?? null, buyer: guest ? buyer : null, idempotencyKey });
      const created = await placeOrder(body);
      if (!isNavigableUrl(created.redirectUrl)) throw new Error('The provider gave no web address');
      // The button stays disabled while the browser leaves for the provider.
      navigate(created.redirectUrl);
    } catch (error) {
      const outcome = orderFailure(error);
      setSubmitting(false);
      if (outcome.kind === 'already_has_access') setHasAccess(true);
      else if (outcome.kind === 'fields') {
        setFieldErrors((current) => ({ ...current, ...outcome.errors }));
        const first = guestFields.find((field) => outcome.errors[field]);
        if (first) setFocusRequest({ field: first });
      } else setFailure(outcome);
    }
  };

  const missing = [guest && !guestReady ? 'fyll inn navn og e-post' : null, consented ? null : 'kryss av for samtykket'].filter(Boolean);
  const hint = missing.length > 0 ? `For å betale: ${missing.join(' og ')}.` : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-8" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        Bestilling
      </h2>

      {guest ? (
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-ink">Dine opplysninger</legend>
          <p className="text-sm text-muted">
            Har du allerede en konto?{' '}
            <a href={signInPath(courseId)} className="font-semibold text-brand-700 underline">
              Logg inn
            </a>
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {guestFields.map((field) => (
              <div key={field} className={field === 'email' ? 'sm:col-span-2' : undefined}>
                <Label htmlFor={`${id}-${field}`}>{fieldLabels[field]}</Label>
                <Input
                  ref={(element) => {
                    fieldRefs.current[field] = element;
                  }}
                  id={`${id}-${field}`}
                  name={field}
                  type={field === 'email' ? 'email' : 'text'}
                  autoComplete={fieldAutocomplete[field]}
                  required
                  aria-required="true"
                  maxLength={field === 'email' ? 254 : 100}
                  value={buyer[field]}
                  onChange={(event) => setField(field, event.target.value)}
                  onBlur={() => checkField(field)}
                  aria-invalid={fieldErrors[field] ? true : undefined}
                  aria-describedby={fieldErrors[field] ? `${id}-${field}-error` : field === 'email' ? `${id}-email-hint` : undefined}
                  className="mt-1"
                />
                {field === 'email' && !fieldErrors.email && (
                  <p id={`${id}-email-hint`} className="mt-1 text-sm text-muted">
                    Kvitteringen sendes hit. Vi lager en konto til deg med denne adressen, så du finner kurset igjen.
                  </p>
                )}
                {fieldErrors[field] && (
                  <p id={`${id}-${field}-error`} className="mt-1 text-sm text-danger">
                    {fieldErrors[field]}
                  </p>
                )}
              </div>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="text-ink">
          Du handler som <strong>{`${viewer.firstName} ${viewer.lastName}`.trim()}</strong> ({viewer.email})
        </p>
      )}

      <CouponField productId={product.id} quote={quote} onQuote={setQuote} />

      <dl className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-4">
        {quote && quote.discountOre > 0 && (
          <>
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt>Pris</dt>
              <dd>{formatOre(quote.listPriceOre)}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-4 text-emerald-800">
              <dt>Rabatt{quote.coupon ? ` (${quote.coupon.label})` : ''}</dt>
              <dd>−{formatOre(quote.discountOre)}</dd>
            </div>
          </>
        )}
        <div className="flex flex-wrap justify-between gap-x-4 text-lg font-semibold text-ink">
          <dt>Å betale</dt>
          <dd data-testid="checkout-total">{formatOre(totalOre)}</dd>
        </div>
        <div className="text-sm text-muted">
          <dt className="sr-only">Merverdiavgift</dt>
          <dd>{product.vat === 'exempt' ? 'Fritatt for merverdiavgift' : `Inkludert merverdiavgift, herav mva. ${formatOre(vatOre)}`}</dd>
        </div>
      </dl>

      {providers.length === 0 ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-ink">
          Betaling er ikke tilgjengelig akkurat nå. Kontakt oss på{' '}
          <a href={`mailto:${contactEmail}`} className="font-semibold text-brand-700 underline">
            {contactEmail}
          </a>
          .
        </p>
      ) : (
        <>
          <PaymentMethods providers={providers} value={provider} onChange={setProvider} />

          <div className="flex items-start gap-3">
            <input
              id={`${id}-consent`}
              type="checkbox"
              checked={consented}
              onChange={(event) => setConsented(event.target.checked)}
              className="mt-1 size-5 shrink-0 accent-brand-600"
            />
            <label htmlFor={`${id}-consent`} className="text-ink">
              {consent.text}
            </label>
          </div>

          {failure && (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-danger">
              {failure.message}
              {failure.kind === 'account_exists' && (
                <>
                  {' '}
                  <a href={signInPath(courseId)} className="font-semibold underline">
                    Logg inn
                  </a>
                </>
              )}
            </div>
          )}

          <div>
            <Button
              type="submit"
              size="lg"
              className="w-full sm:w-auto"
              disabled={!canPay}
              aria-describedby={hint && !submitting ? `${id}-pay-hint` : undefined}
            >
              {submitting ? 'Sender deg til betaling …' : `Betal ${formatOre(totalOre)}`}
            </Button>
            {hint && !submitting && (
              <p id={`${id}-pay-hint`} className="mt-2 text-sm text-muted">
                {hint}
              </p>
            )}
          </div>
        </>
      )}
    </form>
  );
}

/** 'Rabattkode' and 'Bruk': the server's quote, or its message under the field. */
function CouponField({
  productId,
  quote,
  onQuote,
}: {
  productId: string;
  quote: CheckoutQuote | null;
  onQuote: (quote: CheckoutQuote | null) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const applied = quote?.coupon ?? null;

  const apply = async () => {
    const trimmed = code.trim();
    if (!trimmed) {
      setError('Skriv inn en rabattkode.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      onQuote(await requestQuote(productId, trimmed));
      setCode('');
    } catch (caught) {
      if (caught instanceof ApiError) {
        setError(
          caught.issues.find((issue) => issue.path === 'couponCode')?.message ?? caught.bodyError ?? 'Kunne ikke sjekke rabattkoden. Prøv igjen.',
        );
      } else setError('Kunne ikke kontakte serveren. Sjekk nettforbindelsen og prøv igjen.');
    } finally {
      setPending(false);
    }
  };
  // Enter in the coupon field applies the code; it must not submit the order.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void apply();
  };

  return (
    <div>
      <Label htmlFor={`${id}-code`}>Rabattkode</Label>
      <div className="mt-1 flex flex-wrap gap-2">
        <Input
          id={`${id}-code`}
          name="couponCode"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={64}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error` : undefined}
          className="min-w-0 flex-1 basis-40"
        />
        <Button type="button" variant="secondary" onClick={() => void apply()} disabled={pending}>
          {pending ? 'Sjekker …' : 'Bruk'}
        </Button>
      </div>
      <div aria-live="polite">
        {error && (
          <p id={`${id}-code-error`} className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
        {applied && (
          <p className="mt-2 flex flex-wrap items-center gap-x-3 text-sm text-ink">
            <span>
              Rabattkoden <strong>{applied.code}</strong> er brukt: {applied.label}.
            </span>
            <button type="button" className="font-semibold text-brand-700 underline" onClick={() => onQuote(null)}>
              Fjern rabattkoden
            </button>
          </p>
        )}
      </div>
    </div>
  );
}

/** A buyer who already has the course: no form, the way to it. */
function HasAccess({ courseId }: { courseId: string }) {
  return (
    <div className="rounded-xl border border-brand-600 bg-brand-50 p-5">
      <p className="font-semibold text-ink">Du har allerede tilgang til dette kurset.</p>
      <a href={`/course/${encodeURIComponent(courseId)}`} className={buttonVariants({ size: 'lg', className: 'mt-4' })}>
        Gå til kurset
      </a>
    </div>
  );
}
