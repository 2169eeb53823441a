import { z } from 'zod';
import { email, name } from './auth';
import { text } from './text';

/** The contact form on /kontakt (issue 29, decision 37): its body, shared by the function and the page's script. */

/** The longest message, in characters. */
export const CONTACT_MESSAGE_MAX = 5000;

export const contactBody = z.strictObject({
  name: name('navnet ditt'),
  email,
  company: text({ min: 0, max: 200, plain: true, messages: { tooLong: 'Bedriftsnavnet kan ha høyst 200 tegn' } }).optional(),
  message: text({
    min: 10,
    max: CONTACT_MESSAGE_MAX,
    multiline: true,
    messages: { required: 'Skriv en melding på minst 10 tegn', tooLong: `Meldingen kan ha høyst ${CONTACT_MESSAGE_MAX} tegn` },
  }),
});

export type ContactBody = z.infer<typeof contactBody>;

/** What the page shows: the server's answers. */
export const contactMessages = {
  sent: 'Takk! Meldingen er sendt, og vi svarer deg på e-post så snart vi kan.',
  tooMany: 'Du har sendt mange meldinger på kort tid. Vent litt og prøv igjen, eller send oss en e-post.',
} as const;
