import { addFavoriteRequestSchema } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { requireShopper } from '../auth/shopper-session.ts';
import type { ShopperService } from './shopper-service.ts';

interface ShopperRoutesOptions {
  auth: AuthService;
  shopper: ShopperService;
}

const historyParams = z.object({ requestId: z.uuid('The request id is not valid') });
const favoriteParams = z.object({ id: z.uuid('The favourite id is not valid') });

const historySignIn = 'Sign in to see your search history.';
const favoritesSignIn = 'Sign in to keep favourites.';

/**
 * A signed-in shopper's lists: `/api/history` (written by `POST /api/compare`) and
 * `/api/favorites`. Every route needs the shopper's session cookie.
 */
export async function shopperRoutes(app: FastifyInstance, { auth, shopper }: ShopperRoutesOptions) {
  app.addHook('onRequest', refuseCrossSiteWrites);
  // The lists are personal: no shared cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/history', async (request) => {
    const { user } = await requireShopper(request, auth, historySignIn);
    return { items: await shopper.listHistory(user.id) };
  });

  app.delete('/api/history/:requestId', async (request, reply) => {
    const { user } = await requireShopper(request, auth, historySignIn);
    const { requestId } = parseRequestPart(historyParams, request.params, 'params');
    await shopper.removeHistoryEntry(user.id, requestId);
    return reply.code(204).send();
  });

  app.delete('/api/history', async (request, reply) => {
    const { user } = await requireShopper(request, auth, historySignIn);
    await shopper.clearHistory(user.id);
    return reply.code(204).send();
  });

  app.get('/api/favorites', async (request) => {
    const { user } = await requireShopper(request, auth, favoritesSignIn);
    return { items: await shopper.listFavorites(user.id) };
  });

  app.post('/api/favorites', async (request, reply) => {
    const { user } = await requireShopper(request, auth, favoritesSignIn);
    const body = parseRequestPart(addFavoriteRequestSchema, request.body, 'body');
    const { favorite, created } = await shopper.addFavorite(user.id, body.requestId, body.offerId);
    return reply.code(created ? 201 : 200).send(favorite);
  });

  app.delete('/api/favorites/:id', async (request, reply) => {
    const { user } = await requireShopper(request, auth, favoritesSignIn);
    const { id } = parseRequestPart(favoriteParams, request.params, 'params');
    await shopper.removeFavorite(user.id, id);
    return reply.code(204).send();
  });
}
