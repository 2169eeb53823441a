import { describe, expect, it } from 'vitest';
import { AUDIT_FIELD_MAX_CHARS, auditValue, changedFields, lessonFields } from './content-audit.service';

describe('the content audit’s fields', () => {
  it('keeps only the changed fields, a missing one as null', () => {
    expect(changedFields({ title: 'A', type: 'text', 'content.text': 'x' }, { title: 'B', type: 'text', 'content.text': 'x' })).toEqual({
      before: { title: 'A' },
      after: { title: 'B' },
    });
    expect(changedFields({ 'content.description': undefined }, { 'content.description': 'Ny' })).toEqual({
      before: { 'content.description': null },
      after: { 'content.description': 'Ny' },
    });
    expect(changedFields({ a: { x: [1, 2] } }, { a: { x: [1, 2] } })).toBeNull();
  });

  it('clips a long text, or a long structure’s JSON, with its full length', () => {
    const long = 'x'.repeat(AUDIT_FIELD_MAX_CHARS + 1);
    expect(auditValue(long)).toBe(`${'x'.repeat(AUDIT_FIELD_MAX_CHARS)}… [avkortet: ${AUDIT_FIELD_MAX_CHARS + 1} tegn]`);
    expect(auditValue('kort')).toBe('kort');
    const questions = Array.from({ length: 100 }, (_, i) => ({ question: `Spørsmål ${i}`, answer: 'Et svar som tar litt plass.' }));
    const clipped = auditValue(questions) as string;
    expect(clipped.startsWith('[{"question":"Spørsmål 0"')).toBe(true);
    expect(clipped).toMatch(/… \[avkortet: \d+ tegn\]$/);
    expect(auditValue(42)).toBe(42);
    expect(auditValue(undefined)).toBeNull();
  });

  it('names a lesson’s content fields content.<name>', () => {
    expect(lessonFields({ title: 'T', type: 'html', content: { html: '<p>x</p>' } })).toEqual({
      title: 'T',
      type: 'html',
      'content.html': '<p>x</p>',
    });
  });
});
