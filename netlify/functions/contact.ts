import type { Config } from '@netlify/functions';
import { contactBody, contactMessages } from '../../src/schemas/contact';
import { sendContactMessage } from '../../src/server/contact/contact.service';
import { createHandler, route } from '../../src/server/platform/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { messageAnswer } from '../../src/schemas/auth';
import { jsonOf } from '../../src/server/platform/http/respond';

/**
 * The contact form on /kontakt (issue 29, decision 37).
 *   POST /api/contact   anyone   {name, email, company?, message} → 201 {message}; stored and mailed to the team
 *                                (CONTACT_EMAIL) through the outbox; 429 past CONTACT_LIMIT_PER_HOUR per address
 */
export default createHandler({
  'POST /api/contact': route({
    access: 'public',
    body: contactBody,
    afterResponse: sendQueuedMail,
    response: messageAnswer,
    async handler({ db, body, ip }) {
      await sendContactMessage(db, body, ip);
      return jsonOf(messageAnswer, { message: contactMessages.sent }, { status: 201 });
    },
  }),
});

export const config: Config = {
  path: ['/api/contact'],
  method: ['POST'],
};
