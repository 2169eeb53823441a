import type { RootContent } from 'mdast';
import { assistantPages, coursePagePath } from '../../lib/assistant-links';
import { markdown, paragraph, text } from './markdown';
import { questionParts } from './query';

/** Deliberately narrow: a topic word and a sign the question is about us, so 'Hva koster ChatGPT Plus?' still goes to the lessons. */

export type SiteTopic = 'contact' | 'withdrawal' | 'invoice' | 'company' | 'price';

export interface TopicCourse {
  id: string;
  title: string;
}

const WORD = /[\p{L}\p{N}]+/gu;
const words = (value: string) => value.normalize('NFC').toLowerCase().match(WORD) ?? [];

const set = (...list: string[]) => new Set(list);
const CONTACT = set(
  'kontakt',
  'kontakte',
  'kontakter',
  'kontaktinfo',
  'kontaktinformasjon',
  'kontaktskjema',
  'telefonnummer',
  'telefonnummeret',
  'ringe',
  'ring',
);
const SUPPORT = set('kundeservice', 'kundestøtte', 'brukerstøtte', 'support');
const WITHDRAW = set(
  'angrerett',
  'angreretten',
  'angrefrist',
  'angrefristen',
  'angreskjema',
  'refusjon',
  'refundere',
  'refundert',
  'tilbakebetaling',
  'garanti',
  'garantien',
);
const REGRET = set('angre', 'angrer', 'avbestille', 'avbestiller', 'kansellere', 'kansellerer', 'heve');
const INVOICE = set('faktura', 'fakturaen', 'fakturaer', 'ehf', 'kvittering', 'kvitteringen', 'kvitteringer', 'kvitteringa');
const PAYING = set(
  'betale',
  'betaler',
  'betalt',
  'betaling',
  'betalingen',
  'kjøp',
  'kjøpet',
  'kjøpe',
  'kjøper',
  'kjøpte',
  'bestille',
  'bestiller',
  'bestilling',
  'bestillingen',
  'min',
  'mitt',
  'få',
  'finner',
  'sende',
  'sendt',
);
const COMPANY = set(
  'bedrift',
  'bedriften',
  'bedrifter',
  'firma',
  'firmaet',
  'selskapet',
  'arbeidsgiver',
  'arbeidsgiveren',
  'ansatte',
  'kolleger',
  'kollegaer',
  'teamet',
  'avdelingen',
  'organisasjonen',
);
const BUYING = set(
  'kjøp',
  'kjøpe',
  'kjøper',
  'bestille',
  'bestiller',
  'pris',
  'prisen',
  'priser',
  'koster',
  'kostnad',
  'betale',
  'lisens',
  'lisenser',
  'plasser',
  'seter',
  'tilgang',
  'påmelding',
  'melde',
);
const PRICE = set(
  'pris',
  'prisen',
  'priser',
  'prisene',
  'koster',
  'kostnad',
  'kostnaden',
  'kostnader',
  'betale',
  'betaler',
  'gratis',
  'rabatt',
  'rabattkode',
  'billig',
  'billigere',
  'dyrt',
  'dyr',
  'abonnement',
);
const OURS = set(
  'dere',
  'deres',
  'dokker',
  'akademiet',
  'nettstedet',
  'nettsiden',
  'plattformen',
  'abonnement',
  'abonnementet',
  'tilgang',
  'tilgangen',
  'lisens',
  'lisensen',
  'medlemskap',
);
const isOurs = (word: string) => OURS.has(word) || /kurs|pakke/u.test(word);
const NOT_NAMES = set('ki', 'ai', 'jeg', 'i');

const hasAny = (list: string[], from: Set<string>) => list.some((w) => from.has(w));

function namedCourse(question: string, courses: TopicCourse[]): TopicCourse | undefined {
  const plain = words(question).join(' ');
  return courses.find((c) => plain.includes(words(c.title).join(' ')));
}

function namesSomethingElse(question: string): boolean {
  const all = question.normalize('NFC').match(WORD) ?? [];
  return all.slice(1).some((w) => /^\p{Lu}/u.test(w) && !NOT_NAMES.has(w.toLowerCase()));
}

/** A cheap first look, so the courses are read only for a question that may be about the site. */
export function mayBeSiteTopic(question: string): boolean {
  const list = words(question);
  return (
    [CONTACT, SUPPORT, WITHDRAW, REGRET, INVOICE, COMPANY, PRICE].some((group) => hasAny(list, group)) ||
    /snakke med|pengene tilbake/u.test(list.join(' '))
  );
}

export function siteTopic(question: string, courses: TopicCourse[] = []): SiteTopic | null {
  const list = words(question);
  const joined = list.join(' ');
  const ours = list.some(isOurs) || namedCourse(question, courses) !== undefined;
  const short = list.length <= 6;

  if (
    (hasAny(list, CONTACT) && (ours || hasAny(list, SUPPORT) || /(^| )tar? (jeg |vi )?kontakt$/u.test(joined))) ||
    (hasAny(list, SUPPORT) && ours) ||
    /snakke med (et menneske|en person|noen hos)/u.test(joined)
  )
    return 'contact';
  const purchase = /(^| )kjøp/u.test(joined);
  if (((hasAny(list, WITHDRAW) || joined.includes('pengene tilbake')) && (ours || short || purchase)) || (hasAny(list, REGRET) && (ours || purchase)))
    return 'withdrawal';
  if (hasAny(list, INVOICE) && (ours || hasAny(list, PAYING))) return hasAny(list, COMPANY) ? 'company' : 'invoice';
  if (hasAny(list, COMPANY) && hasAny(list, BUYING) && (ours || list.length <= 8)) return 'company';
  if (hasAny(list, PRICE) && (ours || (short && !namesSomethingElse(question)))) return 'price';
  return null;
}

const link = (label: string, url: string) => ({ type: 'link' as const, url, children: [text(label)] });

export function siteTopicAnswer(topic: SiteTopic, course?: TopicCourse): string {
  const blocks: RootContent[] = [];
  const coursePage = course ? coursePagePath(course.id) : null;
  switch (topic) {
    case 'price':
      blocks.push(
        paragraph(text('Kursinnholdet handler ikke om priser, så det kan jeg ikke svare på herfra.')),
        coursePage && course
          ? paragraph(
              text('Prisen på '),
              link(course.title, coursePage),
              text(' står på kurssiden. Alle kursene finner du i '),
              link('kursoversikten', assistantPages.courses),
              text('.'),
            )
          : paragraph(
              text('Prisen på hvert kurs står på kurssiden; alle kursene finner du i '),
              link('kursoversikten', assistantPages.courses),
              text('.'),
            ),
        paragraph(
          text('Skal en bedrift kjøpe til flere, står prisen per person på '),
          link('Nettbaserte kurspakker', assistantPages.companyPackage),
          text('.'),
        ),
      );
      break;
    case 'company':
      blocks.push(
        paragraph(text('Kjøp til en bedrift tas ikke opp i kursinnholdet.')),
        paragraph(
          text('Pris per person, faktura og hvordan dere melder på ansatte står på '),
          link('Nettbaserte kurspakker', assistantPages.companyPackage),
          text('. Har dere spørsmål før dere bestiller, kan dere '),
          link('kontakte oss', assistantPages.contact),
          text('.'),
        ),
      );
      break;
    case 'invoice':
      blocks.push(
        paragraph(text('Faktura og kvitteringer tas ikke opp i kursinnholdet.')),
        paragraph(
          text('Kvitteringene for det du har kjøpt, finner du under '),
          link('Mine kjøp', assistantPages.purchases),
          text('. Bedrifter som vil betale med faktura, bestiller fra '),
          link('Nettbaserte kurspakker', assistantPages.companyPackage),
          text('.'),
        ),
      );
      break;
    case 'withdrawal':
      blocks.push(
        paragraph(text('Angrerett og pengene tilbake tas ikke opp i kursinnholdet.')),
        paragraph(
          text('Slik går du frem står på '),
          link('Angrerett', assistantPages.withdrawal),
          text(', og kjøpene dine med kvitteringer finner du under '),
          link('Mine kjøp', assistantPages.purchases),
          text('.'),
        ),
      );
      break;
    case 'contact':
      blocks.push(
        paragraph(text('Jeg er en assistent for kursinnholdet og kan ikke sette deg i kontakt med noen.')),
        paragraph(text('Du når oss på '), link('Kontakt oss', assistantPages.contact), text(', der du også finner e-post og telefon.')),
      );
      break;
  }
  return markdown(blocks);
}

export function siteTopicReply(question: string, courses: TopicCourse[], contextCourseId?: string): string | null {
  return splitSiteTopics(question, courses, contextCourseId).answer;
}

export interface SiteTopicSplit {
  answer: string | null;
  topics: SiteTopic[];
  rest: string;
}

export function splitSiteTopics(message: string, courses: TopicCourse[], contextCourseId?: string): SiteTopicSplit {
  const parts = questionParts(message);
  const topics: SiteTopic[] = [];
  const rest: string[] = [];
  for (const part of parts) {
    const topic = parts.length > 1 ? siteTopic(part, courses) : null;
    if (topic === null) rest.push(part);
    else if (!topics.includes(topic)) topics.push(topic);
  }
  if (topics.length === 0) {
    const whole = siteTopic(message, courses);
    if (whole === null) return { answer: null, topics: [], rest: message };
    topics.push(whole);
    rest.length = 0;
  }
  const course = namedCourse(message, courses) ?? courses.find((c) => c.id === contextCourseId);
  return { answer: topics.map((topic) => siteTopicAnswer(topic, course)).join('\n\n'), topics, rest: rest.join('. ') };
}
