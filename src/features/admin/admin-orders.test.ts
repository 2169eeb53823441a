import { describe, expect, it } from 'vitest';
import { eventDetailLines, kronerInput, parseKroner, refundOre, providerLabel, triggerText } from './admin-orders';
import { formatKroner, formatMonth } from '../../lib/format';

/** Intl and formatKroner use no-break and narrow no-break spaces: compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('parseKroner', () => {
  it('reads kroner with spaces, a decimal comma or point, and an optional kr as whole øre', () => {
    expect(parseKroner('1 990')).toEqual({ ore: 199_000 });
    expect(parseKroner('1990,50')).toEqual({ ore: 199_050 });
    expect(parseKroner('1\u00a0990,5 kr')).toEqual({ ore: 199_050 });
    expect(parseKroner('19.9')).toEqual({ ore: 1_990 });
    expect(parseKroner(' 0,01 ')).toEqual({ ore: 1 });
    // 0.1 + 0.2 style floating point never enters: 1 158,30 is exactly 115 830 øre.
    expect(parseKroner('1158,30')).toEqual({ ore: 115_830 });
  });

  it('refuses what it would have to guess, and zero, in Norwegian', () => {
    expect(parseKroner('')).toEqual({ error: 'Skriv inn beløpet' });
    expect(parseKroner('1.990')).toEqual({ error: 'Skriv beløpet i kroner, for eksempel 1 990 eller 1 990,50' });
    expect(parseKroner('12,345')).toHaveProperty('error');
    expect(parseKroner('-5')).toHaveProperty('error');
    expect(parseKroner('1e3')).toHaveProperty('error');
    expect(parseKroner('0,00')).toEqual({ error: 'Beløpet må være større enn 0' });
    expect(parseKroner('9999999999')).toHaveProperty('error');
  });

  it("fills 'Hele beløpet' with text it reads back to the same øre", () => {
    for (const ore of [199_000, 199_050, 1, 99]) expect(parseKroner(kronerInput(ore))).toEqual({ ore });
  });
});

describe('refundOre', () => {
  it('gives the amount in øre, or refuses more than is left', () => {
    expect(refundOre('1 990', 199_000)).toEqual({ ore: 199_000 });
    const tooMuch = refundOre('1 990,01', 199_000);
    expect('error' in tooMuch && plain(tooMuch.error)).toBe('Beløpet er større enn det som kan refunderes (1 990 kr).');
    expect(refundOre('', 199_000)).toEqual({ error: 'Skriv inn beløpet' });
  });
});

describe('wording', () => {
  it('formats øre as kroner, months in Norwegian, providers and triggers', () => {
    expect(plain(formatKroner(199_000))).toBe('1 990 kr');
    expect(plain(formatKroner(199_050))).toBe('1 990,50 kr');
    expect(plain(formatKroner(5))).toBe('0,05 kr');
    expect(formatMonth('2026-11')).toBe('november 2026');
    expect(formatMonth('2027-01')).toBe('januar 2027');
    expect([providerLabel('vipps'), providerLabel('stripe'), providerLabel('test')]).toEqual(['Vipps', 'Kort', 'Testbetaling']);
    expect(triggerText({ trigger: 'webhook', actorName: null })).toBe('Varsel fra betalingstjenesten');
    expect(triggerText({ trigger: 'admin', actorName: 'Sara Super' })).toBe('Sara Super');
    expect(triggerText({ trigger: 'admin', actorName: null })).toBe('Slettet konto');
  });

  it("shows a refund's amount and reason, a revoked course and the receipt number from an event's detail", () => {
    expect(eventDetailLines({ refundOre: 50_000, reason: 'Dobbeltkjøp', revoked: true }).map(plain)).toEqual([
      'Refundert 500 kr: Dobbeltkjøp',
      'Tilgangen til kurset er fjernet.',
    ]);
    expect(eventDetailLines({ receiptNumber: 42, capturedOre: 199_000, accountCreated: false })).toEqual(['Kvittering 000042']);
    expect(eventDetailLines({ reason: 'not paid in time' })).toEqual([]);
    expect(eventDetailLines(null)).toEqual([]);
  });
});
