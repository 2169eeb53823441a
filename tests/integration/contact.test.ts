import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../../db/schema';
import contact from '../../netlify/functions/contact';
import { contactMessages as texts } from '../../src/schemas/contact';
import { contactRecipient } from '../../src/server/contact/contact.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { renderTemplate } from '../../src/server/mail/renderer';
import { policies } from '../../src/server/platform/throttle';
import { call } from '../helpers';

/**
 * The contact form on /kontakt (issue 29, decision 37): a message is stored and queued for the
 * team in one transaction, each address may send a few an hour, and every refusal is a Norwegian
 * sentence that names the field.
 */

const db = async () => (await acquireAppDb()).db;
let ips = 0;
const nextIp = () => `192.0.2.${(++ips % 250) + 1}`;
const message = 'Hei! Vi er tolv ansatte og vil gjerne vite mer om kursene for bedrifter.';
const send = (json: unknown, ip = nextIp()) => call(contact, '/api/contact', { json, ip });

describe('POST /api/contact', () => {
  it('stores the message and queues one mail to the team with the sender, the company and the text', async () => {
    const email = `kunde-${process.pid}@example.no`;
    const result = await send({ name: 'Kari Nordmann', email: email.toUpperCase(), company: 'Fjordtech AS', message });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ message: texts.sent });

    const [row] = await (await db()).select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row).toMatchObject({ name: 'Kari Nordmann', email, company: 'Fjordtech AS', message });
    const [mail] = await (await db()).select().from(mailOutbox).where(eq(mailOutbox.id, row!.mailId!));
    expect(mail).toMatchObject({ toAddress: contactRecipient(), template: 'contact-message' });
    const rendered = await renderTemplate('contact-message', mail!.data as never);
    expect(rendered.subject).toBe('Ny melding fra kontaktskjemaet: Kari Nordmann');
    expect(rendered.text).toContain(message);
    expect(rendered.text).toContain(email);
    expect(rendered.text).toContain('Fjordtech AS');
  });

  it('takes a message without a company', async () => {
    const email = `uten-bedrift-${process.pid}@example.no`;
    expect((await send({ name: 'Ola', email, company: '', message })).status).toBe(201);
    expect((await send({ name: 'Ola', email, message })).status).toBe(201);
    const rows = await (await db()).select({ company: contactMessages.company }).from(contactMessages).where(eq(contactMessages.email, email));
    expect(rows).toEqual([{ company: null }, { company: null }]);
  });

  it.each([
    [{ name: '', email: 'a@example.no', message }, 'Skriv inn navnet ditt'],
    [{ name: 'Kari', email: 'ikke-en-adresse', message }, 'Skriv inn en gyldig e-postadresse'],
    [{ name: 'Kari', email: 'a@example.no', message: 'Hei' }, 'Skriv en melding på minst 10 tegn'],
    [{ name: 'Kari', email: 'a@example.no', message: 'x'.repeat(5001) }, 'Meldingen kan ha høyst 5000 tegn'],
    [{ name: '<b>Kari</b>', email: 'a@example.no', message }, 'Navn kan ikke inneholde tegnene < og >'],
  ])('refuses %j with a Norwegian sentence: %s', async (body, error) => {
    const result = await send(body);
    expect(result.status).toBe(400);
    expect((result.body as { error: string }).error).toBe(error);
  });

  it('lets one address send CONTACT_LIMIT_PER_HOUR messages, then 429 with Retry-After; another address is not affected', async () => {
    const ip = '192.0.2.251';
    for (let i = 0; i < policies.contactIp.free; i++)
      expect((await send({ name: 'Mange', email: 'mange@example.no', message }, ip)).status).toBe(201);
    const refused = await send({ name: 'Mange', email: 'mange@example.no', message }, ip);
    expect(refused.status).toBe(429);
    expect((refused.body as { error: string }).error).toBe(texts.tooMany);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await send({ name: 'Andre', email: 'andre@example.no', message }, '192.0.2.252')).status).toBe(201);
    const stored = await (await db()).select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, 'mange@example.no'));
    expect(stored).toHaveLength(policies.contactIp.free);
  });
});
