import { describe, expect, it } from 'vitest';
import { conversationTitleFrom } from './title';

describe('conversationTitleFrom', () => {
  it('keeps a short question as it is, with a capital first letter', () => {
    expect(conversationTitleFrom('hvordan skriver jeg en god prompt?')).toBe('Hvordan skriver jeg en god prompt?');
    expect(conversationTitleFrom('  Hva er   KI?\n\n')).toBe('Hva er KI?');
    expect(conversationTitleFrom('ærlig talt, hva er en token?')).toBe('Ærlig talt, hva er en token?');
  });

  it('cuts a long question at the last whole word that fits, with …', () => {
    const title = conversationTitleFrom('Hvordan får jeg Copilot i Outlook til å lage et kort sammendrag av en lang e-posttråd med mange svar?');
    expect(title).toBe('Hvordan får jeg Copilot i Outlook til å lage et kort…');
    expect([...title].length).toBeLessThanOrEqual(60);
    // Punctuation before the cut goes.
    expect(conversationTitleFrom('Jeg lurer på én ting, nemlig dette: hvordan bruker jeg ChatGPT i jobben min hver dag')).toBe(
      'Jeg lurer på én ting, nemlig dette: hvordan bruker jeg…',
    );
  });

  it('cuts a single long word where the room ends, and never splits a character', () => {
    const title = conversationTitleFrom(`${'😀'.repeat(80)}`);
    expect([...title]).toHaveLength(60);
    expect(title.endsWith('😀…')).toBe(true);
  });

  it('drops angle brackets and keeps the default for a question with nothing left', () => {
    expect(conversationTitleFrom('<b>fet</b> tekst')).toBe('B fet /b tekst');
    expect(conversationTitleFrom(' <> ')).toBe('Ny samtale');
  });
});
