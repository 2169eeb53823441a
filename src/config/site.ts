/**
 * Product name and company facts: the one place every page and island reads them.
 *
 * The company facts come from build-time variables (`COMPANY_*`, see `.env.example`),
 * with sample values as defaults so local builds, previews and CI work without any
 * setup. While a fact still has its sample value the site says so ('Eksempeldata'),
 * and a production build refuses to start (`src/config/company-facts.ts`, run by
 * `scripts/netlify-build.ts`), listing what to fill in.
 *
 * This module is browser-safe (no dependencies, and no `process` in the browser, where
 * the samples stand), but the app's islands read the product name from `product.ts`,
 * so none of this reaches their JavaScript.
 * The format checks (zod) live in `company-facts.ts`, which only the build loads.
 */

import { formatOrgNumber } from '../lib/org-number';
import { PRODUCT_NAME } from './product';
import { osloYearMonth } from '../lib/format';

/** Today's sample values: plausible, clearly fake, refused by a production build. */
export const SAMPLE_COMPANY_FACTS = {
  /** The legal name of the company behind the product. */
  companyName: 'KI Akademiet AS',
  /** Norwegian organisation number, nine digits, shown as '000 000 000'. */
  orgNumber: '000 000 000',
  phone: '+47 400 00 000',
  email: 'kontakt@kiakademiet.no',
  address: 'Storgata 1, 0155 Oslo',
  /** Founder and managing director, named on /om-oss. */
  founderName: 'Navn Navnesen',
  /** The external booking calendar the consulting buttons open. */
  bookingUrl: 'https://calendly.com/kiakademiet/radgivning',
} as const;

export type CompanyFactName = keyof typeof SAMPLE_COMPANY_FACTS;
export type CompanyFacts = Record<CompanyFactName, string>;

/** The build-time variable of each fact. */
export const COMPANY_FACT_VARIABLES: Record<CompanyFactName, string> = {
  companyName: 'COMPANY_NAME',
  orgNumber: 'COMPANY_ORG_NUMBER',
  phone: 'COMPANY_PHONE',
  email: 'COMPANY_EMAIL',
  address: 'COMPANY_ADDRESS',
  founderName: 'COMPANY_FOUNDER',
  bookingUrl: 'COMPANY_BOOKING_URL',
};

/**
 * The money-back guarantee on courses and course packages, in days: the one rule the
 * terms, the withdrawal page, the course pages and the bundle state (the spec's legal
 * constant; its price list's 30 days for the bundle was dropped, decision 16).
 */
export const MONEY_BACK_GUARANTEE_DAYS = 14;

type Env = Record<string, string | undefined>;

/** The facts as configured (a variable that is unset or blank keeps the sample), and which are still samples. */
export function companyFactsFrom(env: Env): { facts: CompanyFacts; sampleFacts: CompanyFactName[] } {
  const facts = { ...SAMPLE_COMPANY_FACTS } as CompanyFacts;
  for (const name of Object.keys(COMPANY_FACT_VARIABLES) as CompanyFactName[]) {
    const value = env[COMPANY_FACT_VARIABLES[name]]?.trim();
    // The organisation number is shown grouped ('315 999 804') however it was given.
    if (value) facts[name] = name === 'orgNumber' ? formatOrgNumber(value) : value;
  }
  const sampleFacts = (Object.keys(facts) as CompanyFactName[]).filter((name) => facts[name] === SAMPLE_COMPANY_FACTS[name]);
  return { facts, sampleFacts };
}

// Build time (Node) reads the variables; in the browser only the product name is used.
const configured = companyFactsFrom((globalThis as { process?: { env: Env } }).process?.env ?? {});

export const site = {
  productName: PRODUCT_NAME,
  ...configured.facts,
  /** Facts that still have their sample value: the pages mark them as 'Eksempeldata'. */
  sampleFacts: configured.sampleFacts,
} as const;

/**
 * The footer's copyright year: the year in Norway when the page is made. Static pages are made at
 * build time, so each deploy carries the year it was built in.
 */
export function copyrightYear(now = new Date()): number {
  return osloYearMonth(now).year;
}
