import { z } from 'zod';
import { email, name } from './auth';
import { text } from './text';

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_COMPANY_MAX = 200;

export const contactBody = z.strictObject({
  name: name('navnet ditt'),
  email,
  company: text({
    min: 0,
    max: CONTACT_COMPANY_MAX,
    plain: true,
    messages: { tooLong: `Bedriftsnavnet kan ha høyst ${CONTACT_COMPANY_MAX} tegn` },
  }).optional(),
  message: text({
    min: CONTACT_MESSAGE_MIN,
    max: CONTACT_MESSAGE_MAX,
    multiline: true,
    messages: { required: `Skriv en melding på minst ${CONTACT_MESSAGE_MIN} tegn`, tooLong: `Meldingen kan ha høyst ${CONTACT_MESSAGE_MAX} tegn` },
  }),
});

export type ContactBody = z.infer<typeof contactBody>;

export const contactMessages = {
  sent: 'Takk! Meldingen er sendt, og vi svarer deg på e-post så snart vi kan.',
  tooMany: 'Du har sendt mange meldinger på kort tid. Vent litt og prøv igjen, eller send oss en e-post.',
} as const;
