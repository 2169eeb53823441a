import { describe, expect, it } from 'vitest';
import { questions } from '../../../tests/assistant/questions';
import { mayBeSiteTopic, type SiteTopic, siteTopic, siteTopicReply } from './topics';

const courses = [
  { id: 'ki-for-kontoret', title: 'KI for Kontoret' },
  { id: 'grunnleggende-ki', title: 'KI Grunnkurs' },
];

const site: [string, SiteTopic][] = [
  ['Hva koster kurset?', 'price'],
  ['Hva koster det?', 'price'],
  ['Hva er prisen?', 'price'],
  ['Hvor mye må jeg betale for KI for Kontoret?', 'price'],
  ['Finnes det rabatt på kursene deres?', 'price'],
  ['Er grunnkurset gratis?', 'price'],
  ['Kan jeg få faktura?', 'invoice'],
  ['Hvor finner jeg kvitteringen for kjøpet mitt?', 'invoice'],
  ['Kan bedriften betale med faktura?', 'company'],
  ['Kan bedriften vår kjøpe kurs til alle ansatte?', 'company'],
  ['Hva koster det for 10 ansatte?', 'company'],
  ['Hvordan kontakter jeg dere?', 'contact'],
  ['Hvordan tar jeg kontakt?', 'contact'],
  ['Har dere kundeservice?', 'contact'],
  ['Hva er telefonnummeret deres?', 'contact'],
  ['Kan jeg snakke med et menneske?', 'contact'],
  ['Kan jeg angre kjøpet?', 'withdrawal'],
  ['Hvordan bruker jeg angreretten?', 'withdrawal'],
  ['Kan jeg få pengene tilbake for kurset?', 'withdrawal'],
];

describe('siteTopic', () => {
  it.each(site)('%s → %s', (question, topic) => {
    expect(mayBeSiteTopic(question)).toBe(true);
    expect(siteTopic(question, courses)).toBe(topic);
  });

  it.each([
    'Hva koster ChatGPT Plus i måneden?',
    'Hvordan kan KI hjelpe kundeservice med e-post?',
    'Kan KI lese fakturaer fra leverandører?',
    'Hvordan håndterer jeg refusjon til en kunde i nettbutikken?',
    'Hvordan setter jeg prisen på et produkt med KI?',
    'Hvordan kan bedriften bruke KI i markedsføringen?',
  ])('%s → the course material', (question) => {
    expect(siteTopic(question, courses)).toBeNull();
  });

  it('sends none of the evaluation questions (tests/assistant/questions.ts) away from the lessons', () => {
    expect(questions.filter((q) => siteTopic(q.question, courses) !== null).map((q) => q.question)).toEqual([]);
  });
});

describe('siteTopicReply', () => {
  it('answers the price with the course’s page, the course list and the company package', () => {
    const reply = siteTopicReply('Hva koster kurset?', courses, 'ki-for-kontoret')!;
    expect(reply).toContain('Kursinnholdet handler ikke om priser');
    expect(reply).toContain('[KI for Kontoret](/ki-for-kontoret)');
    expect(reply).toContain('(/#kurs)');
    expect(reply).toContain('(/nettbasert-pakke)');
    expect(reply).not.toContain('/course/');
  });

  it('links the right page for each topic, and no lesson', () => {
    expect(siteTopicReply('Hvordan kontakter jeg dere?', courses)).toContain('[Kontakt oss](/kontakt)');
    expect(siteTopicReply('Kan bedriften betale med faktura?', courses)).toContain('(/nettbasert-pakke)');
    expect(siteTopicReply('Hvor finner jeg kvitteringen for kjøpet mitt?', courses)).toContain('[Mine kjøp](/kjop)');
    expect(siteTopicReply('Kan jeg angre kjøpet?', courses)).toContain('[Angrerett](/angrekrav)');
    expect(siteTopicReply('Hva er en prompt?', courses)).toBeNull();
  });
});
