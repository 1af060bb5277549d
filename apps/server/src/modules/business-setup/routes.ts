import {
  acceptInvitationRequestSchema,
  changeTeamRoleRequestSchema,
  invitationDetailsQuerySchema,
  inviteTeamMemberRequestSchema,
  sendTestEventRequestSchema,
  updateBusinessProfileRequestSchema,
} from '@ipick/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { mailSendingLimit } from '../../platform/http/rate-limits.ts';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import { toBusiness, type AuthService } from '../auth/auth-service.ts';
import { requireBusiness, requireMerchant } from '../auth/business-session.ts';
import { BUSINESS_COOKIE, readSessionCookie } from '../auth/session-cookies.ts';
import { optionalShopper } from '../auth/shopper-session.ts';
import type { BusinessSetupService, InvitedUser } from './business-setup-service.ts';

interface BusinessSetupRoutesOptions {
  auth: AuthService;
  setup: BusinessSetupService;
}

const idParams = z.object({ id: z.uuid() });
const memberParams = z.object({ userId: z.uuid() });

/** A test event is a click in the dashboard; this keeps a stuck key from filling the table. */
const testEventLimit = { max: 30, timeWindow: '1 minute' };

/**
 * A merchant's set-up, behind the business session: `PATCH /api/business/profile`,
 * `POST /api/business/test-event`, `GET /api/business/integration/status` and the team at
 * `/api/business/team`. The invitation link's own calls (`/api/business/invitations/*`) are
 * for whoever opened it: details for anyone holding the token, accepting for a signed-in user.
 */
export async function businessSetupRoutes(
  app: FastifyInstance,
  { auth, setup }: BusinessSetupRoutesOptions,
) {
  app.addHook('onRequest', refuseCrossSiteWrites);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.patch('/api/business/profile', async (request) => {
    const business = await requireBusiness(request, auth);
    const body = parseRequestPart(updateBusinessProfileRequestSchema, request.body, 'body');
    return { business: toBusiness(await setup.updateProfile(business.id, body)) };
  });

  app.post(
    '/api/business/test-event',
    { config: { rateLimit: testEventLimit } },
    async (request, reply) => {
      const business = await requireBusiness(request, auth);
      const body = parseRequestPart(sendTestEventRequestSchema, request.body ?? {}, 'body');
      return reply.code(201).send({ event: await setup.sendTestEvent(business, body.label) });
    },
  );

  app.get('/api/business/integration/status', async (request) => {
    const business = await requireBusiness(request, auth);
    return setup.integrationStatus(business);
  });

  const managersOnly = { config: { merchantManagersOnly: true } };

  app.get('/api/business/team', async (request) => {
    return setup.team(await requireMerchant(request, auth));
  });

  app.post(
    '/api/business/team/invitations',
    { config: { rateLimit: mailSendingLimit, merchantAction: 'send-mail' } },
    async (request, reply) => {
      const actor = await requireMerchant(request, auth);
      const { email } = parseRequestPart(inviteTeamMemberRequestSchema, request.body, 'body');
      return reply.code(201).send({ invitation: await setup.invite(actor, email) });
    },
  );

  app.delete('/api/business/team/invitations/:id', async (request, reply) => {
    const actor = await requireMerchant(request, auth);
    const parsed = idParams.safeParse(request.params);
    if (!parsed.success) throw new AppError('not_found', 'There is no such open invitation.');
    await setup.revokeInvitation(actor, parsed.data.id);
    return reply.code(204).send();
  });

  app.delete('/api/business/team/members/:userId', managersOnly, async (request, reply) => {
    const actor = await requireMerchant(request, auth);
    const parsed = memberParams.safeParse(request.params);
    if (!parsed.success) throw new AppError('not_found', 'That person is not on your team.');
    await setup.removeMember(actor, parsed.data.userId);
    return reply.code(204).send();
  });

  app.patch('/api/business/team/members/:userId', async (request, reply) => {
    const actor = await requireMerchant(request, auth);
    const parsed = memberParams.safeParse(request.params);
    if (!parsed.success) throw new AppError('not_found', 'That person is not on your team.');
    const { role } = parseRequestPart(changeTeamRoleRequestSchema, request.body, 'body');
    await setup.changeRole(actor, parsed.data.userId, role);
    return reply.code(204).send();
  });

  app.get(
    '/api/business/invitations/details',
    { config: { merchantAction: 'public' } },
    async (request) => {
      const { token } = parseRequestPart(invitationDetailsQuerySchema, request.query, 'query');
      return setup.invitationDetails(token);
    },
  );

  app.post(
    '/api/business/invitations/accept',
    { config: { merchantAction: 'public' } },
    async (request) => {
      const { token } = parseRequestPart(acceptInvitationRequestSchema, request.body, 'body');
      const user = await requireSignedInUser(request, auth);
      const business = await setup.acceptInvitation(user, token);
      return { success: true as const, business: toBusiness(business) };
    },
  );
}

/** Whoever is signed in to ipick here, as a shopper or as a merchant; 401 when nobody is. */
async function requireSignedInUser(
  request: FastifyRequest,
  auth: AuthService,
): Promise<InvitedUser> {
  const shopper = await optionalShopper(request, auth);
  const businessToken = shopper ? null : readSessionCookie(request, BUSINESS_COOKIE);
  const current = shopper ?? (businessToken ? await auth.resolve(businessToken, null) : null);
  if (!current) {
    throw new AppError('unauthorized', 'Sign in with the invited email address to accept.');
  }
  return {
    id: current.user.id,
    primaryEmail: current.user.primaryEmail,
    primaryEmailVerified: current.user.primaryEmailVerified,
  };
}
