import { z } from 'zod';
import { COMPANY_FACT_VARIABLES, companyFactsFrom, SAMPLE_COMPANY_FACTS, type CompanyFactName } from './site';

/** Build-time only (it loads zod); a production build refuses sample facts (ehandelsloven § 8) and invented testimonials (the Marketing Control Act). */

function validOrgNumber(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{9}$/.test(digits)) return false;
  const sum = [3, 2, 7, 6, 5, 4, 3, 2].reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(digits[8]);
}

const required = z.string().trim().min(2, 'må fylles ut');

export const companyFactsSchema = z.strictObject({
  companyName: required,
  orgNumber: z.string().refine(validOrgNumber, 'må være et gyldig organisasjonsnummer med ni sifre, f.eks. «923 456 789»'),
  phone: z.string().regex(/^\+47 ?(\d ?){7}\d$/, 'må være et norsk telefonnummer med +47, f.eks. «+47 22 00 00 00»'),
  email: z.email('må være en e-postadresse'),
  address: z.string().trim().min(5, 'må være en gateadresse med postnummer og sted'),
  founderName: required,
  bookingUrl: z.url({ protocol: /^https$/, error: 'må være en https-adresse' }),
});

const FACT_LABELS: Record<CompanyFactName, string> = {
  companyName: 'selskapets juridiske navn',
  orgNumber: 'organisasjonsnummeret',
  phone: 'telefonnummeret',
  email: 'kontaktadressen for e-post',
  address: 'forretningsadressen',
  founderName: 'grunnleggerens navn (/om-oss)',
  bookingUrl: 'adressen til bookingkalenderen',
};

export interface TestimonialSource {
  file: string;
  name: string;
  consented: boolean;
  source?: string;
}

type Env = Record<string, string | undefined>;

/** The same rule as `isProduction` in src/server/platform/env.ts. */
export function isProductionContext(env: Env): boolean {
  return env.APP_ENV === 'production' || env.CONTEXT === 'production';
}

/** Malformed facts stop every build; sample facts and unconsented testimonials stop a production build only. */
export function siteConfigProblems(env: Env, testimonials: TestimonialSource[]): string[] {
  const { facts, sampleFacts } = companyFactsFrom(env);
  const problems: string[] = [];
  const parsed = companyFactsSchema.safeParse(facts);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as CompanyFactName;
      problems.push(`${COMPANY_FACT_VARIABLES[name]}: ${FACT_LABELS[name]} ${issue.message} (nå «${facts[name]}»)`);
    }
  }
  if (!isProductionContext(env)) return problems;
  for (const name of sampleFacts) {
    if (problems.some((line) => line.startsWith(`${COMPANY_FACT_VARIABLES[name]}:`))) continue;
    problems.push(`${COMPANY_FACT_VARIABLES[name]}: ${FACT_LABELS[name]} er fortsatt eksempeldata («${SAMPLE_COMPANY_FACTS[name]}»)`);
  }
  for (const t of testimonials) {
    if (t.consented && t.source) continue;
    problems.push(
      `${t.file}: uttalelsen fra «${t.name}» er et oppdiktet eksempel. Bytt den ut med et ekte sitat, og sett consented: true og source (hvor og når kunden samtykket)`,
    );
  }
  return problems;
}

export function formatProblems(problems: string[], production: boolean): string {
  const intro = production
    ? 'Produksjonsbygget stopper: firmaopplysningene må være ekte før siden publiseres (se .env.example og docs/decisions/0016-company-facts-and-one-figure.md).'
    : 'Bygget stopper: firmaopplysningene har feil form (se .env.example).';
  return [intro, 'Fyll inn eller rett:', ...problems.map((p) => `  - ${p}`)].join('\n');
}
