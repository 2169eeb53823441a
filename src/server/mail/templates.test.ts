import { describe, expect, it } from 'vitest';
import { renderMail } from './sender';
import { mailTemplates } from './templates';

/** Every template renders to a Norwegian mail with a subject, HTML and a plain-text part made from it. */
describe('mail templates', () => {
  it('password-reset: the link as a button and as text, the name as text', async () => {
    const mail = await renderMail('password-reset', {
      firstName: '<i>Kari</i>',
      resetUrl: 'https://kiakademiet.no/nytt-passord?token=a&b=1',
      validMinutes: 60,
    });
    expect(mail.subject).toBe('Tilbakestill passordet ditt');
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<html dir="ltr" lang="nb">');
    expect(mail.html).toContain('href="https://kiakademiet.no/nytt-passord?token=a&amp;b=1"');
    expect(mail.html).not.toContain('<i>Kari</i>');
    expect(mail.text).toContain('Hei <i>Kari</i>,');
    expect(mail.text).toContain('Lenken virker i 60 minutter');
    expect(mail.text).toContain('https://kiakademiet.no/nytt-passord?token=a&b=1');
  });

  it('receipt: lines, total and VAT in kroner, the date in Norwegian', async () => {
    const mail = await renderMail('receipt', {
      firstName: 'Ola',
      orderNumber: 'KA-1001',
      paidAt: '2026-11-25T12:00:00Z',
      lines: [{ title: 'KI Grunnkurs', amountOre: 149_900 }],
      totalOre: 149_900,
      vatOre: 29_980,
    });
    expect(mail.subject).toBe('Kvittering for ordre KA-1001');
    expect(mail.text).toContain('25. november 2026');
    expect(mail.text).toMatch(/KI Grunnkurs: 1\s499,00\s*kr/);
    expect(mail.text).toMatch(/Herav mva\.: 299,80\s*kr/);
  });

  it('every template has a subject and a component', () => {
    for (const [name, template] of Object.entries(mailTemplates)) {
      expect(typeof template.subject, name).toBe('function');
      expect(typeof template.Component, name).toBe('function');
    }
  });
});
