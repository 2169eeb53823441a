import { describe, expect, it } from 'vitest';
import { buildReceipt } from '../receipts/receipt-data';
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

  it('the account mails (decision 31): each with its subject, its link as button and text, and nothing that could act from the old address', async () => {
    const verify = await renderMail('verify-email', { firstName: 'Åse', verifyUrl: 'https://kiakademiet.no/bekreft-epost#token=abc', validDays: 7 });
    expect(verify.subject).toBe('Bekreft e-postadressen din');
    expect(verify.text).toContain('Hei Åse,');
    expect(verify.text).toContain('Lenken virker i 7 dager');
    expect(verify.html).toContain('href="https://kiakademiet.no/bekreft-epost#token=abc"');

    const change = await renderMail('email-change', {
      firstName: 'Åse',
      newEmail: 'ny@example.no',
      confirmUrl: 'https://kiakademiet.no/bekreft-epost#token=def',
      validHours: 24,
    });
    expect(change.subject).toBe('Bekreft ny e-postadresse');
    expect(change.text).toContain('https://kiakademiet.no/bekreft-epost#token=def');

    const notice = await renderMail('email-change-notice', { firstName: 'Åse', newEmail: 'ny@example.no', contactEmail: 'post@example.no' });
    expect(notice.text).toContain('ny@example.no');
    expect(notice.html).not.toContain('#token=');

    const changed = await renderMail('password-changed', {
      firstName: 'Åse',
      changedAt: '25. november 2026 kl. 21:40',
      resetUrl: 'https://kiakademiet.no/glemt-passord',
      contactEmail: 'post@example.no',
    });
    expect(changed.subject).toBe('Passordet ditt er endret');
    expect(changed.text).toContain('25. november 2026 kl. 21:40');
    expect(changed.text).toContain('https://kiakademiet.no/glemt-passord');
  });

  it('receipt: the receipt and order confirmation — seller, buyer, lines, discount, VAT per rate, payment, links, withdrawal', async () => {
    const receipt = buildReceipt({
      receiptNumber: 42,
      orderReference: 'KA-1001',
      paidAt: '2026-11-25T12:00:00Z',
      seller: { name: 'KI Akademiet AS', orgNumber: '923456789', address: 'Storgata 1, 0155 Oslo', email: 'kontakt@kiakademiet.no' },
      buyer: { name: 'Bjørn Ærlig Åsen', email: 'bjorn@example.no' },
      items: [
        { description: 'KI Grunnkurs', quantity: 1, unitPriceOre: 199_000, vatRateBp: 2500 },
        { description: 'Workshop med lærer', quantity: 1, unitPriceOre: 50_000, vatRateBp: 0 },
      ],
      discount: { code: 'VÅR2026', amountOre: 24_900 },
      paymentMethod: 'Vipps',
    });
    const mail = await renderMail('receipt', {
      ...receipt,
      firstName: '<b>Bjørn</b>',
      courseUrl: 'https://kiakademiet.no/kurs/ki-grunnkurs',
      receiptUrl: 'https://kiakademiet.no/api/orders/KA-1001/kvittering.pdf',
    });
    const text = mail.text.replace(/\s+/g, ' ');
    expect(mail.subject).toBe('Kvittering for kjøp – ordre KA-1001');
    expect(mail.html).toContain('<html dir="ltr" lang="nb">');
    expect(mail.html).not.toContain('<b>Bjørn</b>');
    expect(mail.html).toContain('href="https://kiakademiet.no/kurs/ki-grunnkurs"');
    expect(mail.html).toContain('href="https://kiakademiet.no/api/orders/KA-1001/kvittering.pdf"');
    expect(text).toContain('Gå til kurset');
    expect(text).toContain('Se kvitteringen');
    expect(text).toContain('Kvitteringsnummer: 000042');
    expect(text).toContain('Salgsdato: 25. november 2026 kl. 13:00');
    expect(text).toContain('KI Akademiet AS');
    expect(text).toContain('Org.nr. 923 456 789 MVA · Foretaksregisteret');
    expect(text).toContain('Storgata 1, 0155 Oslo');
    expect(text).toContain('Bjørn Ærlig Åsen');
    expect(text).toContain('KI Grunnkurs, 1 stk. à 1 990,00 kr (25 % mva.): 1 990,00 kr');
    expect(text).toContain('Workshop med lærer, 1 stk. à 500,00 kr (fritatt for mva.): 500,00 kr');
    expect(text).toContain('Rabatt (kode VÅR2026): −249,00 kr');
    expect(text).toContain('Totalt: 2 241,00 kr');
    expect(text).toContain('25 % merverdiavgift: grunnlag 1 432,80 kr, mva. 358,20 kr');
    expect(text).toContain('Fritatt for merverdiavgift: grunnlag 450,00 kr');
    expect(text).toContain('Sum merverdiavgift: 358,20 kr');
    expect(text).toContain('Betalt med Vipps: 2 241,00 kr');
    expect(text).not.toContain('Refundert');
    expect(text).toContain('angreretten går tapt');
    expect(text).toContain('kontakt@kiakademiet.no');

    const refunded = await renderMail('receipt', {
      ...receipt,
      refundedOre: 50_000,
      firstName: 'Bjørn',
      courseUrl: 'https://x.no',
      receiptUrl: 'https://x.no/k',
    });
    expect(refunded.text.replace(/\s+/g, ' ')).toContain('Refundert: −500,00 kr (betalt etter refusjon: 1 741,00 kr)');
  });

  it('learning-reminder (issue 25): the course, how far, the next lesson, a one-click unsubscribe link and List-Unsubscribe headers', async () => {
    const mail = await renderMail('learning-reminder', {
      firstName: 'Åse',
      courseTitle: 'KI Grunnkurs',
      completedLessons: 3,
      totalLessons: 12,
      nextLessonTitle: 'Hva er en språkmodell?',
      nextLessonUrl: 'https://kiakademiet.no/course/grunnleggende-ki?lessonId=abc',
      unsubscribeUrl: 'https://kiakademiet.no/avmelding#token=t.1',
      oneClickUnsubscribeUrl: 'https://kiakademiet.no/api/reminders/unsubscribe?token=t.1',
    });
    const text = mail.text.replace(/\s+/g, ' ');
    expect(mail.subject).toBe('Fortsett der du slapp: KI Grunnkurs');
    expect(text).toContain('Hei Åse,');
    expect(text).toContain('Du har fullført 3 av 12 leksjoner (25 %)');
    expect(text).toContain('Neste leksjon er «Hva er en språkmodell?»');
    expect(mail.html).toContain('href="https://kiakademiet.no/course/grunnleggende-ki?lessonId=abc"');
    expect(mail.html).toContain('href="https://kiakademiet.no/avmelding#token=t.1"');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://kiakademiet.no/api/reminders/unsubscribe?token=t.1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The other mails carry no extra headers.
    expect(
      (await renderMail('password-changed', { firstName: 'Åse', changedAt: 'nå', resetUrl: 'https://x.no', contactEmail: 'a@b.no' })).headers,
    ).toEqual({});
  });

  it('every template has a subject and a component', () => {
    for (const [name, template] of Object.entries(mailTemplates)) {
      expect(typeof template.subject, name).toBe('function');
      expect(typeof template.Component, name).toBe('function');
    }
  });
});
