import {
  createPriceAlertRequestSchema,
  priceAlertUnsubscribeSchema,
  updatePriceAlertRequestSchema,
} from '@ipick/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { readSessionCookie, SHOPPER_COOKIE } from '../auth/session-cookies.ts';
import { requireShopper } from '../auth/shopper-session.ts';
import type { PriceAlertsService } from './price-alerts-service.ts';

interface PriceAlertsRoutesOptions {
  auth: AuthService;
  priceAlerts: PriceAlertsService;
}

const alertParams = z.object({ id: z.uuid('The price alert id is not valid') });
const signInMessage = 'Sign in to get price-drop alerts.';

/** Making alerts is cheap to ask for; this keeps one session from hammering it. */
const writeLimit = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    `${request.ip}|${readSessionCookie(request, SHOPPER_COOKIE) ?? ''}`,
};
/** Unsubscribe tokens are signed; the limit only stops someone trying many of them. */
const unsubscribeLimit = { max: 30, timeWindow: '1 minute' };

/**
 * `/api/price-alerts`: a signed-in shopper's price-drop alerts (list, make, pause or move,
 * remove), and the emailed unsubscribe link's two calls, which need no session.
 */
export async function priceAlertsRoutes(
  app: FastifyInstance,
  { auth, priceAlerts }: PriceAlertsRoutesOptions,
) {
  app.addHook('onRequest', refuseCrossSiteWrites);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/price-alerts', async (request) => {
    const { user } = await requireShopper(request, auth, signInMessage);
    return { items: await priceAlerts.list(user.id) };
  });

  app.post('/api/price-alerts', { config: { rateLimit: writeLimit } }, async (request, reply) => {
    const { user } = await requireShopper(request, auth, signInMessage);
    const body = parseRequestPart(createPriceAlertRequestSchema, request.body, 'body');
    const { alert, created } = await priceAlerts.create(user.id, body);
    return reply.code(created ? 201 : 200).send(alert);
  });

  app.patch('/api/price-alerts/:id', { config: { rateLimit: writeLimit } }, async (request) => {
    const { user } = await requireShopper(request, auth, signInMessage);
    const { id } = parseRequestPart(alertParams, request.params, 'params');
    const body = parseRequestPart(updatePriceAlertRequestSchema, request.body, 'body');
    return priceAlerts.update(user.id, id, body);
  });

  app.delete('/api/price-alerts/:id', async (request, reply) => {
    const { user } = await requireShopper(request, auth, signInMessage);
    const { id } = parseRequestPart(alertParams, request.params, 'params');
    await priceAlerts.remove(user.id, id);
    return reply.code(204).send();
  });

  app.get(
    '/api/price-alerts/unsubscribe',
    { config: { rateLimit: unsubscribeLimit } },
    async (request) => {
      const { token } = parseRequestPart(priceAlertUnsubscribeSchema, request.query, 'query');
      return priceAlerts.describeUnsubscribe(token);
    },
  );

  // A POST, not the GET the email opens: mail scanners follow links, and must not unsubscribe.
  app.post(
    '/api/price-alerts/unsubscribe',
    { config: { rateLimit: unsubscribeLimit } },
    async (request, reply) => {
      const { token } = parseRequestPart(priceAlertUnsubscribeSchema, request.body, 'body');
      await priceAlerts.unsubscribe(token);
      return reply.code(204).send();
    },
  );
}
