import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { FormProvider, useForm, useFormState, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/Button';
import { buttonVariants } from '../../components/ui/button-variants';
import { Field, Form, useSchemaForm } from '../../components/ui/form';
import { Input } from '../../components/ui/Input';
import { QueryError } from '../../components/ui/QueryState';
import { ApiError } from '../../lib/api';
import { serverIssues } from '../../lib/form-errors';
import { formatKroner } from '../../lib/format';
import { EMAIL_MAX, NAME_MAX } from '../../schemas/auth';
import { COUPON_CODE_MAX, quoteBody } from '../../schemas/checkout';
import type { CheckoutInfo, CheckoutQuote, GuestBuyer, ProviderId } from '../../schemas/checkout';
import { checkoutProductQuery, placeOrder, requestQuote } from './checkout.queries';
import { type GuestField, guestFields, guestIsValid, guestSchema, isNavigableUrl, orderFailure, orderRequest, signInPath } from './checkout-form';
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
 * The checkout's form on /kasse/<courseId>: who buys (signed in, or a guest's name and
 * e-mail), a coupon, the payment method, the unticked consent to immediate access, and the button
 * that names the price. The order is a fetch, then `location.assign` to the provider: the pages'
 * CSP `form-action` allows no form post to a provider.
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

interface GuestValues {
  buyer: GuestBuyer;
}
/** Named as the order body names them, so the server's `buyer.email` issue lands on its field. */
const guestPaths = guestFields.map((field) => `buyer.${field}` as const);
const guestValues = z.object({ buyer: guestSchema });
/** A signed-in buyer has no fields to fill in: the account is the buyer. */
const signedInValues = z.object({ buyer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }) });

function CheckoutDetails({ info, courseId, contactEmail, navigate, idempotencyKey }: DetailsProps) {
  const id = useId();
  const { product, providers, consent, viewer } = info;
  const [hasAccess, setHasAccess] = useState(viewer?.hasAccess ?? false);
  const guest = viewer === null;
  const form = useForm<GuestValues, unknown, GuestValues>({
    resolver: zodResolver(guest ? guestValues : signedInValues, undefined, { raw: true }),
    defaultValues: { buyer: { firstName: '', lastName: '', email: '' } },
    shouldFocusError: false,
  });
  const buyer = useWatch({ control: form.control, name: 'buyer' });
  const [provider, setProvider] = useState<ProviderId | null>(providers[0]?.id ?? null);
  const [consented, setConsented] = useState(false);
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ kind: 'account_exists' | 'alert'; message: string } | null>(null);

  if (hasAccess) return <HasAccess courseId={courseId} />;

  const guestReady = !guest || guestIsValid(buyer);
  const totalOre = quote?.totalOre ?? product.priceOre;
  const vatOre = quote?.vatOre ?? product.vatOre;
  const canPay = provider !== null && consented && guestReady && !submitting;

  // Leaving an untouched empty field is no mistake yet; a started or wrong one is, and an error
  // already shown follows the value as it is corrected.
  const checkField = (field: GuestField) => {
    const path = `buyer.${field}` as const;
    if (form.getValues(path) === '' && !form.getFieldState(path).error) return;
    void form.trigger(path);
  };
  const followField = (field: GuestField) => {
    if (form.getFieldState(`buyer.${field}`).error) void form.trigger(`buyer.${field}`);
  };

  const submit = async (values: GuestValues) => {
    if (!canPay || provider === null) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const body = orderRequest({ info, provider, couponCode: quote?.coupon?.code ?? null, buyer: guest ? values.buyer : null, idempotencyKey });
      const created = await placeOrder(body);
      if (!isNavigableUrl(created.redirectUrl)) throw new Error('The provider gave no web address');
      // The button stays disabled while the browser leaves for the provider.
      navigate(created.redirectUrl);
    } catch (error) {
      setSubmitting(false);
      throw error;
    }
  };
  // A refusal about the guest's fields goes to them (the form focuses the first); the rest is said here.
  const refused = (error: unknown) => {
    const outcome = orderFailure(error);
    if (outcome.kind === 'fields') return false;
    if (outcome.kind === 'already_has_access') setHasAccess(true);
    else setFailure(outcome);
    return true;
  };

  const missing = [guest && !guestReady ? 'fyll inn navn og e-post' : null, consented ? null : 'kryss av for samtykket'].filter(Boolean);
  const hint = missing.length > 0 ? `For å betale: ${missing.join(' og ')}.` : null;

  return (
    <Form form={form} onSubmit={submit} onError={refused} fields={guestPaths} className="space-y-8" aria-labelledby={`${id}-title`}>
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
              <Field<GuestValues>
                key={field}
                name={`buyer.${field}`}
                label={fieldLabels[field]}
                hint={
                  field === 'email' ? 'Kvitteringen sendes hit. Vi lager en konto til deg med denne adressen, så du finner kurset igjen.' : undefined
                }
                className={field === 'email' ? 'sm:col-span-2' : undefined}
              >
                {({ onChange, onBlur, ...control }) => (
                  <Input
                    {...control}
                    type={field === 'email' ? 'email' : 'text'}
                    autoComplete={fieldAutocomplete[field]}
                    required
                    aria-required="true"
                    maxLength={field === 'email' ? EMAIL_MAX : NAME_MAX}
                    onChange={async (event) => {
                      await onChange(event);
                      followField(field);
                    }}
                    onBlur={async (event) => {
                      await onBlur(event);
                      checkField(field);
                    }}
                  />
                )}
              </Field>
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
              <dd>{formatKroner(quote.listPriceOre)}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-4 text-emerald-800">
              <dt>Rabatt{quote.coupon ? ` (${quote.coupon.label})` : ''}</dt>
              <dd>−{formatKroner(quote.discountOre)}</dd>
            </div>
          </>
        )}
        <div className="flex flex-wrap justify-between gap-x-4 text-lg font-semibold text-ink">
          <dt>Å betale</dt>
          <dd data-testid="checkout-total">{formatKroner(totalOre)}</dd>
        </div>
        <div className="text-sm text-muted">
          <dt className="sr-only">Merverdiavgift</dt>
          <dd>{product.vat === 'exempt' ? 'Fritatt for merverdiavgift' : `Inkludert merverdiavgift, herav mva. ${formatKroner(vatOre)}`}</dd>
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
              {submitting ? 'Sender deg til betaling …' : `Betal ${formatKroner(totalOre)}`}
            </Button>
            {hint && !submitting && (
              <p id={`${id}-pay-hint`} className="mt-2 text-sm text-muted">
                {hint}
              </p>
            )}
          </div>
        </>
      )}
    </Form>
  );
}

const couponFields = quoteBody.pick({ couponCode: true }).required();

/**
 * 'Rabattkode' and 'Bruk': a field of its own inside the order's form (forms do not nest), checked
 * by the quote's schema; the server's refusal, whatever its kind, is said under the field.
 */
function CouponField({
  productId,
  quote,
  onQuote,
}: {
  productId: string;
  quote: CheckoutQuote | null;
  onQuote: (quote: CheckoutQuote | null) => void;
}) {
  const form = useSchemaForm(couponFields, { couponCode: '' });
  const pending = useFormState({ control: form.control }).isSubmitting;
  const applied = quote?.coupon ?? null;

  const apply = form.handleSubmit(
    async ({ couponCode }) => {
      try {
        onQuote(await requestQuote(productId, couponCode.trim()));
        form.reset();
      } catch (error) {
        const issues = serverIssues(error, ['couponCode']);
        const message = issues.fields.couponCode ?? issues.form;
        if (message) form.setError('couponCode', { type: 'server', message });
        form.setFocus('couponCode');
      }
    },
    () => form.setFocus('couponCode'),
  );
  // Enter in the coupon field applies the code; it must not submit the order.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void apply();
  };

  return (
    <FormProvider {...form}>
      <Field name="couponCode" label="Rabattkode">
        {(control) => (
          <div className="flex flex-wrap gap-2">
            <Input
              {...control}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={COUPON_CODE_MAX}
              onKeyDown={onKeyDown}
              className="min-w-0 flex-1 basis-40"
            />
            <Button type="button" variant="secondary" onClick={() => void apply()} disabled={pending}>
              {pending ? 'Sjekker …' : 'Bruk'}
            </Button>
          </div>
        )}
      </Field>
      <div aria-live="polite">
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
    </FormProvider>
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
