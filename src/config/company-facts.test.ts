import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTestimonials } from '../../scripts/check-site-config';
import { isProductionContext, siteConfigProblems, type TestimonialSource } from './company-facts';
import { companyFactsFrom, copyrightYear, SAMPLE_COMPANY_FACTS } from './site';

/** Real-looking facts for every variable (923 456 783 has a valid check digit). */
const realFacts = {
  COMPANY_NAME: 'Fjordlæring AS',
  COMPANY_ORG_NUMBER: '923 456 783',
  COMPANY_PHONE: '+47 22 33 44 55',
  COMPANY_EMAIL: 'post@fjordlaering.no',
  COMPANY_ADDRESS: 'Kongens gate 12, 7011 Trondheim',
  COMPANY_FOUNDER: 'Kari Nordmann',
  COMPANY_BOOKING_URL: 'https://cal.example.no/fjordlaering',
};
const consented: TestimonialSource[] = [{ file: 'a.yaml', name: 'Silje H.', consented: true, source: 'E-post 3. mars 2026' }];
const invented: TestimonialSource[] = [{ file: 'a.yaml', name: 'Silje H.', consented: false }];

describe('company facts (decision 16)', () => {
  it('default to the sample values, each marked as a sample', () => {
    const { facts, sampleFacts } = companyFactsFrom({});
    expect(facts).toEqual(SAMPLE_COMPANY_FACTS);
    expect(sampleFacts).toHaveLength(Object.keys(SAMPLE_COMPANY_FACTS).length);
    expect(companyFactsFrom({ ...realFacts, COMPANY_PHONE: '  ' }).sampleFacts).toEqual(['phone']);
  });

  it('show an organisation number given as nine digits grouped, as Norwegians write it', () => {
    expect(companyFactsFrom({ COMPANY_ORG_NUMBER: '315999804' }).facts.orgNumber).toBe('315 999 804');
    expect(companyFactsFrom({ COMPANY_ORG_NUMBER: '315 999 804' }).facts.orgNumber).toBe('315 999 804');
  });

  it('take the copyright year from the date in Norway, not from a constant', () => {
    expect(copyrightYear(new Date('2026-06-01T12:00:00Z'))).toBe(2026);
    expect(copyrightYear(new Date('2031-06-01T12:00:00Z'))).toBe(2031);
    // New Year's Eve at 23:30 UTC is already the next year in Oslo.
    expect(copyrightYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
  });

  it('count as production with CONTEXT=production or APP_ENV=production only', () => {
    expect(isProductionContext({ CONTEXT: 'production' })).toBe(true);
    expect(isProductionContext({ APP_ENV: 'production' })).toBe(true);
    expect(isProductionContext({ CONTEXT: 'deploy-preview' })).toBe(false);
    expect(isProductionContext({ CI: 'true' })).toBe(false);
  });

  it('let a local build, a deploy preview and CI go ahead with the sample data', () => {
    expect(siteConfigProblems({}, invented)).toEqual([]);
    expect(siteConfigProblems({ CONTEXT: 'deploy-preview' }, invented)).toEqual([]);
    expect(siteConfigProblems({ CI: 'true', APP_ENV: 'test' }, invented)).toEqual([]);
  });

  it('stop a production build with sample facts, naming every variable to fill in', () => {
    const problems = siteConfigProblems({ CONTEXT: 'production' }, consented);
    expect(problems).toHaveLength(7);
    for (const name of Object.keys(realFacts)) expect(problems.join('\n')).toContain(name);
    expect(problems.join('\n')).toContain('«000 000 000»');
    // One fact left out: only that one is listed.
    const { COMPANY_FOUNDER: _founder, ...allButFounder } = realFacts;
    expect(siteConfigProblems({ APP_ENV: 'production', ...allButFounder }, consented)).toEqual([
      'COMPANY_FOUNDER: grunnleggerens navn (/om-oss) er fortsatt eksempeldata («Navn Navnesen»)',
    ]);
  });

  it('stop a production build with an invented testimonial, and pass one with real facts and consented quotes', () => {
    const problems = siteConfigProblems({ CONTEXT: 'production', ...realFacts }, [...consented, ...invented, { ...invented[0]!, consented: true }]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^a\.yaml: uttalelsen fra «Silje H\.» er et oppdiktet eksempel/);
    expect(siteConfigProblems({ CONTEXT: 'production', ...realFacts }, consented)).toEqual([]);
  });

  it('stop any build with a malformed fact', () => {
    const problems = siteConfigProblems({ COMPANY_ORG_NUMBER: '923 456 789', COMPANY_PHONE: '400 00 000', COMPANY_BOOKING_URL: 'http://x.no' }, []);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^COMPANY_ORG_NUMBER: organisasjonsnummeret må være et gyldig organisasjonsnummer/);
    expect(problems[1]).toMatch(/^COMPANY_PHONE: /);
    expect(problems[2]).toMatch(/^COMPANY_BOOKING_URL: /);
  });

  it('finds the testimonials of the content files, none of them consented yet', () => {
    const testimonials = readTestimonials();
    expect(testimonials.map((t) => t.file).sort()).toEqual(
      ['automatisering', 'dashboards', 'nettbasert-pakke', 'trenings-pakke'].map((p) => `src/content/pages/${p}.yaml`),
    );
    expect(testimonials.every((t) => !t.consented)).toBe(true);
  });
});

describe('scripts/check-site-config.ts, the entry point the build runs first', () => {
  // Only what the check reads, so a developer's shell cannot change the result.
  const run = (env: Record<string, string>, args: string[] = []) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-site-config.ts', ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 30_000,
    });

  it('fails a production-context build with the placeholder facts, listing what to fill in', () => {
    const result = run({ CONTEXT: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Produksjonsbygget stopper');
    for (const name of Object.keys(realFacts)) expect(result.stderr).toContain(name);
    expect(result.stderr).toContain('src/content/pages/dashboards.yaml');
  });

  it('passes a local build with the sample data', () => {
    const result = run({});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('with real facts a production build is held up only by the invented testimonials', () => {
    const result = run({ APP_ENV: 'production', ...realFacts });
    expect(result.status).toBe(1);
    expect(result.stderr).not.toContain('COMPANY_');
    expect(result.stderr.match(/oppdiktet eksempel/g)).toHaveLength(4);
  });

  it('passes a production build once the facts are real and every testimonial is a consented quote', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pages-'));
    try {
      cpSync('src/content/pages', dir, { recursive: true });
      for (const { file } of readTestimonials()) {
        const copy = join(dir, file.split('/').pop() ?? '');
        const yaml = readFileSync(copy, 'utf8').replace(
          /^testimonial:\n/m,
          'testimonial:\n  consented: true\n  source: Skriftlig samtykke på e-post, 3. mars 2026\n',
        );
        writeFileSync(copy, yaml);
      }
      const result = run({ CONTEXT: 'production', ...realFacts }, ['--pages', dir]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
