import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userIdOrMe } from '../core/api-schemas.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { StatusError } from '../core/known-errors.ts';
import {
  clientOrHigher,
  requireAccess,
  resolveRequestContext,
  serverOrHigher,
} from '../core/request-context.ts';
import { resolveUserId, success } from '../core/route-helpers.ts';
import type { Teams } from '../teams/teams.ts';
import type { Permissions } from './permissions.ts';

interface PermissionRoutesOptions {
  identity: IdentityCore & { teams: Teams; permissions: Permissions };
}

const permissionId = z
  .string()
  .max(256)
  .regex(/^\$?[a-z0-9_:]+$/, 'must be lower-case letters, digits, _ or :, optionally after $');
const recursive = z.enum(['true', 'false']).optional();
const teamPermissionsQuery = z.strictObject({
  team_id: z.uuid().optional(),
  user_id: userIdOrMe.optional(),
  permission_id: permissionId.optional(),
  recursive,
});
const projectPermissionsQuery = z.strictObject({
  user_id: userIdOrMe.optional(),
  permission_id: permissionId.optional(),
  recursive,
});
const teamGrantParams = z.strictObject({
  teamId: z.uuid(),
  userId: userIdOrMe,
  permissionId,
});
const projectGrantParams = z.strictObject({ userId: userIdOrMe, permissionId });
const emptyBody = z.strictObject({});

/** Team and project permissions (stack-auth.md §3.14); grants are server-only. */
export async function permissionRoutes(
  app: FastifyInstance,
  { identity }: PermissionRoutesOptions,
) {
  const { permissions, accounts } = identity;
  const context = (request: FastifyRequest) => resolveRequestContext(request, identity);

  app.get('/team-permissions', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const query = parseIdentityInput(teamPermissionsQuery, request.query, 'query');
    // A client sees only its own permissions.
    if (ctx.accessType === 'client' && query.user_id === undefined) {
      throw new StatusError(403, 'Client can only list their own permissions; pass user_id=me.');
    }
    const userId = query.user_id && resolveUserId(ctx, query.user_id, 'permissions');
    const grants = await permissions.listTeam(ctx.project, {
      teamId: query.team_id,
      userId,
      permissionId: query.permission_id,
      recursive: query.recursive !== 'false', // true unless said otherwise (§3.14)
    });
    return {
      items: grants.map((grant) => ({
        id: grant.permissionId,
        user_id: grant.userId,
        team_id: grant.teamId,
      })),
      is_paginated: false,
    };
  });

  app.post('/team-permissions/:teamId/:userId/:permissionId', async (request, reply) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const params = parseIdentityInput(teamGrantParams, request.params, 'params');
    parseIdentityInput(emptyBody, request.body, 'body');
    const user = await accounts.require(ctx.project.id, resolveUserId(ctx, params.userId));
    await permissions.grantTeam(ctx.project, params.teamId, user.id, params.permissionId);
    return reply
      .code(201)
      .send({ id: params.permissionId, team_id: params.teamId, user_id: user.id });
  });

  app.delete('/team-permissions/:teamId/:userId/:permissionId', async (request) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const params = parseIdentityInput(teamGrantParams, request.params, 'params');
    parseIdentityInput(emptyBody, request.body, 'body');
    const user = await accounts.require(ctx.project.id, resolveUserId(ctx, params.userId));
    await permissions.revokeTeam(ctx.project, params.teamId, user.id, params.permissionId);
    return success;
  });

  app.get('/project-permissions', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const query = parseIdentityInput(projectPermissionsQuery, request.query, 'query');
    if (ctx.accessType === 'client' && query.user_id === undefined) {
      throw new StatusError(403, 'Client can only list their own permissions; pass user_id=me.');
    }
    const userId = query.user_id && resolveUserId(ctx, query.user_id, 'permissions');
    const grants = await permissions.listProject(ctx.project, {
      userId,
      permissionId: query.permission_id,
      recursive: query.recursive !== 'false',
    });
    return {
      items: grants.map((grant) => ({ id: grant.permissionId, user_id: grant.userId })),
      is_paginated: false,
    };
  });

  app.post('/project-permissions/:userId/:permissionId', async (request, reply) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const params = parseIdentityInput(projectGrantParams, request.params, 'params');
    parseIdentityInput(emptyBody, request.body, 'body');
    const user = await accounts.require(ctx.project.id, resolveUserId(ctx, params.userId));
    await permissions.grantProject(ctx.project, user.id, params.permissionId);
    return reply.code(201).send({ id: params.permissionId, user_id: user.id });
  });

  app.delete('/project-permissions/:userId/:permissionId', async (request) => {
    const ctx = requireAccess(await context(request), serverOrHigher);
    const params = parseIdentityInput(projectGrantParams, request.params, 'params');
    parseIdentityInput(emptyBody, request.body, 'body');
    const user = await accounts.require(ctx.project.id, resolveUserId(ctx, params.userId));
    await permissions.revokeProject(ctx.project, user.id, params.permissionId);
    return success;
  });
}
