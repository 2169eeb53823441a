import { describe, expect, it } from 'vitest';
import { formatNoteDate, formatTimestamp, spokenTimestamp } from './player-time';

describe('formatTimestamp', () => {
  it('writes mm:ss, with hours only when needed', () => {
    expect(formatTimestamp(0)).toBe('00:00');
    expect(formatTimestamp(4)).toBe('00:04');
    expect(formatTimestamp(83.9)).toBe('01:23');
    expect(formatTimestamp(600)).toBe('10:00');
    expect(formatTimestamp(3725)).toBe('1:02:05');
  });
  it('treats negative and non-finite values as 0', () => {
    expect(formatTimestamp(-3)).toBe('00:00');
    expect(formatTimestamp(Number.NaN)).toBe('00:00');
  });
});

describe('spokenTimestamp', () => {
  it('says minutes and seconds in Norwegian', () => {
    expect(spokenTimestamp(1)).toBe('1 sekund');
    expect(spokenTimestamp(21)).toBe('21 sekunder');
    expect(spokenTimestamp(61)).toBe('1 minutt og 1 sekund');
    expect(spokenTimestamp(125)).toBe('2 minutter og 5 sekunder');
  });
});

describe('formatNoteDate', () => {
  it('writes a Norwegian date in Oslo time, and nothing for a bad value', () => {
    expect(formatNoteDate('2025-09-14T23:30:00.000Z')).toMatch(/^15\. sep\.? 2025$/);
    expect(formatNoteDate('nei')).toBe('');
  });
});
