import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { StatusError } from '../core/known-errors.ts';
import {
  clientOrHigher,
  requireAccess,
  resolveRequestContext,
  serverOrHigher,
  type IdentityRequestContext,
} from '../core/request-context.ts';
import { requireUser, resolveUserId, success } from '../core/route-helpers.ts';
import { toServerUser } from '../core/user-presenter.ts';
import {
  clientTeamCreateBody,
  clientTeamUpdateBody,
  emptyBody,
  listProfilesQuery,
  listTeamsQuery,
  membershipParams,
  profileUpdateBody,
  serverTeamCreateBody,
  serverTeamUpdateBody,
  teamIdParams,
} from './api-schemas.ts';
import { toClientTeam, toMemberProfile, toServerTeam } from './team-presenter.ts';
import type { Teams } from './teams.ts';
import type { MemberProfileRecord, TeamRecord } from './teams-repository.ts';

interface TeamRoutesOptions {
  identity: IdentityCore & { teams: Teams };
}

const DEFAULT_TEAM_PAGE_SIZE = 1000;

/** Teams, memberships and member profiles (stack-auth.md §3.11, §3.12), both tiers. */
export async function teamRoutes(app: FastifyInstance, { identity }: TeamRoutesOptions) {
  const { teams, accounts } = identity;
  const context = (request: FastifyRequest) => resolveRequestContext(request, identity);
  const isClient = (ctx: IdentityRequestContext) => ctx.accessType === 'client';
  const presentTeam = (ctx: IdentityRequestContext, team: TeamRecord) =>
    isClient(ctx) ? toClientTeam(team) : toServerTeam(team);

  // ---- teams ----

  app.post('/teams', async (request, reply) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const body = isClient(ctx)
      ? parseIdentityInput(clientTeamCreateBody, request.body, 'body')
      : parseIdentityInput(serverTeamCreateBody, request.body, 'body');
    if (isClient(ctx) && !ctx.project.config.client_team_creation_enabled) {
      throw new StatusError(403, 'Client team creation is disabled for this project');
    }
    // A client always creates for itself; the server names the creator or creates an empty team.
    const creatorId = isClient(ctx)
      ? resolveUserId(ctx, body.creator_user_id ?? 'me', 'teams')
      : body.creator_user_id && resolveUserId(ctx, body.creator_user_id);
    const creator = creatorId ? await accounts.require(ctx.project.id, creatorId) : null;
    const team = await teams.create(ctx.project.id, {
      displayName: body.display_name,
      profileImageUrl: body.profile_image_url,
      clientMetadata: body.client_metadata,
      clientReadOnlyMetadata:
        'client_read_only_metadata' in body ? body.client_read_only_metadata : undefined,
      serverMetadata: 'server_metadata' in body ? body.server_metadata : undefined,
      creator,
    });
    return reply.code(201).send(presentTeam(ctx, team));
  });

  app.get('/teams', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const query = parseIdentityInput(listTeamsQuery, request.query, 'query');
    if (isClient(ctx) && query.user_id === undefined) {
      throw new StatusError(400, 'Client can only list teams of their own user; pass user_id=me.');
    }
    const userId = query.user_id && resolveUserId(ctx, query.user_id, 'teams');
    const page = await teams.list(ctx.project.id, {
      userId,
      query: query.query,
      desc: query.desc === 'true',
      limit: query.limit ?? DEFAULT_TEAM_PAGE_SIZE,
      cursor: query.cursor,
    });
    return {
      items: page.teams.map((team) => presentTeam(ctx, team)),
      is_paginated: !isClient(ctx),
      ...(isClient(ctx) ? {} : { pagination: { next_cursor: page.nextCursor } }),
    };
  });

  app.get('/teams/:teamId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const { teamId } = parseIdentityInput(teamIdParams, request.params, 'params');
    const team = isClient(ctx)
      ? await teams.requireForMember(ctx.project.id, teamId, requireUser(ctx).id)
      : await teams.require(ctx.project.id, teamId);
    return presentTeam(ctx, team);
  });

  app.patch('/teams/:teamId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const { teamId } = parseIdentityInput(teamIdParams, request.params, 'params');
    const body = isClient(ctx)
      ? parseIdentityInput(clientTeamUpdateBody, request.body, 'body')
      : parseIdentityInput(serverTeamUpdateBody, request.body, 'body');
    if (isClient(ctx)) {
      await teams.requirePermission(ctx.project.id, teamId, requireUser(ctx).id, '$update_team');
    }
    const team = await teams.update(ctx.project.id, teamId, {
      displayName: body.display_name,
      profileImageUrl: body.profile_image_url,
      clientMetadata: body.client_metadata,
      clientReadOnlyMetadata:
        'client_read_only_metadata' in body ? body.client_read_only_metadata : undefined,
      serverMetadata: 'server_metadata' in body ? body.server_metadata : undefined,
    });
    return presentTeam(ctx, team);
  });

  app.delete('/teams/:teamId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const { teamId } = parseIdentityInput(teamIdParams, request.params, 'params');
    if (isClient(ctx)) {
      await teams.requirePermission(ctx.project.id, teamId, requireUser(ctx).id, '$delete_team');
    }
    await teams.delete(ctx.project.id, teamId);
    return success;
  });

  // ---- memberships ----

  app.post('/team-memberships/:teamId/:userId', async (request, reply) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const params = parseIdentityInput(membershipParams, request.params, 'params');
    parseIdentityInput(emptyBody, request.body, 'body');
    const user = await accounts.require(ctx.project.id, resolveUserId(ctx, params.userId));
    await teams.addMember(ctx.project.id, params.teamId, user.id);
    return reply.code(201).send({ team_id: params.teamId, user_id: user.id });
  });

  app.delete('/team-memberships/:teamId/:userId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const params = parseIdentityInput(membershipParams, request.params, 'params');
    parseIdentityInput(emptyBody, request.body, 'body');
    // A client may leave a team, or remove others with $remove_members.
    const userId = params.userId === 'me' ? requireUser(ctx).id : params.userId;
    if (isClient(ctx)) {
      const self = requireUser(ctx).id;
      if (userId === self) await teams.requireForMember(ctx.project.id, params.teamId, self);
      else await teams.requirePermission(ctx.project.id, params.teamId, self, '$remove_members');
    }
    await teams.removeMember(ctx.project.id, params.teamId, userId);
    return success;
  });

  // ---- member profiles ----

  /** Server profiles carry the full user; client ones only the team-facing fields. */
  async function presentProfile(ctx: IdentityRequestContext, profile: MemberProfileRecord) {
    if (isClient(ctx)) return toMemberProfile(profile);
    const user = await accounts.require(ctx.project.id, profile.userId);
    const selectedTeam = user.selectedTeamId
      ? await teams.presentTeam(ctx.project.id, user.selectedTeamId, 'server')
      : null;
    return {
      ...toMemberProfile(profile),
      user: { ...toServerUser(user), selected_team: selectedTeam },
    };
  }

  /** A client reads its own profile in a team it is in, and others' only with $read_members. */
  async function checkProfileReader(ctx: IdentityRequestContext, teamId: string, userId?: string) {
    if (!isClient(ctx)) return;
    const self = requireUser(ctx).id;
    if (userId === self) await teams.requireForMember(ctx.project.id, teamId, self);
    else await teams.requirePermission(ctx.project.id, teamId, self, '$read_members');
  }

  app.get('/team-member-profiles', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const query = parseIdentityInput(listProfilesQuery, request.query, 'query');
    const userId = query.user_id && resolveUserId(ctx, query.user_id, 'team member profiles');
    let profiles: MemberProfileRecord[];
    if (query.team_id !== undefined) {
      await checkProfileReader(ctx, query.team_id, userId);
      profiles = await teams.listProfiles(ctx.project.id, query.team_id, userId);
    } else if (isClient(ctx)) {
      throw new StatusError(400, 'team_id is required for access type client');
    } else if (userId !== undefined) {
      // A user's profiles across every team they are in.
      const page = await teams.list(ctx.project.id, {
        userId,
        desc: false,
        limit: DEFAULT_TEAM_PAGE_SIZE,
      });
      profiles = (
        await Promise.all(
          page.teams.map((team) => teams.listProfiles(ctx.project.id, team.id, userId)),
        )
      ).flat();
    } else {
      throw new StatusError(400, 'Pass team_id, user_id or both.');
    }
    return {
      items: await Promise.all(profiles.map((profile) => presentProfile(ctx, profile))),
      is_paginated: false,
    };
  });

  app.get('/team-member-profiles/:teamId/:userId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const params = parseIdentityInput(membershipParams, request.params, 'params');
    const userId = params.userId === 'me' ? requireUser(ctx).id : params.userId;
    await checkProfileReader(ctx, params.teamId, userId);
    return presentProfile(ctx, await teams.requireProfile(ctx.project.id, params.teamId, userId));
  });

  app.patch('/team-member-profiles/:teamId/:userId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const params = parseIdentityInput(membershipParams, request.params, 'params');
    const body = parseIdentityInput(profileUpdateBody, request.body, 'body');
    // A client edits only its own profile.
    const userId = resolveUserId(ctx, params.userId, 'team member profiles');
    if (isClient(ctx)) await teams.requireForMember(ctx.project.id, params.teamId, userId);
    const profile = await teams.updateProfile(ctx.project.id, params.teamId, userId, {
      displayName: body.display_name,
      profileImageUrl: body.profile_image_url,
    });
    return presentProfile(ctx, profile);
  });
}
