import { lessonPath } from './prompt';
import type { Passage } from './search';

/**
 * The built-in assistant, used when no model is configured (local runs, CI): it answers
 * from retrieval alone. A lead sentence, the best matching lessons with a short excerpt
 * each and a link, or — when nothing matches — a plain "not in the courses" with what
 * the courses do cover.
 */

const MAX_CITED = 3;

/** Markdown link text: no brackets that would end it early. */
const linkText = (title: string) => title.replace(/[[\]]/g, '');

/** An excerpt as a quoted line, cut at a word boundary. */
function quote(excerpt: string, max = 280): string {
  const text = excerpt.length > max ? `${excerpt.slice(0, max).replace(/\s+\S*$/u, '')} …` : excerpt;
  return `> ${text}`;
}

export function offlineAnswer(passages: Passage[], courseTitles: string[]): string {
  if (passages.length === 0) {
    const covered = courseTitles.length > 0 ? ` Kursene tar for seg: ${courseTitles.join(', ')}.` : '';
    return [
      `Jeg fant ikke noe i kursinnholdet som svarer på dette.${covered}`,
      'Prøv gjerne å spørre med andre ord, for eksempel om et verktøy, en arbeidsoppgave eller et tema fra et av kursene.',
    ].join('\n\n');
  }
  const cited = passages.slice(0, MAX_CITED);
  const courses = [...new Set(cited.map((p) => p.courseTitle))];
  const lead =
    cited.length === 1
      ? `Dette tas opp i kurset ${courses[0]}:`
      : `Dette tas opp i ${courses.length === 1 ? `kurset ${courses[0]}` : `kursene ${courses.slice(0, -1).join(', ')} og ${courses.at(-1)}`}. De leksjonene som passer best:`;
  const items = cited.map(
    (p) => `**[${linkText(p.lessonTitle)}](${lessonPath(p.courseId, p.lessonId)})** – ${p.courseTitle}, ${p.moduleTitle}\n${quote(p.excerpt)}`,
  );
  return [lead, ...items, 'Åpne leksjonene for hele gjennomgangen. (Svaret er satt sammen fra kursinnholdet.)'].join('\n\n');
}
