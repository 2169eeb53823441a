import type { z } from 'zod';

/** Plain Norwegian texts for zod's own issues, so no English type name reaches a user; a schema's own message still wins. */

interface FieldLabel {
  readonly label: string;
  readonly unit?: 'seconds';
  readonly also?: readonly string[];
}

export const PAGE_LIMIT_MAX = 100;
export const pagingMessages = {
  limit: `Antall per side (limit) må være et heltall fra 1 til ${PAGE_LIMIT_MAX}`,
  cursor: 'Sidemarkøren (cursor) er ugyldig. Last listen på nytt.',
} as const;

export const fieldLabels = {
  id: { label: 'Id' },
  courseId: { label: 'Kurs-id' },
  moduleId: { label: 'Modul-id' },
  lessonId: { label: 'Leksjons-id' },
  userId: { label: 'Bruker-id' },
  next: { label: 'Returadresse' },
  fresh: { label: 'Parameteren fresh' },
  limit: { label: 'Antall per side' },
  cursor: { label: 'Sidemarkøren' },
  email: { label: 'E-post' },
  password: { label: 'Passord' },
  firstName: { label: 'Fornavn' },
  lastName: { label: 'Etternavn' },
  completed: { label: 'Fullført' },
  positionSeconds: { label: 'Tidspunkt', unit: 'seconds' },
  timestamp: { label: 'Tidspunkt', unit: 'seconds' },
  noteText: { label: 'Notat' },
  title: { label: 'Tittel' },
  content: { label: 'Innhold', also: ['Melding'] },
  context: { label: 'Kontekst' },
  name: { label: 'Navn' },
  description: { label: 'Beskrivelse' },
  lessonType: { label: 'Leksjonstype' },
  orderIndex: { label: 'Rekkefølge' },
  videoUrl: { label: 'Video-URL' },
  url: { label: 'URL' },
  durationSeconds: { label: 'Varighet', unit: 'seconds' },
  direction: { label: 'Retning' },
  isActive: { label: 'Status' },
  isPreview: { label: 'Forhåndsvisning' },
  role: { label: 'Rolle' },
  type: { label: 'Type' },
  captionsUrl: { label: 'Teksting-URL' },
  text: { label: 'Innhold', also: ['Adresser'] },
  html: { label: 'Innhold (HTML)' },
  instructions: { label: 'Instruksjoner' },
  questions: { label: 'Spørsmål' },
  question: { label: 'Spørsmål' },
  answer: { label: 'Svar' },
  tasks: { label: 'Deloppgaver' },
  requirements: { label: 'Krav' },
  scenarios: { label: 'Scenarioer' },
  placeholder: { label: 'Hjelpetekst' },
  orderId: { label: 'Bestilling' },
  q: { label: 'Søk' },
  action: { label: 'Valg' },
  productId: { label: 'Produkt' },
  provider: { label: 'Betalingsmåte' },
  couponCode: { label: 'Rabattkode' },
  consent: { label: 'Samtykke' },
  accepted: { label: 'Samtykke' },
  version: { label: 'Versjon' },
  buyer: { label: 'Kjøper' },
  idempotencyKey: { label: 'Nøkkel', also: ['Bestillingsnøkkel'] },
  amountOre: { label: 'Beløp' },
  reason: { label: 'Begrunnelse' },
  data: { label: 'Data' },
  object: { label: 'Objekt' },
  metadata: { label: 'Metadata' },
  client_reference_id: { label: 'Referanse' },
  reference: { label: 'Referanse' },
  pspReference: { label: 'Betalingsreferanse' },
  msn: { label: 'Salgsstedsnummer' },
  amount: { label: 'Beløp' },
  currency: { label: 'Valuta' },
  value: { label: 'Verdi' },
  success: { label: 'Resultat' },
  token: { label: 'Lenke' },
  sessionId: { label: 'Innlogging' },
  reminders: { label: 'Påminnelser' },
  newEmail: { label: 'Ny e-post', also: ['E-post'] },
  currentPassword: { label: 'Nåværende passord', also: ['Passord'] },
  newPassword: { label: 'Nytt passord', also: ['Passord'] },
  quantity: { label: 'Antall plasser' },
  company: { label: 'Bedrift' },
  companyId: { label: 'Bedrift' },
  orgNumber: { label: 'Organisasjonsnummer' },
  invoiceEmail: { label: 'E-post for faktura', also: ['E-post'] },
  invoiceAddress: { label: 'Fakturaadresse' },
  poReference: { label: 'Innkjøpsreferanse', also: ['Referanse'] },
  emails: { label: 'E-postadresser', also: ['E-post'] },
  filter: { label: 'Filter' },
  message: { label: 'Melding' },
  seatId: { label: 'Plass' },
  certificateId: { label: 'Kursbevis' },
  code: { label: 'Kode' },
  couponId: { label: 'Rabattkode' },
  kind: { label: 'Type' },
  percentOff: { label: 'Prosent' },
  amountOffOre: { label: 'Beløp' },
  validFrom: { label: 'Gyldig fra' },
  validUntil: { label: 'Gyldig til' },
  maxUses: { label: 'Maks antall bruk' },
  active: { label: 'Aktiv' },
} as const satisfies Record<string, FieldLabel>;

export const REQUEST_LABEL = 'Forespørselen';

const own = (key: string): FieldLabel | undefined =>
  Object.prototype.hasOwnProperty.call(fieldLabels, key) ? (fieldLabels as Record<string, FieldLabel>)[key] : undefined;

function fieldOf(path: readonly PropertyKey[] | undefined): FieldLabel | undefined | null {
  const key = [...(path ?? [])].reverse().find((k) => typeof k === 'string');
  if (key === undefined) return null;
  return own(key as string) ?? { label: `Feltet «${String(key).slice(0, 40)}»` };
}

export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  return fieldOf(path)?.label ?? REQUEST_LABEL;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function amount(n: number | bigint, unit: FieldLabel['unit']): string {
  const value = Number(n);
  return unit === 'seconds' ? plural(value, 'sekund', 'sekunder') : String(value);
}

function either(values: readonly unknown[]): string {
  const words = values.map((v) => String(v));
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} eller ${words.at(-1)}`;
}

const kinds: Record<string, string> = {
  string: 'tekst',
  number: 'et tall',
  int: 'et helt tall',
  bigint: 'et helt tall',
  boolean: 'true eller false',
  array: 'en liste',
  object: 'et JSON-objekt',
  record: 'et JSON-objekt',
  map: 'et JSON-objekt',
  date: 'en dato',
  null: 'tom (null)',
};

const HUGE = Number.MAX_SAFE_INTEGER;

function sizeMessage(label: string, field: FieldLabel | null | undefined, issue: z.core.$ZodRawIssue): string {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return `${label} er ugyldig`;
  const big = issue.code === 'too_big';
  const limit = big ? issue.maximum : issue.minimum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (big) return `${label} kan ha høyst ${plural(Number(limit), 'tegn', 'tegn')}`;
      return Number(limit) <= 1 ? `${label} må fylles ut` : `${label} må ha minst ${plural(Number(limit), 'tegn', 'tegn')}`;
    case 'array':
    case 'set':
      if (big) return `${label} kan ha høyst ${plural(Number(limit), 'element', 'elementer')}`;
      return `${label} må ha minst ${plural(Number(limit), 'element', 'elementer')}`;
    default: {
      const n = Number(limit);
      if (big && n >= HUGE) return `${label} er for stort`;
      if (!big && n <= -HUGE) return `${label} er for lite`;
      const unit = field?.unit;
      if (big) return inclusive ? `${label} kan være høyst ${amount(n, unit)}` : `${label} må være mindre enn ${amount(n, unit)}`;
      return inclusive ? `${label} må være ${amount(n, unit)} eller mer` : `${label} må være mer enn ${amount(n, unit)}`;
    }
  }
}

export function issueMessage(issue: z.core.$ZodRawIssue): string {
  const field = fieldOf(issue.path);
  const label = field?.label ?? REQUEST_LABEL;
  const input: unknown = issue.input;
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined && field !== null) return `${label} mangler`;
      // JSON has no Infinity, but 1e309 parses to it: a number too large, not a wrong type.
      if (typeof input === 'number' && (issue.expected === 'number' || issue.expected === 'int')) {
        if (input === Infinity) return `${label} er for stort`;
        if (input === -Infinity) return `${label} er for lite`;
      }
      return `${label} må være ${kinds[issue.expected] ?? 'av riktig slag'}`;
    }
    case 'invalid_value':
      if (input === undefined && field !== null) return `${label} mangler`;
      return `${label} må være ${either(issue.values)}`;
    case 'too_big':
    case 'too_small':
      return sizeMessage(label, field, issue);
    case 'invalid_format':
      if (issue.format === 'email') return `${label} må være en gyldig e-postadresse`;
      if (issue.format === 'regex') return `${label} har feil format`;
      return `${label} er ugyldig`;
    case 'not_multiple_of':
      return `${label} må gå opp i ${String(issue.divisor)}`;
    case 'unrecognized_keys': {
      const keys = issue.keys.slice(0, 5).map((k) => `«${k.slice(0, 40)}»`);
      return `${label} har felt som ikke er tillatt: ${keys.join(', ')}${issue.keys.length > 5 ? ' …' : ''}`;
    }
    case 'invalid_key':
      return `${label} har en ugyldig nøkkel`;
    case 'invalid_element':
      return `${label} har et ugyldig element`;
    default:
      return `${label} er ugyldig`;
  }
}
