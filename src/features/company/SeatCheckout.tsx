import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type ComponentProps, type FocusEvent, useEffect, useId, useState } from 'react';
import { type FieldPath, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { PaymentMethods } from '../../components/app/PaymentMethods';
import { Button } from '../../components/ui/Button';
import { Field, Form, FormError, useSchemaForm } from '../../components/ui/form';
import { Input, Label, Textarea } from '../../components/ui/Input';
import { QueryError } from '../../components/ui/QueryState';
import { ApiError } from '../../lib/api';
import { GENERAL_ERROR, SERVER_ERROR } from '../../lib/form-errors';
import { formatKroner } from '../../lib/format';
import { currentUserQuery } from '../../lib/learning.queries';
import { containedVatOre } from '../../lib/money';
import { formatOrgNumber } from '../../lib/org-number';
import { safeNextPath } from '../../lib/safe-next';
import { EMAIL_MAX } from '../../schemas/auth';
import { COMPANY_NAME_MAX, companyBody, INVOICE_ADDRESS_MAX, ORG_NUMBER_MAX, PO_REFERENCE_MAX } from '../../schemas/company';
import {
  managed,
  MAX_SEATS,
  type Membership,
  membershipsQuery,
  MIN_SEATS,
  type PackageInfo,
  packageInfoQuery,
  PACKAGE_PRODUCT_ID,
  placeSeatOrder,
  requestSeatQuote,
  type SeatProvider,
  type SeatQuote,
  startTrial,
} from './company.queries';
import { clampSeats, INVOICE_LABEL, orderButtonLabel, seatsWord } from './company-rules';

export interface SeatCheckoutProps {
  /** The company's e-mail as the build knows it. */
  contactEmail: string;
  /** Full-page navigation (to /bedrift or the provider); replaceable in tests. */
  navigate?: (url: string) => void;
  /** How long the seat count may rest before the server is asked for the price. */
  quoteDelayMs?: number;
  /** The company chosen beforehand ('Kjøp flere plasser' on /bedrift); by default the address's `?bedrift=`. */
  companyId?: string | null;
}

const assign = (url: string) => window.location.assign(url);
const CONFIRM_FOR_INVOICE = 'Bekreft e-postadressen din før du bestiller på faktura.';
const CHECKOUT_PATH = '/kasse/nettbasert-pakke';
const link = 'font-semibold text-brand-700 underline';

/** A provider's redirect is followed only to a web address (a same-site path or http(s)). */
function isNavigableUrl(url: string | null): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url, 'https://same.site');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The package checkout on /kasse/nettbasert-pakke: how many seats, the total with VAT
 * from the server's quote, the company (one the buyer manages, or a new one with its fields), the
 * payment method with the invoice, and the button that names the price. Only for a signed-in
 * buyer: the buyer of a new company becomes its first manager.
 */
export function SeatCheckout({ contactEmail, navigate = assign, quoteDelayMs = 300, companyId }: SeatCheckoutProps) {
  const info = useQuery(packageInfoQuery);
  const user = useQuery(currentUserQuery);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [preselected] = useState(() => (companyId === undefined ? new URLSearchParams(window.location.search).get('bedrift') : companyId));
  const signedIn = Boolean(user.data) && Boolean(info.data?.viewer);
  const memberships = useQuery({ ...membershipsQuery, enabled: signedIn });

  if (info.isPending || user.isPending || (signedIn && memberships.isPending)) return <Loading />;
  if (info.isError) {
    const text = info.error instanceof ApiError && info.error.status === 404 ? 'Pakken kan ikke kjøpes akkurat nå.' : 'Kunne ikke laste kassen.';
    return <QueryError text={text} onRetry={() => void info.refetch()} />;
  }
  if (info.data.viewer === null || user.data === null) return <SignInFirst />;
  if (memberships.isError) return <QueryError text="Kunne ikke hente bedriftene dine." onRetry={() => void memberships.refetch()} />;
  return (
    <SeatForm
      info={info.data}
      companies={managed(memberships.data?.companies ?? [])}
      preselected={preselected}
      contactEmail={contactEmail}
      navigate={navigate}
      idempotencyKey={idempotencyKey}
      quoteDelayMs={quoteDelayMs}
    />
  );
}

function Loading() {
  return (
    <p role="status" className="text-muted">
      Laster kassen …
    </p>
  );
}

/** An anonymous visitor: the way to sign in or register, and back here. */
function SignInFirst() {
  const next = encodeURIComponent(safeNextPath(CHECKOUT_PATH));
  return (
    <div className="rounded-xl border border-brand-600 bg-brand-50 p-5">
      <p className="font-semibold text-ink">Logg inn eller opprett konto for å kjøpe plasser</p>
      <p className="mt-1 text-sm text-muted">Den som kjøper, blir administrator for bedriftens plasser og inviterer de ansatte.</p>
      <p className="mt-4 flex flex-wrap gap-3">
        <a href={`/logg-inn?next=${next}`} className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
          Logg inn
        </a>
        <a
          href={`/registrer?next=${next}`}
          className="inline-flex items-center rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700"
        >
          Opprett konto
        </a>
      </p>
    </div>
  );
}

interface SeatFormProps {
  info: PackageInfo;
  /** The companies the buyer manages: seats for one of them, or a new company. */
  companies: Membership[];
  preselected: string | null;
  contactEmail: string;
  navigate: (url: string) => void;
  idempotencyKey: string;
  quoteDelayMs: number;
}

/** The choice of a new company among the buyer's. */
const NEW_COMPANY = 'ny';

type CompanyInput = z.input<typeof companyBody>;
interface SeatValues {
  company: CompanyInput;
}
/** Named as the order body names them, so the server's `company.orgNumber` issue lands on its field. */
const companyPaths = Object.keys(companyBody.shape).map((field) => `company.${field}`);
const newCompanyValues = z.object({ company: companyBody });
/** A company the buyer manages: its fields are neither shown nor sent. */
const chosenCompanyValues = z.object({ company: z.custom<CompanyInput>() });
const emptyCompany: CompanyInput = { name: '', orgNumber: '', invoiceAddress: '', invoiceEmail: '', poReference: '' };

/** The third choice beside paying and the invoice: the free trial, no payment at all. */
const TRIAL = 'trial';
type SeatChoice = SeatProvider | typeof TRIAL;

/**
 * The providers, the invoice when the product offers it (it is never one of the providers), and the
 * free trial while this person has not had one (the server still decides for the company).
 */
function paymentMethods(info: PackageInfo): { id: SeatChoice; label: string }[] {
  const list: { id: SeatChoice; label: string }[] = [...info.providers];
  if (info.offersInvoice) list.push({ id: 'invoice', label: INVOICE_LABEL });
  if (info.product.trial && info.viewer?.trialAvailable) list.push({ id: TRIAL, label: `Prøv gratis i ${info.product.trial.days} dager` });
  return list;
}

function SeatForm({ info, companies, preselected, contactEmail, navigate, idempotencyKey, quoteDelayMs }: SeatFormProps) {
  const id = useId();
  const methods = paymentMethods(info);
  const [quantity, setQuantity] = useState(5);
  const [quantityText, setQuantityText] = useState('5');
  const [quote, setQuote] = useState<SeatQuote | null>(null);
  const [quoteFailed, setQuoteFailed] = useState(false);
  // '?provetid=1' (the package page's 'Prøv gratis' link) starts on the trial where it is offered.
  const [provider, setProvider] = useState<SeatChoice | null>(() =>
    new URLSearchParams(window.location.search).has('provetid') && methods.some((m) => m.id === TRIAL) ? TRIAL : (methods[0]?.id ?? null),
  );
  const trial = provider === TRIAL ? (info.product.trial ?? null) : null;
  const [submitting, setSubmitting] = useState(false);
  const [paymentFailure, setPaymentFailure] = useState<string | null>(null);
  const [companyChoice, setCompanyChoice] = useState(() => (companies.find((c) => c.id === preselected) ?? companies[0])?.id ?? NEW_COMPANY);
  const chosen = companies.find((c) => c.id === companyChoice) ?? null;
  const needsCompany = chosen === null;
  const form = useSchemaForm(needsCompany ? newCompanyValues : chosenCompanyValues, { company: emptyCompany });

  // The price of the count once it rests; an answer for an older count is dropped.
  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(() => {
      requestSeatQuote(quantity)
        .then((answer) => {
          if (!current) return;
          setQuote(answer);
          setQuoteFailed(false);
        })
        .catch(() => {
          if (current) setQuoteFailed(true);
        });
    }, quoteDelayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [quantity, quoteDelayMs]);

  const unitOre = info.product.unitPriceOre;
  const fresh = quote !== null && quote.quantity === quantity;
  const totalOre = fresh ? quote.totalOre : unitOre * quantity;
  const vatOre = fresh ? quote.vatOre : containedVatOre(unitOre * quantity, info.product.vatRateBp);

  const changeQuantity = (value: number) => {
    const next = clampSeats(value);
    setQuantity(next);
    setQuantityText(String(next));
  };

  const submit = async ({ company }: SeatValues) => {
    if (provider === null || submitting) return;
    setSubmitting(true);
    setPaymentFailure(null);
    const { poReference, ...required } = company;
    const companyPart = chosen ? { companyId: chosen.id } : { company: { ...required, ...(poReference?.trim() ? { poReference } : {}) } };
    try {
      if (provider === TRIAL) {
        const started = await startTrial(companyPart);
        navigate(`/bedrift?bedrift=${encodeURIComponent(started.companyId)}`);
        return;
      }
      const created = await placeSeatOrder({ productId: PACKAGE_PRODUCT_ID, quantity, provider, ...companyPart, idempotencyKey });
      const companyPage = chosen ? `/bedrift?bedrift=${encodeURIComponent(chosen.id)}` : '/bedrift';
      const target = provider === 'invoice' && !created.redirectUrl ? companyPage : created.redirectUrl;
      if (!isNavigableUrl(target)) throw new Error('The order gave no web address');
      // The button stays disabled while the browser leaves.
      navigate(target);
    } catch (error) {
      setSubmitting(false);
      throw error;
    }
  };
  // An unconfirmed address is said beside the payment choice, with the way to the account.
  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) return false;
    if (error.status === 403 && (provider === TRIAL || error.errorType === 'email_unverified')) {
      setPaymentFailure(error.bodyError ?? (error.errorType === 'email_unverified' ? CONFIRM_FOR_INVOICE : GENERAL_ERROR));
      return true;
    }
    if (error.status !== 401) return false;
    form.setError(SERVER_ERROR, { type: 'server', message: 'Du er logget ut. Logg inn igjen for å kjøpe plasser.' });
    return true;
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      onError={refused}
      fields={needsCompany ? companyPaths : []}
      className="space-y-8"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {chosen ? `Kjøp flere plasser til ${chosen.name}` : 'Bestilling'}
      </h3>

      {trial ? (
        <dl className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-4" aria-live="polite">
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt>
              Gratis prøveperiode: {seatsWord(trial.seats)} i {trial.days} dager
            </dt>
            <dd>{formatKroner(0)}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 text-lg font-semibold text-ink">
            <dt>Å betale</dt>
            <dd data-testid="seat-total">{formatKroner(0)}</dd>
          </div>
        </dl>
      ) : (
        <>
          <div>
            <Label htmlFor={`${id}-quantity`}>Antall plasser</Label>
            <div className="mt-1 flex items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Én plass færre"
                aria-controls={`${id}-quantity`}
                disabled={quantity <= MIN_SEATS}
                onClick={() => changeQuantity(quantity - 1)}
              >
                <span aria-hidden="true">−</span>
              </Button>
              <Input
                id={`${id}-quantity`}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={MIN_SEATS}
                max={MAX_SEATS}
                step={1}
                value={quantityText}
                onChange={(event) => {
                  setQuantityText(event.target.value);
                  const parsed = Number.parseInt(event.target.value, 10);
                  if (Number.isFinite(parsed)) setQuantity(clampSeats(parsed));
                }}
                onBlur={() => changeQuantity(Number.parseInt(quantityText, 10))}
                aria-describedby={`${id}-quantity-hint`}
                className="w-24 text-center"
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Én plass mer"
                aria-controls={`${id}-quantity`}
                disabled={quantity >= MAX_SEATS}
                onClick={() => changeQuantity(quantity + 1)}
              >
                <span aria-hidden="true">+</span>
              </Button>
            </div>
            <p id={`${id}-quantity-hint`} className="mt-1 text-sm text-muted">
              Fra {MIN_SEATS} til {MAX_SEATS} plasser, {formatKroner(unitOre)} per plass. Hver ansatt bruker én plass.
            </p>
          </div>

          <dl className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-4" aria-live="polite">
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt>
                {seatsWord(quantity)} × {formatKroner(unitOre)}
              </dt>
              <dd>{formatKroner(fresh ? quote.listPriceOre : unitOre * quantity)}</dd>
            </div>
            {fresh && quote.discountOre > 0 && (
              <div className="flex flex-wrap justify-between gap-x-4 text-emerald-800">
                <dt>Rabatt</dt>
                <dd>−{formatKroner(quote.discountOre)}</dd>
              </div>
            )}
            <div className="flex flex-wrap justify-between gap-x-4 text-lg font-semibold text-ink">
              <dt>Å betale</dt>
              <dd data-testid="seat-total">{formatKroner(totalOre)}</dd>
            </div>
            <div className="text-sm text-muted">
              <dt className="sr-only">Merverdiavgift</dt>
              <dd>Inkludert merverdiavgift, herav mva. {formatKroner(vatOre)}</dd>
            </div>
          </dl>
          {quoteFailed && <p className="text-sm text-muted">Kunne ikke hente prisen fra serveren. Beløpet over er regnet ut fra prisen per plass.</p>}
        </>
      )}

      {companies.length > 0 && (
        <fieldset>
          <legend className="text-lg font-semibold text-ink">Hvilken bedrift gjelder kjøpet?</legend>
          <div className="mt-3 space-y-2">
            {[...companies, null].map((option) => {
              const value = option?.id ?? NEW_COMPANY;
              return (
                <div
                  key={value}
                  className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    id={`${id}-company-${value}`}
                    name="companyChoice"
                    value={value}
                    checked={companyChoice === value}
                    onChange={() => setCompanyChoice(value)}
                    aria-describedby={option?.orgNumber ? `${id}-company-${value}-org` : undefined}
                    className="size-4 shrink-0 accent-brand-600"
                  />
                  <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
                    <label htmlFor={`${id}-company-${value}`} className="text-ink [overflow-wrap:anywhere]">
                      {option ? option.name : 'En ny bedrift'}
                    </label>
                    {option?.orgNumber && (
                      <span id={`${id}-company-${value}-org`} className="text-sm text-muted">
                        Org.nr. {formatOrgNumber(option.orgNumber)}
                      </span>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>
      )}

      {needsCompany ? (
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-ink">{companies.length > 0 ? 'Den nye bedriften' : 'Bedriften'}</legend>
          <p className="text-sm text-muted">
            {trial
              ? 'Du blir administrator for bedriftens plasser og kan invitere de ansatte med en gang.'
              : 'Du blir administrator for bedriftens plasser og kan invitere de ansatte etter kjøpet.'}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <CompanyField name="company.name" label="Bedriftens navn" autoComplete="organization" required maxLength={COMPANY_NAME_MAX} />
            <CompanyField
              name="company.orgNumber"
              label="Organisasjonsnummer"
              inputMode="numeric"
              autoComplete="off"
              required
              maxLength={ORG_NUMBER_MAX}
            />
            <CompanyField
              name="company.invoiceAddress"
              label="Fakturaadresse"
              className="sm:col-span-2"
              multiline
              autoComplete="street-address"
              required
              maxLength={INVOICE_ADDRESS_MAX}
            />
            <CompanyField name="company.invoiceEmail" label="E-post for faktura" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
            <CompanyField name="company.poReference" label="Innkjøpsreferanse (valgfritt)" autoComplete="off" maxLength={PO_REFERENCE_MAX} />
          </div>
        </fieldset>
      ) : (
        <p className="text-ink">
          {trial ? 'Prøveperioden gjelder' : 'Plassene legges til'} <strong>{chosen.name}</strong>.
          {trial ? '' : ' Fakturaopplysningene er de som er lagret for bedriften.'}
        </p>
      )}

      {methods.length === 0 ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-ink">
          Betaling er ikke tilgjengelig akkurat nå. Kontakt oss på{' '}
          <a href={`mailto:${contactEmail}`} className={link}>
            {contactEmail}
          </a>
          .
        </p>
      ) : (
        <>
          <PaymentMethods
            providers={methods}
            value={provider}
            onChange={setProvider}
            alwaysChoose
            note={
              trial ? (
                <>
                  <p className="mt-2 text-sm text-muted">
                    Opptil {trial.seats} ansatte får full tilgang til alle kursene i {trial.days} dager, uten at dere oppgir betalingsopplysninger.
                    Kjøper dere plasser før prøveperioden er over, beholder de tilgangen uten opphold. Ellers slutter den av seg selv: tilgangen til
                    kursene tas tilbake, fremdriften lagres, og dere betaler ingenting. Én prøveperiode per bedrift og per person.
                  </p>
                  {paymentFailure && (
                    <p role="alert" className="mt-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-danger">
                      {paymentFailure}{' '}
                      <a href="/konto" className={link}>
                        Gå til kontoen din
                      </a>
                    </p>
                  )}
                </>
              ) : (
                provider === 'invoice' && (
                  <>
                    <p className="mt-2 text-sm text-muted">
                      Fakturaen sendes til e-postadressen for faktura, med 14 dagers betalingsfrist. For en ny bedrift kan noen av plassene vente på
                      godkjenning til fakturaen er betalt.
                    </p>
                    {paymentFailure && (
                      <p role="alert" className="mt-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-danger">
                        {paymentFailure}{' '}
                        <a href="/konto" className={link}>
                          Gå til kontoen din
                        </a>
                      </p>
                    )}
                  </>
                )
              )
            }
          />

          <FormError />

          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={provider === null || submitting}>
            {submitting
              ? provider === TRIAL
                ? 'Starter prøveperioden …'
                : provider === 'invoice'
                  ? 'Sender bestillingen …'
                  : 'Sender deg til betaling …'
              : provider === TRIAL
                ? 'Start gratis prøveperiode'
                : orderButtonLabel(provider, quantity, totalOre)}
          </Button>
        </>
      )}
    </Form>
  );
}

type CompanyFieldProps = { name: FieldPath<SeatValues>; label: string; multiline?: boolean; className?: string } & Pick<
  ComponentProps<'input'>,
  'type' | 'inputMode' | 'autoComplete' | 'required' | 'maxLength'
>;

/**
 * A field of the new company. Leaving an untouched empty field is no mistake yet; a started or
 * wrong one is, and a message already shown follows the value as it is corrected.
 */
function CompanyField({ name, label, multiline = false, className, ...input }: CompanyFieldProps) {
  const form = useFormContext<SeatValues>();
  const check = (always: boolean) => {
    if (always || form.getFieldState(name).error) void form.trigger(name);
  };
  return (
    <Field<SeatValues> name={name} label={label} className={className}>
      {({ onChange, onBlur, ...control }) => {
        const events = {
          onChange: async (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
            await onChange(event);
            check(false);
          },
          onBlur: async (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
            await onBlur(event);
            check(form.getValues(name) !== '');
          },
        };
        return multiline ? (
          <Textarea {...control} {...events} rows={3} required={input.required} autoComplete={input.autoComplete} maxLength={input.maxLength} />
        ) : (
          <Input {...control} {...events} {...input} />
        );
      }}
    </Field>
  );
}
