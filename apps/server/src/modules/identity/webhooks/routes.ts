import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listAdminRoute } from '../admin/admin-route-list.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import { IDENTITY_EVENT_TYPES } from '../core/identity-events.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { StatusError } from '../core/known-errors.ts';
import { requireAccess, resolveRequestContext } from '../core/request-context.ts';
import { success } from '../core/route-helpers.ts';
import type { WebhookAttempt, WebhookEndpoint, WebhookMessage } from './webhooks-repository.ts';
import type { Webhooks } from './webhooks.ts';

interface WebhookRoutesOptions {
  identity: IdentityCore & { webhooks: Webhooks };
}

const webhookUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL such as https://example.com/webhooks');
const eventTypes = z
  .array(z.enum(IDENTITY_EVENT_TYPES as [string, ...string[]]))
  .max(IDENTITY_EVENT_TYPES.length)
  .nullable();
const endpointCreateBody = z.strictObject({
  url: webhookUrl,
  description: z.string().max(1000).optional(),
  event_types: eventTypes.optional(),
});
const endpointUpdateBody = z.strictObject({
  url: webhookUrl.optional(),
  description: z.string().max(1000).optional(),
  event_types: eventTypes.optional(),
  disabled: z.boolean().optional(),
});
const idParams = z.strictObject({ id: z.uuid() });
const messagesQuery = z.strictObject({
  endpoint_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

const millis = (date: Date | null) => (date === null ? null : date.getTime());

function presentEndpoint(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes,
    disabled: endpoint.disabled,
    secret: endpoint.secret,
    created_at_millis: millis(endpoint.createdAt),
  };
}

function presentAttempt(attempt: WebhookAttempt) {
  return {
    attempt: attempt.attempt,
    status: attempt.status,
    response_status_code: attempt.responseStatusCode,
    response_body: attempt.responseBody,
    error: attempt.error,
    duration_ms: attempt.durationMs,
    attempted_at_millis: millis(attempt.attemptedAt),
  };
}

function presentMessage(message: WebhookMessage & { attemptLog: WebhookAttempt[] }) {
  return {
    id: message.id,
    endpoint_id: message.endpointId,
    event_type: message.eventType,
    payload: message.payload,
    status: message.status,
    attempts: message.attempts,
    next_attempt_at_millis: message.status === 'pending' ? millis(message.nextAttemptAt) : null,
    created_at_millis: millis(message.createdAt),
    attempt_log: message.attemptLog.map(presentAttempt),
  };
}

/**
 * Webhooks: `POST /webhooks/svix-token` (admin tier, stack-auth.md §3.21) gives a token, and
 * the token opens ipick's own portal under `/webhooks/portal/...` (an ipick extension; Stack Auth
 * hands the token to Svix's app portal instead): the project's endpoints and the delivery log.
 */
export async function webhookRoutes(app: FastifyInstance, { identity }: WebhookRoutesOptions) {
  const { webhooks } = identity;

  listAdminRoute('POST', '/webhooks/svix-token');
  app.post('/webhooks/svix-token', async (request) => {
    const ctx = requireAccess(await resolveRequestContext(request, identity), ['admin']);
    const { token, expiresAt } = await webhooks.createPortalToken(ctx.project.id);
    const url = `${request.protocol}://${request.host}/api/v1/webhooks/portal`;
    return { token, url, expires_at_millis: expiresAt.getTime() };
  });

  /** The project of the request's portal token (`Authorization: Bearer <token>`). */
  const portalProject = async (request: FastifyRequest): Promise<string> => {
    const [scheme, token] = (request.headers.authorization ?? '').trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new StatusError(
        401,
        'The webhook portal needs a token from POST /webhooks/svix-token in an Authorization: Bearer header.',
      );
    }
    const projectId = await webhooks.projectOfPortalToken(token);
    if (!projectId) {
      throw new StatusError(
        401,
        'This webhook portal token is unknown or expired; ask POST /webhooks/svix-token for a new one.',
      );
    }
    return projectId;
  };
  const endpointNotFound = (id: string) =>
    new StatusError(404, `No webhook endpoint ${id} in this project.`);

  app.get('/webhooks/portal/endpoints', async (request) => {
    const projectId = await portalProject(request);
    const endpoints = await webhooks.listEndpoints(projectId);
    return { items: endpoints.map(presentEndpoint), is_paginated: false };
  });

  app.post('/webhooks/portal/endpoints', async (request, reply) => {
    const projectId = await portalProject(request);
    const body = parseIdentityInput(endpointCreateBody, request.body, 'body');
    const endpoint = await webhooks.createEndpoint(projectId, {
      url: body.url,
      description: body.description,
      eventTypes: body.event_types ?? null,
    });
    return reply.code(201).send(presentEndpoint(endpoint));
  });

  app.get('/webhooks/portal/endpoints/:id', async (request) => {
    const projectId = await portalProject(request);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    const endpoint = await webhooks.findEndpoint(projectId, id);
    if (!endpoint) throw endpointNotFound(id);
    return presentEndpoint(endpoint);
  });

  app.patch('/webhooks/portal/endpoints/:id', async (request) => {
    const projectId = await portalProject(request);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    const body = parseIdentityInput(endpointUpdateBody, request.body, 'body');
    const endpoint = await webhooks.updateEndpoint(projectId, id, {
      url: body.url,
      description: body.description,
      eventTypes: body.event_types,
      disabled: body.disabled,
    });
    if (!endpoint) throw endpointNotFound(id);
    return presentEndpoint(endpoint);
  });

  app.delete('/webhooks/portal/endpoints/:id', async (request) => {
    const projectId = await portalProject(request);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    if (!(await webhooks.deleteEndpoint(projectId, id))) throw endpointNotFound(id);
    return success;
  });

  app.get('/webhooks/portal/messages', async (request) => {
    const projectId = await portalProject(request);
    const query = parseIdentityInput(messagesQuery, request.query, 'query');
    const log = await webhooks.deliveryLog(projectId, {
      endpointId: query.endpoint_id,
      limit: query.limit ?? 50,
    });
    return { items: log.map(presentMessage), is_paginated: false };
  });

  app.post('/webhooks/portal/messages/:id/resend', async (request) => {
    const projectId = await portalProject(request);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    if (!(await webhooks.resend(projectId, id))) {
      throw new StatusError(404, `No webhook message ${id} in this project.`);
    }
    return success;
  });
}
