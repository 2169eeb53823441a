import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { TRIAL_DAYS, TRIAL_SEATS, trialDaysLeftText } from './company-package';

/** The trial the package page promises is the one the server gives. */
describe('the package trial', () => {
  const page = parse(readFileSync('src/content/pages/nettbasert-pakke.yaml', 'utf8')) as {
    price: { trialDays: number };
    faq: { items: { question: string; answer: string }[] };
  };

  it('lasts the days the page promises, for the seats its questions name', () => {
    expect(page.price.trialDays).toBe(TRIAL_DAYS);
    const answer = page.faq.items.find((item) => item.question.includes('prøveperioden'))!.answer;
    expect(answer).toContain(`Opptil ${TRIAL_SEATS} ansatte`);
    expect(answer).toContain(`i ${TRIAL_DAYS} dager`);
    expect(answer).toContain('betaler ingenting');
  });

  it('says the days left in Norwegian, one day in the singular', () => {
    expect(trialDaysLeftText(7)).toBe('7 dager igjen av prøveperioden');
    expect(trialDaysLeftText(1)).toBe('1 dag igjen av prøveperioden');
  });
});
