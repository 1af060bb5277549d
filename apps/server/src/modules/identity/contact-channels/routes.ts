import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userIdOrMe } from '../core/api-schemas.ts';
import { mailSendingLimit } from '../../../platform/http/rate-limits.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { StatusError } from '../core/known-errors.ts';
import {
  clientOrHigher,
  requireAccess,
  resolveRequestContext,
  type IdentityRequestContext,
} from '../core/request-context.ts';
import { resolveUserId, success } from '../core/route-helpers.ts';
import type { ContactChannels } from './contact-channels.ts';
import type { ContactChannelRecord } from './contact-channels-repository.ts';

interface ContactChannelRoutesOptions {
  identity: IdentityCore & { contactChannels: ContactChannels };
}

const email = z.string().trim().toLowerCase().max(256).pipe(z.email());
const clientFields = {
  value: email.optional(),
  type: z.literal('email').optional(),
  used_for_auth: z.boolean().optional(),
  is_primary: z.boolean().optional(),
};
const clientCreateBody = z.strictObject({
  ...clientFields,
  user_id: userIdOrMe,
  value: email,
  type: z.literal('email'),
  used_for_auth: z.boolean(),
});
const serverCreateBody = clientCreateBody.extend({ is_verified: z.boolean().optional() });
const clientUpdateBody = z.strictObject(clientFields);
const serverUpdateBody = clientUpdateBody.extend({ is_verified: z.boolean().optional() });
const listQuery = z.strictObject({
  user_id: userIdOrMe.optional(),
  contact_channel_id: z.uuid().optional(),
});
const channelParams = z.strictObject({ userId: userIdOrMe, channelId: z.uuid() });
const sendCodeBody = z.strictObject({ callback_url: z.string().min(1).max(2048) });

const toContactChannel = (channel: ContactChannelRecord) => ({
  user_id: channel.user_id,
  id: channel.id,
  value: channel.value,
  type: channel.type,
  used_for_auth: channel.used_for_auth,
  is_verified: channel.is_verified,
  is_primary: channel.is_primary,
});

/** Contact channels (stack-auth.md §3.9): a client manages its own, the server anyone's. */
export async function contactChannelRoutes(
  app: FastifyInstance,
  { identity }: ContactChannelRoutesOptions,
) {
  const { contactChannels, accounts } = identity;
  const context = (request: FastifyRequest) => resolveRequestContext(request, identity);
  const isClient = (ctx: IdentityRequestContext) => ctx.accessType === 'client';
  /** The user a request names, who must exist (a client can only name itself). */
  const ownerOf = async (ctx: IdentityRequestContext, userId: string) =>
    (await accounts.require(ctx.project.id, resolveUserId(ctx, userId, 'contact channels'))).id;

  app.get('/contact-channels', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const query = parseIdentityInput(listQuery, request.query, 'query');
    if (query.user_id === undefined) {
      throw new StatusError(400, 'Pass user_id ("me" on the client tier).');
    }
    const userId = await ownerOf(ctx, query.user_id);
    const channels = await contactChannels.list(userId);
    const items = query.contact_channel_id
      ? channels.filter((channel) => channel.id === query.contact_channel_id)
      : channels;
    return { items: items.map(toContactChannel), is_paginated: false };
  });

  app.post('/contact-channels', async (request, reply) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const body: z.infer<typeof serverCreateBody> = isClient(ctx)
      ? parseIdentityInput(clientCreateBody, request.body, 'body')
      : parseIdentityInput(serverCreateBody, request.body, 'body');
    const userId = await ownerOf(ctx, body.user_id);
    const channel = await contactChannels.create(ctx.project.id, userId, {
      value: body.value,
      usedForAuth: body.used_for_auth,
      isPrimary: body.is_primary ?? false,
      isVerified: body.is_verified ?? false,
    });
    return reply.code(201).send(toContactChannel(channel));
  });

  app.patch('/contact-channels/:userId/:channelId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const params = parseIdentityInput(channelParams, request.params, 'params');
    const body: z.infer<typeof serverUpdateBody> = isClient(ctx)
      ? parseIdentityInput(clientUpdateBody, request.body, 'body')
      : parseIdentityInput(serverUpdateBody, request.body, 'body');
    const userId = await ownerOf(ctx, params.userId);
    const channel = await contactChannels.update(ctx.project.id, userId, params.channelId, {
      value: body.value,
      usedForAuth: body.used_for_auth,
      isPrimary: body.is_primary,
      isVerified: body.is_verified,
    });
    return toContactChannel(channel);
  });

  app.delete('/contact-channels/:userId/:channelId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const params = parseIdentityInput(channelParams, request.params, 'params');
    await contactChannels.delete(await ownerOf(ctx, params.userId), params.channelId);
    return success;
  });

  app.post(
    '/contact-channels/:userId/:channelId/send-verification-code',
    { config: { rateLimit: mailSendingLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const params = parseIdentityInput(channelParams, request.params, 'params');
      const body = parseIdentityInput(sendCodeBody, request.body, 'body');
      const userId = await ownerOf(ctx, params.userId);
      await contactChannels.sendVerificationCode(
        ctx.project,
        userId,
        params.channelId,
        body.callback_url,
      );
      return success;
    },
  );
}
