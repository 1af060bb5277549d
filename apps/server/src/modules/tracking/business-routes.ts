import {
  addDomainRequestSchema,
  attributionQuerySchema,
  createApiKeyRequestSchema,
  journeyQuerySchema,
  recentJourneysQuerySchema,
  updateAttributionSettingsRequestSchema,
} from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { requireBusiness } from '../auth/business-session.ts';
import type { ApiKeyService } from './api-key-service.ts';
import type { AttributionService } from './attribution-service.ts';
import type { DomainService } from './domain-service.ts';

interface TrackingBusinessRoutesOptions {
  auth: AuthService;
  domains: DomainService;
  keys: ApiKeyService;
  attribution: AttributionService;
}

const idParams = z.object({ id: z.uuid() });

/** Each verification fetches the merchant's shop; this keeps ipick from being used to hammer one. */
const verificationLimit = { max: 10, timeWindow: '1 minute' };

/**
 * A merchant's integration settings for the dashboard, all behind the business session:
 * `/api/business/domains` (add, verify, remove), `/api/business/keys` (make, rotate, revoke),
 * `/api/business/attribution` (settings and report) and `/api/business/journeys` (one order's
 * journey, and `/recent` for the latest orders, searchable by order id). Another
 * business's domain or key is a 404.
 */
export async function trackingBusinessRoutes(
  app: FastifyInstance,
  { auth, domains, keys, attribution }: TrackingBusinessRoutesOptions,
) {
  app.addHook('onRequest', refuseCrossSiteWrites);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/business/domains', async (request) => {
    const business = await requireBusiness(request, auth);
    return { domains: await domains.list(business) };
  });

  app.post('/api/business/domains', async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const body = parseRequestPart(addDomainRequestSchema, request.body, 'body');
    return reply.code(201).send({ domain: await domains.add(business, body.domain) });
  });

  app.delete('/api/business/domains/:id', async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const { id } = parseIdParams(request.params);
    await domains.remove(business, id);
    return reply.code(204).send();
  });

  app.post(
    '/api/business/domains/:id/verify',
    { config: { rateLimit: verificationLimit } },
    async (request) => {
      const business = await requireBusiness(request, auth);
      const { id } = parseIdParams(request.params);
      return { domain: await domains.verify(business, id) };
    },
  );

  const managersOnly = { config: { merchantManagersOnly: true } };

  app.get('/api/business/keys', async (request) => {
    const business = await requireBusiness(request, auth);
    return { keys: await keys.list(business.id) };
  });

  // Keys are an owner's or admin's to make, rotate and revoke; members only see them.
  const createsKey = {
    config: { merchantAction: 'create-live-key' as const, merchantManagersOnly: true },
  };

  app.post('/api/business/keys', createsKey, async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const body = parseRequestPart(createApiKeyRequestSchema, request.body, 'body');
    return reply.code(201).send(await keys.create(business.id, body.kind));
  });

  app.post('/api/business/keys/:id/rotate', createsKey, async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const { id } = parseIdParams(request.params);
    return reply.code(201).send(await keys.rotate(business.id, id));
  });

  app.delete('/api/business/keys/:id', managersOnly, async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const { id } = parseIdParams(request.params);
    await keys.revoke(business.id, id);
    return reply.code(204).send();
  });

  app.get('/api/business/attribution/settings', async (request) => {
    const business = await requireBusiness(request, auth);
    return attribution.settings(business.id);
  });

  app.patch('/api/business/attribution/settings', async (request) => {
    const business = await requireBusiness(request, auth);
    const body = parseRequestPart(updateAttributionSettingsRequestSchema, request.body, 'body');
    return attribution.updateSettings(business.id, body);
  });

  app.get('/api/business/attribution', async (request) => {
    const business = await requireBusiness(request, auth);
    const query = parseRequestPart(attributionQuerySchema, request.query, 'query');
    return attribution.report(business.id, query);
  });

  app.get('/api/business/journeys', async (request) => {
    const business = await requireBusiness(request, auth);
    const { orderId } = parseRequestPart(journeyQuerySchema, request.query, 'query');
    return attribution.journey(business.id, orderId);
  });

  app.get('/api/business/journeys/recent', async (request) => {
    const business = await requireBusiness(request, auth);
    const query = parseRequestPart(recentJourneysQuerySchema, request.query, 'query');
    return attribution.recentJourneys(business.id, query);
  });
}

/** A malformed id cannot be one of the business's items: 404, like another business's. */
function parseIdParams(params: unknown): { id: string } {
  const result = idParams.safeParse(params);
  if (!result.success) throw new AppError('not_found', 'There is no such item.');
  return result.data;
}
