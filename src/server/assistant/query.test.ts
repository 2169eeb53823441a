import { describe, expect, it } from 'vitest';
import { questionParts, questionTerms, termWords } from './query';

describe('questionTerms', () => {
  it('keeps letters and digits only, so nothing in a question is tsquery syntax', () => {
    const words = termWords(questionTerms("' OR 1=1 --; drop table users & !(x) <-> y:*"));
    for (const word of words) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
  });

  it('expands a synonym group the question touches, with the learner’s own words first', () => {
    const terms = questionTerms('Kan jeg automatisere uten å kode?');
    const group = terms.find((t) => t.some((a) => a.words.join(' ') === 'zapier'));
    expect(group).toBeDefined();
    expect(group![0]!.words).toEqual(['uten', 'å', 'kode']);
    // Words a group covered are not searched again on their own.
    expect(terms.filter((t) => t.length === 1 && t[0]!.words[0] === 'kode')).toHaveLength(0);
  });

  it('finds a phrase with a word between its words, and English tool names in Norwegian', () => {
    const terms = questionTerms('Hvorfor finner ChatGPT på ting?');
    expect(terms.some((t) => t.some((a) => a.words.join(' ') === 'hallusinasjon'))).toBe(true);
    expect(questionTerms('Hvordan lager jeg slides?').some((t) => t.some((a) => a.words.join(' ') === 'presentasjon'))).toBe(true);
  });

  it('matches a prefixed expression on any ending', () => {
    expect(questionTerms('lysbildene mine').some((t) => t.some((a) => a.words.join(' ') === 'powerpoint'))).toBe(true);
  });

  it('bounds the number of terms', () => {
    expect(questionTerms(Array.from({ length: 100 }, (_, i) => `ord${i}`).join(' ')).length).toBeLessThanOrEqual(16);
  });
});

describe('questionParts', () => {
  it('splits a two-part question where a new question starts', () => {
    expect(questionParts('Hva koster kurset, og kan jeg få faktura?')).toEqual(['Hva koster kurset', 'kan jeg få faktura']);
    expect(questionParts('Hvordan skriver jeg bedre prompter? Og hva betyr tokens?')).toEqual([
      'Hvordan skriver jeg bedre prompter',
      'hva betyr tokens',
    ]);
    expect(questionParts('Hva er et kontekstvindu og hvorfor glemmer chatboten ting?')).toEqual([
      'Hva er et kontekstvindu',
      'hvorfor glemmer chatboten ting',
    ]);
    expect(questionParts('Hvordan lager jeg slides, hva er en prompt; kan Copilot lage formler?')).toEqual([
      'Hvordan lager jeg slides',
      'hva er en prompt',
      'kan Copilot lage formler',
    ]);
    // A question that opens with another word is one by its question mark.
    expect(questionParts('Straffer Google KI-tekster? Hvordan lager jeg slides?')).toEqual([
      'Straffer Google KI-tekster',
      'Hvordan lager jeg slides',
    ]);
  });

  it('keeps one question whole, also when it says "og" between two things', () => {
    expect(questionParts('Hva er forskjellen på ChatGPT og Copilot?')).toEqual(['Hva er forskjellen på ChatGPT og Copilot']);
    expect(questionParts('Kan jeg lage automatiseringer uten å kode?')).toEqual(['Kan jeg lage automatiseringer uten å kode']);
    expect(questionParts('Takk!')).toEqual(['Takk']);
    // A sentence that asks nothing is context for the question after it, not a question to search.
    expect(questionParts('Hei, jeg bruker Teams hver dag. Hvordan lager jeg referat?')).toEqual([
      'Hei, jeg bruker Teams hver dag Hvordan lager jeg referat',
    ]);
    expect(questionParts('Hvordan lager jeg slides? Jeg bruker PowerPoint.')).toEqual(['Hvordan lager jeg slides Jeg bruker PowerPoint']);
    expect(questionParts('   ')).toEqual(['']);
  });
});
