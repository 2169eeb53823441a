import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { invitationAcceptBody, invitationLookupBody, invitationPreviewBody, invitationsBody, peopleFilter } from '../../src/schemas/company';
import { eq } from 'drizzle-orm';
import { atomically } from '../../db/client';
import { users } from '../../db/schema';
import {
  allCompanyPeople,
  companyOverview,
  companyPeoplePage,
  ownCompanyId,
  packageInfo,
  peopleCsv,
  peopleCursor,
} from '../../src/server/company/company.service';
import { pageQuery } from '../../src/server/paging';
import {
  acceptInvitation,
  cancelInvitation,
  invite,
  listInvitations,
  lookupInvitation,
  previewInvitations,
  resendInvitation,
} from '../../src/server/company/invitations.service';
import { companyTexts } from '../../src/server/company/messages';
import { sendReminders } from '../../src/server/company/reminders.service';
import { lockCompany, revokeSeat } from '../../src/server/company/seats.service';
import { createHandler, json, route } from '../../src/server/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { sessionCookies } from '../../src/server/session';

/**
 * Company packages (issue 24, decision 32): the manager's view for a company admin (always their
 * own company, from the session, never from the request), and accepting an invitation.
 *   GET    /api/company                               company_admin  the company, seats, package, pending invitations
 *   GET    /api/company/people?filter=                company_admin  people with per-course progress; counts per filter
 *   GET    /api/company/people.csv                    company_admin  the same as a CSV download
 *   POST   /api/company/reminders                     company_admin  mails those who have not started → 202 {sent}
 *   GET    /api/company/invitations                   company_admin  the invitations
 *   POST   /api/company/invitations/preview           company_admin  {text} → valid, invalid, duplicate and existing rows; sends nothing
 *   POST   /api/company/invitations                   company_admin  {emails} → 201 {created}
 *   POST   /api/company/invitations/:id/resend        company_admin  a fresh link → 202
 *   DELETE /api/company/invitations/:id               company_admin  cancels a pending invitation
 *   DELETE /api/company/seats/:seatId                 company_admin  takes a seat back (access ends, progress stays)
 *   POST   /api/invitations/lookup                    anyone         {token} → the company and address
 *   POST   /api/invitations/accept                    anyone         {token, names + password for a new account} → signed in, seat given
 */

const id = z.object({ id: z.uuid({ error: 'Invitasjonens id er ugyldig.' }) });
const seatParams = z.object({ seatId: z.uuid({ error: companyTexts.seatNotFound }) });
// Superusers pass the access check (as everywhere) and then meet the service's own rule: only a company admin has a company here.
const companyAdmin = ['company_admin', 'superuser'] as const;

export default createHandler({
  'GET /api/company': route({
    access: [...companyAdmin],
    async handler({ db, user }) {
      return json(await companyOverview(db, await ownCompanyId(user)));
    },
  }),

  'GET /api/company/people': route({
    access: [...companyAdmin],
    query: pageQuery(peopleCursor).extend({ filter: peopleFilter.default('all') }),
    async handler({ db, user, query, url }) {
      // A page of JSON text from the snapshot, sent as it is (decision 32); the next page as in decision 23.
      const page = await companyPeoplePage(db, await ownCompanyId(user), query.filter, query);
      const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8' });
      if (page.nextCursor) {
        const next = new URL(url);
        next.searchParams.set('cursor', page.nextCursor);
        headers.set('X-Next-Cursor', page.nextCursor);
        headers.set('Link', `<${next.pathname}${next.search}>; rel="next"`);
      }
      return new Response(page.body, { headers });
    },
  }),

  'GET /api/company/people.csv': route({
    access: [...companyAdmin],
    async handler({ db, user }) {
      const companyId = await ownCompanyId(user);
      const [people, pkg] = await Promise.all([allCompanyPeople(db, companyId), packageInfo(db)]);
      const day = new Date().toISOString().slice(0, 10);
      return new Response(
        peopleCsv(
          people,
          pkg.courses.map((c) => c.title),
        ),
        {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="ansatte-${day}.csv"`,
            'Cache-Control': 'no-store',
          },
        },
      );
    },
  }),

  'POST /api/company/reminders': route({
    access: [...companyAdmin],
    afterResponse: sendQueuedMail,
    async handler({ db, user }) {
      const sent = await sendReminders(db, await ownCompanyId(user));
      return json({ sent, message: companyTexts.remindersSent(sent) }, { status: 202 });
    },
  }),

  'GET /api/company/invitations': route({
    access: [...companyAdmin],
    async handler({ db, user }) {
      return json({ invitations: await listInvitations(db, await ownCompanyId(user)) });
    },
  }),

  'POST /api/company/invitations/preview': route({
    access: [...companyAdmin],
    body: invitationPreviewBody,
    async handler({ db, user, body }) {
      return json(await previewInvitations(db, await ownCompanyId(user), body.text));
    },
  }),

  'POST /api/company/invitations': route({
    access: [...companyAdmin],
    body: invitationsBody,
    afterResponse: sendQueuedMail,
    async handler({ db, user, body }) {
      const created = await invite(db, await ownCompanyId(user), user, body.emails);
      return json({ created, message: companyTexts.invited(created) }, { status: 201 });
    },
  }),

  'POST /api/company/invitations/:id/resend': route({
    access: [...companyAdmin],
    params: id,
    afterResponse: sendQueuedMail,
    async handler({ db, user, params }) {
      await resendInvitation(db, await ownCompanyId(user), user, params.id);
      return json({ message: companyTexts.resent }, { status: 202 });
    },
  }),

  'DELETE /api/company/invitations/:id': route({
    access: [...companyAdmin],
    params: id,
    async handler({ db, user, params }) {
      await cancelInvitation(db, await ownCompanyId(user), params.id);
      return json({ status: 'cancelled' });
    },
  }),

  'DELETE /api/company/seats/:seatId': route({
    access: [...companyAdmin],
    params: seatParams,
    async handler({ db, user, params }) {
      const companyId = await ownCompanyId(user);
      const name = await atomically(db, async (tx) => {
        await lockCompany(tx, companyId);
        const { userId } = await revokeSeat(tx, companyId, params.seatId);
        const [person] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
        return `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim();
      });
      return json({ message: companyTexts.seatTakenBack(name) });
    },
  }),

  'POST /api/invitations/lookup': route({
    access: 'public',
    body: invitationLookupBody,
    async handler({ db, body, user }) {
      return json(await lookupInvitation(db, body.token, user));
    },
  }),

  'POST /api/invitations/accept': route({
    access: 'public',
    body: invitationAcceptBody,
    async handler({ db, body, user, request, cookies }) {
      const accepted = await acceptInvitation(db, body, user, request.headers.get('User-Agent'));
      if (accepted.session) cookies.push(...sessionCookies(request.url, accepted.session.token, accepted.session.expiresAt));
      return json({ coursePath: '/', message: companyTexts.accepted(accepted.companyName) });
    },
  }),
});

export const config: Config = {
  path: [
    '/api/company',
    '/api/company/people',
    '/api/company/people.csv',
    '/api/company/reminders',
    '/api/company/invitations',
    '/api/company/invitations/preview',
    '/api/company/invitations/:id/resend',
    '/api/company/invitations/:id',
    '/api/company/seats/:seatId',
    '/api/invitations/lookup',
    '/api/invitations/accept',
  ],
  method: ['GET', 'POST', 'DELETE'],
};
