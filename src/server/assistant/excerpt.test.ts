import { describe, expect, it } from 'vitest';
import { sentenceExcerpt } from './excerpt';

const lesson =
  'Møtereferat er en av de enkleste gevinstene. Copilot i Teams lager et sammendrag av møtet, f.eks. beslutninger og oppgaver. ' +
  'Du må slå på transkripsjon før møtet starter. Les alltid gjennom referatet før du sender det. Husk personvernet til deltakerne.';

describe('sentenceExcerpt', () => {
  it('starts at the sentence the fragment starts in and ends at a sentence end', () => {
    // ts_headline's fragment starts and ends mid-sentence.
    const excerpt = sentenceExcerpt(lesson, 'sammendrag av møtet, f.eks. beslutninger og oppgaver. Du må slå på transkripsjon før');
    expect(excerpt.startsWith('Copilot i Teams lager et sammendrag')).toBe(true);
    expect(excerpt).toMatch(/[.!?]$/u);
    expect(excerpt).toContain('Du må slå på transkripsjon før møtet starter.');
  });

  it('does not end a sentence at an abbreviation', () => {
    expect(sentenceExcerpt(lesson, 'f.eks. beslutninger', 60)).toBe('Copilot i Teams lager et sammendrag av møtet, f.eks. beslutninger og oppgaver.');
  });

  it('takes whole sentences while they fit, and at least one', () => {
    const excerpt = sentenceExcerpt(lesson, 'Møtereferat er en av', 100);
    expect(excerpt).toBe('Møtereferat er en av de enkleste gevinstene.');
    expect(sentenceExcerpt(lesson, 'Møtereferat er en av', 10)).toBe('Møtereferat er en av de enkleste gevinstene.');
  });

  it('keeps line breaks and runs of spaces out, and falls back to the start when the fragment is not found', () => {
    expect(sentenceExcerpt('Første  setning.\nAndre\tsetning.', 'finnes ikke', 300)).toBe('Første setning. Andre setning.');
  });

  it('cuts only a sentence longer than 400 characters, at a word, with …', () => {
    const long = `${'ord '.repeat(150).trim()}.`;
    const excerpt = sentenceExcerpt(long, 'ord ord', 300);
    expect(excerpt.endsWith(' …')).toBe(true);
    expect(
      excerpt
        .slice(0, -2)
        .split(' ')
        .every((w) => w === 'ord'),
    ).toBe(true);
    expect(sentenceExcerpt('', 'x')).toBe('');
  });
});
