import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userIdOrMe } from '../core/api-schemas.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { clientOrHigher, requireAccess, resolveRequestContext } from '../core/request-context.ts';
import { resolveUserId } from '../core/route-helpers.ts';
import type {
  NotificationPreference,
  NotificationPreferences,
} from './notification-preferences.ts';

interface NotificationPreferenceRoutesOptions {
  identity: IdentityCore & { notificationPreferences: NotificationPreferences };
}

const listParams = z.strictObject({ userId: userIdOrMe });
const updateParams = z.strictObject({ userId: userIdOrMe, categoryId: z.uuid() });
const updateBody = z.strictObject({ enabled: z.boolean() });

const toItem = ({ category, enabled }: NotificationPreference) => ({
  notification_category_id: category.id,
  notification_category_name: category.name,
  enabled,
  can_disable: category.canDisable,
});

/**
 * Email notification preferences (stack-auth.md: `/emails/notification-preference`): a client
 * reads and sets its own, the server anyone's.
 */
export async function notificationPreferenceRoutes(
  app: FastifyInstance,
  { identity }: NotificationPreferenceRoutesOptions,
) {
  const { notificationPreferences, accounts } = identity;

  app.get('/emails/notification-preference/:userId', async (request) => {
    const ctx = requireAccess(await resolveRequestContext(request, identity), clientOrHigher);
    const params = parseIdentityInput(listParams, request.params, 'params');
    const userId = resolveUserId(ctx, params.userId, 'notification preferences');
    await accounts.require(ctx.project.id, userId);
    const items = await notificationPreferences.list(userId);
    return { items: items.map(toItem), is_paginated: false };
  });

  app.patch('/emails/notification-preference/:userId/:categoryId', async (request) => {
    const ctx = requireAccess(await resolveRequestContext(request, identity), clientOrHigher);
    const params = parseIdentityInput(updateParams, request.params, 'params');
    const body = parseIdentityInput(updateBody, request.body, 'body');
    const userId = resolveUserId(ctx, params.userId, 'notification preferences');
    await accounts.require(ctx.project.id, userId);
    return toItem(await notificationPreferences.set(userId, params.categoryId, body.enabled));
  });
}
