import type { FastifyInstance, FastifyRequest } from 'fastify';
import { credentialAttemptLimit, mailSendingLimit } from '../../../platform/http/rate-limits.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { StatusError } from '../core/known-errors.ts';
import {
  clientOrHigher,
  requireAccess,
  resolveRequestContext,
  type IdentityRequestContext,
} from '../core/request-context.ts';
import { requireUser, resolveUserId, success } from '../core/route-helpers.ts';
import {
  acceptByIdQuery,
  invitationCodeBody,
  invitationParams,
  invitationTeamQuery,
  listInvitationsQuery,
  sendInvitationBody,
} from './api-schemas.ts';
import type { Invitations } from './invitations.ts';
import type { InvitationRecord } from './invitations-repository.ts';
import type { Teams } from './teams.ts';

interface InvitationRoutesOptions {
  identity: IdentityCore & { teams: Teams; invitations: Invitations };
}

const toInvitation = (invitation: InvitationRecord) => ({
  id: invitation.id,
  team_id: invitation.teamId,
  team_display_name: invitation.teamDisplayName,
  recipient_email: invitation.recipientEmail,
  expires_at_millis: invitation.expiresAt.getTime(),
});

/** Team invitations (stack-auth.md §3.13), both tiers. */
export async function invitationRoutes(
  app: FastifyInstance,
  { identity }: InvitationRoutesOptions,
) {
  const { teams, invitations, accounts } = identity;
  const context = (request: FastifyRequest) => resolveRequestContext(request, identity);
  const isClient = (ctx: IdentityRequestContext) => ctx.accessType === 'client';

  app.post(
    '/team-invitations/send-code',
    { config: { rateLimit: mailSendingLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(sendInvitationBody, request.body, 'body');
      if (isClient(ctx)) {
        await teams.requirePermission(
          ctx.project.id,
          body.team_id,
          requireUser(ctx).id,
          '$invite_members',
        );
      }
      const id = await invitations.send(ctx.project, {
        teamId: body.team_id,
        email: body.email,
        callbackUrl: body.callback_url,
        inviter: ctx.user,
      });
      return { success: true, id };
    },
  );

  app.post(
    '/team-invitations/accept',
    { config: { rateLimit: credentialAttemptLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const { code } = parseIdentityInput(invitationCodeBody, request.body, 'body');
      await invitations.accept(ctx.project, requireUser(ctx), code);
      return {};
    },
  );

  app.post(
    '/team-invitations/accept/check-code',
    { config: { rateLimit: credentialAttemptLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const { code } = parseIdentityInput(invitationCodeBody, request.body, 'body');
      await invitations.check(ctx.project, code);
      return { is_code_valid: true };
    },
  );

  app.post(
    '/team-invitations/accept/details',
    { config: { rateLimit: credentialAttemptLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const { code } = parseIdentityInput(invitationCodeBody, request.body, 'body');
      const invitation = await invitations.check(ctx.project, code);
      return { team_id: invitation.teamId, team_display_name: invitation.teamDisplayName };
    },
  );

  app.get('/team-invitations', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const query = parseIdentityInput(listInvitationsQuery, request.query, 'query');
    if ((query.team_id === undefined) === (query.user_id === undefined)) {
      throw new StatusError(400, 'Pass exactly one of team_id and user_id.');
    }
    let items: InvitationRecord[];
    if (query.team_id !== undefined) {
      if (isClient(ctx)) {
        // Listing a team's invitations shows addresses: members need both permissions.
        const self = requireUser(ctx).id;
        await teams.requirePermission(ctx.project.id, query.team_id, self, '$read_members');
        await teams.requirePermission(ctx.project.id, query.team_id, self, '$invite_members');
      } else {
        await teams.require(ctx.project.id, query.team_id);
      }
      items = await invitations.listForTeam(ctx.project.id, query.team_id);
    } else {
      const userId = resolveUserId(ctx, query.user_id!, 'team invitations');
      await accounts.require(ctx.project.id, userId);
      items = await invitations.listForUser(ctx.project.id, userId);
    }
    return { items: items.map(toInvitation), is_paginated: false };
  });

  app.delete('/team-invitations/:invitationId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const { invitationId } = parseIdentityInput(invitationParams, request.params, 'params');
    const { team_id: teamId } = parseIdentityInput(invitationTeamQuery, request.query, 'query');
    if (isClient(ctx)) {
      await teams.requirePermission(ctx.project.id, teamId, requireUser(ctx).id, '$remove_members');
    } else {
      await teams.require(ctx.project.id, teamId);
    }
    await invitations.revoke(ctx.project.id, teamId, invitationId);
    return success;
  });

  app.post('/team-invitations/:invitationId/accept', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const { invitationId } = parseIdentityInput(invitationParams, request.params, 'params');
    const query = parseIdentityInput(acceptByIdQuery, request.query, 'query');
    const user = await accounts.require(
      ctx.project.id,
      resolveUserId(ctx, query.user_id, 'team invitations'),
    );
    await invitations.acceptById(ctx.project, user, invitationId);
    return {};
  });
}
