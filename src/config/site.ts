/** Company facts from build-time `COMPANY_*` variables with sample defaults; a production build refuses samples (src/config/company-facts.ts). */

import { formatOrgNumber } from '../lib/org-number';
import { PRODUCT_NAME } from './product';
import { osloYearMonth } from '../lib/format';

export const SAMPLE_COMPANY_FACTS = {
  companyName: 'KI Akademiet AS',
  orgNumber: '000 000 000',
  phone: '+47 400 00 000',
  email: 'kontakt@kiakademiet.no',
  address: 'Storgata 1, 0155 Oslo',
  founderName: 'Navn Navnesen',
  bookingUrl: 'https://calendly.com/kiakademiet/radgivning',
} as const;

export type CompanyFactName = keyof typeof SAMPLE_COMPANY_FACTS;
export type CompanyFacts = Record<CompanyFactName, string>;

export const COMPANY_FACT_VARIABLES: Record<CompanyFactName, string> = {
  companyName: 'COMPANY_NAME',
  orgNumber: 'COMPANY_ORG_NUMBER',
  phone: 'COMPANY_PHONE',
  email: 'COMPANY_EMAIL',
  address: 'COMPANY_ADDRESS',
  founderName: 'COMPANY_FOUNDER',
  bookingUrl: 'COMPANY_BOOKING_URL',
};

/** The money-back guarantee in days: the one rule the terms, the withdrawal page, the course pages and the bundle state. */
export const MONEY_BACK_GUARANTEE_DAYS = 14;

type Env = Record<string, string | undefined>;

/** A variable that is unset or blank keeps the sample. */
export function companyFactsFrom(env: Env): { facts: CompanyFacts; sampleFacts: CompanyFactName[] } {
  const facts = { ...SAMPLE_COMPANY_FACTS } as CompanyFacts;
  for (const name of Object.keys(COMPANY_FACT_VARIABLES) as CompanyFactName[]) {
    const value = env[COMPANY_FACT_VARIABLES[name]]?.trim();
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
  sampleFacts: configured.sampleFacts,
} as const;

/** The year in Norway; static pages carry the year they were built in. */
export function copyrightYear(now = new Date()): number {
  return osloYearMonth(now).year;
}
