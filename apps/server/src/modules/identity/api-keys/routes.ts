import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userIdOrMe } from '../core/api-schemas.ts';
import { credentialAttemptLimit } from '../../../platform/http/rate-limits.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import {
  clientOrHigher,
  requireAccess,
  resolveRequestContext,
  type IdentityRequestContext,
} from '../core/request-context.ts';
import { requireUser, resolveUserId } from '../core/route-helpers.ts';
import type { Teams } from '../teams/teams.ts';
import type { ApiKeyOwnerType } from './api-key-format.ts';
import type { ApiKeys } from './api-keys.ts';
import type { ApiKeyOwner, OwnerApiKeyRecord } from './api-keys-repository.ts';

interface ApiKeyRoutesOptions {
  identity: IdentityCore & { teams: Teams; apiKeys: ApiKeys };
}

const createFields = {
  description: z.string().max(1000),
  expires_at_millis: z.number().int().positive().nullable(),
  is_public: z.boolean().optional(),
};
const bodies = {
  user: z.strictObject({ ...createFields, user_id: userIdOrMe }),
  team: z.strictObject({ ...createFields, team_id: z.uuid() }),
};
const ownerQueries = {
  user: z.strictObject({ user_id: userIdOrMe }),
  team: z.strictObject({ team_id: z.uuid() }),
};
const keyParams = z.strictObject({ keyId: z.uuid() });
const updateBody = z.strictObject({
  description: z.string().max(1000).optional(),
  revoked: z.literal(true).optional(),
});
const checkBody = z.strictObject({ api_key: z.string().min(1).max(200) });

/** The read shape (stack-auth.md §3.15); `value` is the whole secret only when just created. */
function toApiKey(key: OwnerApiKeyRecord, secret?: string) {
  return {
    id: key.id,
    description: key.description,
    ...(key.expires_at ? { expires_at_millis: key.expires_at.getTime() } : {}),
    ...(key.manually_revoked_at
      ? { manually_revoked_at_millis: key.manually_revoked_at.getTime() }
      : {}),
    created_at_millis: key.created_at.getTime(),
    is_public: key.is_public,
    value: secret ?? { last_four: key.last_four },
    type: key.type,
    ...(key.type === 'user' ? { user_id: key.user_id } : { team_id: key.team_id }),
  };
}

/** `/user-api-keys` and `/team-api-keys`: the same five endpoints for each owner type. */
export async function apiKeyRoutes(app: FastifyInstance, { identity }: ApiKeyRoutesOptions) {
  const { apiKeys, teams, accounts } = identity;
  const context = (request: FastifyRequest) => resolveRequestContext(request, identity);

  /** The owner a request names; a client only itself, or a team where it may manage keys. */
  async function ownerOf(
    ctx: IdentityRequestContext,
    type: ApiKeyOwnerType,
    ids: { user_id?: string; team_id?: string },
  ): Promise<ApiKeyOwner> {
    apiKeys.requireEnabled(ctx.project, type);
    if (type === 'user') {
      const userId = resolveUserId(ctx, ids.user_id!, 'API keys');
      return { type, userId: (await accounts.require(ctx.project.id, userId)).id };
    }
    const teamId = ids.team_id!;
    if (ctx.accessType === 'client') {
      await teams.requirePermission(
        ctx.project.id,
        teamId,
        requireUser(ctx).id,
        '$manage_api_keys',
      );
    } else {
      await teams.require(ctx.project.id, teamId);
    }
    return { type, teamId };
  }

  for (const type of ['user', 'team'] as const) {
    const base = `/${type}-api-keys`;

    app.post(base, async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body: z.infer<typeof bodies.user> | z.infer<typeof bodies.team> = parseIdentityInput(
        bodies[type],
        request.body,
        'body',
      );
      const owner = await ownerOf(ctx, type, body);
      const { record, secret } = await apiKeys.create(ctx.project, owner, {
        description: body.description,
        expiresAt: body.expires_at_millis === null ? null : new Date(body.expires_at_millis),
        isPublic: body.is_public ?? false,
      });
      return toApiKey(record, secret);
    });

    app.get(base, async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const query = parseIdentityInput(ownerQueries[type], request.query, 'query');
      const owner = await ownerOf(ctx, type, query);
      const keys = await apiKeys.list(ctx.project.id, owner);
      return { items: keys.map((key) => toApiKey(key)), is_paginated: false };
    });

    app.post(
      `${base}/check`,
      { config: { rateLimit: credentialAttemptLimit } },
      async (request) => {
        const ctx = requireAccess(await context(request), clientOrHigher);
        const { api_key } = parseIdentityInput(checkBody, request.body, 'body');
        return toApiKey(await apiKeys.check(ctx.project, type, api_key));
      },
    );

    app.get(`${base}/:keyId`, async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const { keyId } = parseIdentityInput(keyParams, request.params, 'params');
      const query = parseIdentityInput(ownerQueries[type], request.query, 'query');
      const owner = await ownerOf(ctx, type, query);
      return toApiKey(await apiKeys.require(ctx.project.id, owner, keyId));
    });

    app.patch(`${base}/:keyId`, async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const { keyId } = parseIdentityInput(keyParams, request.params, 'params');
      const query = parseIdentityInput(ownerQueries[type], request.query, 'query');
      const body = parseIdentityInput(updateBody, request.body, 'body');
      const owner = await ownerOf(ctx, type, query);
      return toApiKey(await apiKeys.update(ctx.project.id, owner, keyId, body));
    });
  }
}
