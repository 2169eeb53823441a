import type { Config } from '@netlify/functions';
import { contactBody, contactMessages } from '../../src/schemas/contact';
import { sendContactMessage } from '../../src/server/contact/contact.service';
import { createHandler, route } from '../../src/server/platform/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { messageAnswer } from '../../src/schemas/auth';
import { jsonOf } from '../../src/server/platform/http/respond';

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
