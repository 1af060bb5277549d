import { compareRequestSchema } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { optionalShopper } from '../auth/shopper-session.ts';
import type { ShopperService } from '../shopper/shopper-service.ts';
import type { CompareService } from './compare-service.ts';

const requestIdParams = z.object({ requestId: z.uuid('The request id is not valid') });

/** Each comparison may fetch a shop's page, so one address may only start so many a minute. */
const compareLimit = { max: 30, timeWindow: '1 minute' };

interface CompareRoutesOptions {
  compare: CompareService;
  auth: AuthService;
  shopper: ShopperService;
}

/**
 * `POST /api/compare` and `GET /api/compare/:requestId` (issue 5 API). A comparison made while
 * a shopper is signed in goes into their search history; reading one again does not.
 */
export async function compareRoutes(
  app: FastifyInstance,
  { compare, auth, shopper }: CompareRoutesOptions,
) {
  app.post('/api/compare', { config: { rateLimit: compareLimit } }, async (request) => {
    const body = parseRequestPart(compareRequestSchema, request.body, 'body');
    const result = await compare.compare(body.url, body.requestId);
    try {
      const current = await optionalShopper(request, auth);
      if (current) await shopper.recordComparison(current.user.id, body.url, result);
    } catch (error) {
      // The comparison is what the shopper asked for; a history that missed one is not worth
      // failing it over.
      request.log.error({ err: error }, 'could not record the comparison in search history');
    }
    return result;
  });

  app.get('/api/compare/:requestId', async (request) => {
    const { requestId } = parseRequestPart(requestIdParams, request.params, 'params');
    const result = await compare.find(requestId);
    if (!result)
      throw new AppError('not_found', 'There is no comparison with that id; paste the link again.');
    return result;
  });
}
