import { describe, expect, it } from 'vitest';
import { actorText, changeLines, formatAuditValue, SHOWN_VALUE_MAX, targetText } from './admin-audit';

describe("'Siste endringer' in words", () => {
  it('shows before → after, only the new value of a create (without ids and places) and the last value of a delete', () => {
    expect(changeLines({ before: { isActive: true }, after: { isActive: false } })).toEqual([
      { field: 'isActive', label: 'Status', text: 'Aktiv → Inaktiv' },
    ]);
    expect(changeLines({ before: null, after: { moduleId: 'm1', orderIndex: 3, title: 'Ny', type: 'html' } })).toEqual([
      { field: 'title', label: 'Tittel', text: 'Ny' },
      { field: 'type', label: 'Type', text: 'HTML' },
    ]);
    expect(changeLines({ before: { title: 'Borte', durationSeconds: 3600 }, after: null })).toEqual([
      { field: 'title', label: 'Tittel', text: 'Borte' },
      { field: 'durationSeconds', label: 'Varighet (sekunder)', text: '3\u00a0600' },
    ]);
    expect(changeLines({ before: null, after: { role: 'admin' } })).toEqual([{ field: 'role', label: 'Rolle', text: 'Administrator' }]);
  });

  it("clips long values, and shows '–' for none", () => {
    const shown = formatAuditValue('content.html', `<p>${'x '.repeat(200)}</p>`);
    expect(shown).toHaveLength(SHOWN_VALUE_MAX + 1);
    expect(shown.endsWith('…')).toBe(true);
    expect(formatAuditValue('content.description', null)).toBe('–');
    expect(formatAuditValue('content.questions', [{ question: 'Hva?' }])).toBe('[{"question":"Hva?"}]');
  });

  it('names the target with its course, or says it is gone; the actor, the command line or a deleted account', () => {
    expect(targetText({ type: 'module', id: 'm', label: 'Intro', course: 'KI Grunnkurs' })).toBe('Modul «Intro» i «KI Grunnkurs»');
    expect(targetText({ type: 'lesson', id: 'l', label: null, course: null })).toBe('Leksjon (finnes ikke lenger)');
    expect(actorText({ source: 'content', actor: { id: 'a', name: 'Ada Admin', email: 'a@demo.no' } })).toEqual({
      name: 'Ada Admin',
      email: 'a@demo.no',
    });
    expect(actorText({ source: 'content', actor: { id: 'a', name: '', email: 'a@demo.no' } })).toEqual({ name: 'a@demo.no', email: null });
    expect(actorText({ source: 'user', actor: null }).name).toBe('Kommandolinjen');
    expect(actorText({ source: 'content', actor: null }).name).toBe('Slettet konto');
  });

  it('words a request to rebuild the public pages (decision 38)', () => {
    expect(targetText({ type: 'site', id: 'netlify', label: null, course: null })).toBe('Nettsiden');
    expect(changeLines({ before: null, after: { result: 'failed', reason: 'Kursnavn endret i admin: «KI Start»' } })).toEqual([
      { field: 'result', label: 'Utfall', text: 'Mislyktes' },
      { field: 'reason', label: 'Årsak', text: 'Kursnavn endret i admin: «KI Start»' },
    ]);
    expect(formatAuditValue('result', 'requested')).toBe('Bestilt');
  });
});
