import type { Config } from '@netlify/functions';
import { z } from 'zod';
import {
  companyOverviewResponse,
  invitationAcceptBody,
  invitationAcceptedResponse,
  invitationCancelledResponse,
  invitationLookupBody,
  invitationLookupResponse,
  invitationPreviewBody,
  invitationsBody,
  invitationsResponse,
  invitedResponse,
  invitePreviewResponse,
  managerBody,
  managersResponse,
  membershipsResponse,
  messageResponse,
  peopleFilter,
  peopleListResponse,
  remindersSentResponse,
  trialBody,
  trialStartedResponse,
} from '../../src/schemas/company';
import { eq } from 'drizzle-orm';
import { atomically } from '../../db/client';
import { users } from '../../db/schema';
import { allCompanyPeople, companyOverview, companyPeoplePage, packageInfo, peopleCsv, peopleCursor } from '../../src/server/company/company.service';
import { pageQuery } from '../../src/server/platform/paging';
import {
  acceptInvitation,
  cancelInvitation,
  invite,
  listInvitations,
  lookupInvitation,
  previewInvitations,
  resendInvitation,
} from '../../src/server/company/invitations.service';
import { addManager, listManagers, myCompanies, removeManager, requireManager } from '../../src/server/company/memberships';
import { companyTexts } from '../../src/server/company/messages';
import { sendReminders } from '../../src/server/company/reminders.service';
import { startTrial } from '../../src/server/company/trials.service';
import { lockCompany, revokeSeat } from '../../src/server/company/seats.service';
import { createHandler, route } from '../../src/server/platform/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { sessionCookies } from '../../src/server/auth/session';
import { jsonOf, jsonText } from '../../src/server/platform/http/respond';
import { file } from '../../src/server/platform/http/response-contract';

/** Every manager route starts with requireManager: anyone but that company's manager gets 404, so no company is reachable from another. */

const companyId = z.uuid({ error: companyTexts.companyNotFound });
const company = z.object({ companyId });
const invitation = company.extend({ id: z.uuid({ error: 'Invitasjonens id er ugyldig.' }) });
const seat = company.extend({ seatId: z.uuid({ error: companyTexts.seatNotFound }) });
const manager = company.extend({ userId: z.uuid({ error: 'Fant ikke personen i bedriften.' }) });

export default createHandler({
  'GET /api/companies': route({
    access: 'user',
    response: membershipsResponse,
    async handler({ db, user }) {
      return jsonOf(membershipsResponse, { companies: await myCompanies(db, user.id) });
    },
  }),

  'GET /api/companies/:companyId': route({
    access: 'user',
    params: company,
    response: companyOverviewResponse,
    async handler({ db, user, params }) {
      return jsonOf(companyOverviewResponse, await companyOverview(db, await requireManager(db, user, params.companyId)));
    },
  }),

  'GET /api/companies/:companyId/people': route({
    access: 'user',
    params: company,
    query: pageQuery(peopleCursor).extend({ filter: peopleFilter.default('all') }),
    response: peopleListResponse,
    async handler({ db, user, params, query, url }) {
      const page = await companyPeoplePage(db, await requireManager(db, user, params.companyId), query.filter, query);
      const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8' });
      if (page.nextCursor) {
        const next = new URL(url);
        next.searchParams.set('cursor', page.nextCursor);
        headers.set('X-Next-Cursor', page.nextCursor);
        headers.set('Link', `<${next.pathname}${next.search}>; rel="next"`);
      }
      return jsonText(peopleListResponse, page.body, { headers });
    },
  }),

  'GET /api/companies/:companyId/people.csv': route({
    access: 'user',
    params: company,
    response: file('text/csv'),
    async handler({ db, user, params }) {
      const id = await requireManager(db, user, params.companyId);
      const [people, pkg] = await Promise.all([allCompanyPeople(db, id), packageInfo(db)]);
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

  'POST /api/companies/:companyId/reminders': route({
    access: 'user',
    params: company,
    afterResponse: sendQueuedMail,
    response: remindersSentResponse,
    async handler({ db, user, params }) {
      const sent = await sendReminders(db, await requireManager(db, user, params.companyId));
      return jsonOf(remindersSentResponse, { sent, message: companyTexts.remindersSent(sent) }, { status: 202 });
    },
  }),

  'GET /api/companies/:companyId/invitations': route({
    access: 'user',
    params: company,
    response: invitationsResponse,
    async handler({ db, user, params }) {
      return jsonOf(invitationsResponse, { invitations: await listInvitations(db, await requireManager(db, user, params.companyId)) });
    },
  }),

  'POST /api/companies/:companyId/invitations/preview': route({
    access: 'user',
    params: company,
    body: invitationPreviewBody,
    response: invitePreviewResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(invitePreviewResponse, await previewInvitations(db, await requireManager(db, user, params.companyId), body.text));
    },
  }),

  'POST /api/companies/:companyId/invitations': route({
    access: 'user',
    params: company,
    body: invitationsBody,
    afterResponse: sendQueuedMail,
    response: invitedResponse,
    async handler({ db, user, params, body }) {
      const created = await invite(db, await requireManager(db, user, params.companyId), user, body.emails);
      return jsonOf(invitedResponse, { created, message: companyTexts.invited(created) }, { status: 201 });
    },
  }),

  'POST /api/companies/:companyId/invitations/:id/resend': route({
    access: 'user',
    params: invitation,
    afterResponse: sendQueuedMail,
    response: messageResponse,
    async handler({ db, user, params }) {
      await resendInvitation(db, await requireManager(db, user, params.companyId), user, params.id);
      return jsonOf(messageResponse, { message: companyTexts.resent }, { status: 202 });
    },
  }),

  'DELETE /api/companies/:companyId/invitations/:id': route({
    access: 'user',
    params: invitation,
    response: invitationCancelledResponse,
    async handler({ db, user, params }) {
      await cancelInvitation(db, await requireManager(db, user, params.companyId), params.id);
      return jsonOf(invitationCancelledResponse, { status: 'cancelled' });
    },
  }),

  'DELETE /api/companies/:companyId/seats/:seatId': route({
    access: 'user',
    params: seat,
    response: messageResponse,
    async handler({ db, user, params }) {
      const id = await requireManager(db, user, params.companyId);
      const name = await atomically(db, async (tx) => {
        await lockCompany(tx, id);
        const { userId } = await revokeSeat(tx, id, params.seatId, user.id);
        const [person] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
        return `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim();
      });
      return jsonOf(messageResponse, { message: companyTexts.seatTakenBack(name) });
    },
  }),

  'GET /api/companies/:companyId/managers': route({
    access: 'user',
    params: company,
    response: managersResponse,
    async handler({ db, user, params }) {
      return jsonOf(managersResponse, { managers: await listManagers(db, await requireManager(db, user, params.companyId)) });
    },
  }),

  'POST /api/companies/:companyId/managers': route({
    access: 'user',
    params: company,
    body: managerBody,
    response: messageResponse,
    async handler({ db, user, params, body }) {
      const message = await addManager(db, await requireManager(db, user, params.companyId), user, body.userId);
      return jsonOf(messageResponse, { message }, { status: 201 });
    },
  }),

  'DELETE /api/companies/:companyId/managers/:userId': route({
    access: 'user',
    params: manager,
    response: messageResponse,
    async handler({ db, user, params }) {
      const message = await removeManager(db, await requireManager(db, user, params.companyId), user, params.userId);
      return jsonOf(messageResponse, { message });
    },
  }),

  'POST /api/company-trials': route({
    access: 'user',
    body: trialBody,
    response: trialStartedResponse,
    async handler({ db, user, body }) {
      return jsonOf(trialStartedResponse, await startTrial(db, user, body), { status: 201 });
    },
  }),

  'POST /api/invitations/lookup': route({
    access: 'public',
    body: invitationLookupBody,
    response: invitationLookupResponse,
    async handler({ db, body, user }) {
      return jsonOf(invitationLookupResponse, await lookupInvitation(db, body.token, user));
    },
  }),

  'POST /api/invitations/accept': route({
    access: 'public',
    body: invitationAcceptBody,
    response: invitationAcceptedResponse,
    async handler({ db, body, user, request, cookies }) {
      const accepted = await acceptInvitation(db, body, user, request.headers.get('User-Agent'));
      if (accepted.session) cookies.push(...sessionCookies(request.url, accepted.session.token, accepted.session.expiresAt));
      return jsonOf(invitationAcceptedResponse, { coursePath: '/', message: companyTexts.accepted(accepted.companyName) });
    },
  }),
});

export const config: Config = {
  path: [
    '/api/companies',
    '/api/companies/:companyId',
    '/api/companies/:companyId/people',
    '/api/companies/:companyId/people.csv',
    '/api/companies/:companyId/reminders',
    '/api/companies/:companyId/invitations',
    '/api/companies/:companyId/invitations/preview',
    '/api/companies/:companyId/invitations/:id/resend',
    '/api/companies/:companyId/invitations/:id',
    '/api/companies/:companyId/seats/:seatId',
    '/api/companies/:companyId/managers',
    '/api/companies/:companyId/managers/:userId',
    '/api/company-trials',
    '/api/invitations/lookup',
    '/api/invitations/accept',
  ],
  method: ['GET', 'POST', 'DELETE'],
};
