import type { RootContent } from 'mdast';
import { markdown, paragraph, text } from './markdown';
import { passagePath } from './prompt';
import { type Passage, passageAccess } from './search';

/** Used when no model is configured; titles and excerpts go in as text, so the lesson links are the only links. */

const MAX_CITED = 3;

function citedAs(p: Passage): string {
  const where = ` – ${p.courseTitle}, ${p.moduleTitle ?? ''}`;
  switch (passageAccess(p)) {
    case 'open':
      return where;
    case 'preview':
      return `${where} (gratis forhåndsvisning; resten av kurset krever kjøp)`;
    case 'purchase':
      return ' – krever kjøp: du har ikke tilgang til dette kurset ennå';
  }
}

export function offlineAnswer(passages: Passage[], courseTitles: string[]): string {
  if (passages.length === 0) {
    const covered = courseTitles.length > 0 ? ` Kursene tar for seg: ${courseTitles.join(', ')}.` : '';
    return markdown([
      paragraph(text(`Jeg fant ikke noe i kursinnholdet som svarer på dette.${covered}`)),
      paragraph(text('Prøv gjerne å spørre med andre ord, for eksempel om et verktøy, en arbeidsoppgave eller et tema fra et av kursene.')),
    ]);
  }
  const cited = passages.slice(0, MAX_CITED);
  const courses = [...new Set(cited.map((p) => p.courseTitle))];
  const lead =
    cited.length === 1
      ? `Dette tas opp i kurset ${courses[0]}:`
      : `Dette tas opp i ${courses.length === 1 ? `kurset ${courses[0]}` : `kursene ${courses.slice(0, -1).join(', ')} og ${courses.at(-1)}`}. De leksjonene som passer best:`;
  const items = cited.flatMap((p): RootContent[] => [
    paragraph(
      { type: 'strong', children: [{ type: 'link', url: passagePath(p), children: [text(p.lessonTitle ?? p.courseTitle)] }] },
      text(citedAs(p)),
    ),
    { type: 'blockquote', children: [paragraph(text(p.excerpt))] },
  ]);
  return markdown([
    paragraph(text(lead)),
    ...items,
    paragraph(text('Åpne leksjonene for hele gjennomgangen. (Svaret er satt sammen fra kursinnholdet.)')),
  ]);
}
