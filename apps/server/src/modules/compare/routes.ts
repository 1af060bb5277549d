import { compareRequestSchema } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { CompareService } from './compare-service.ts';

const requestIdParams = z.object({ requestId: z.uuid('The request id is not valid') });

/** Each comparison may fetch a shop's page, so one address may only start so many a minute. */
const compareLimit = { max: 30, timeWindow: '1 minute' };

/** `POST /api/compare` and `GET /api/compare/:requestId` (issue 5 API). */
export async function compareRoutes(
  app: FastifyInstance,
  { compare }: { compare: CompareService },
) {
  app.post('/api/compare', { config: { rateLimit: compareLimit } }, async (request) => {
    const body = parseRequestPart(compareRequestSchema, request.body, 'body');
    return compare.compare(body.url, body.requestId);
  });

  app.get('/api/compare/:requestId', async (request) => {
    const { requestId } = parseRequestPart(requestIdParams, request.params, 'params');
    const result = await compare.find(requestId);
    if (!result)
      throw new AppError('not_found', 'There is no comparison with that id; paste the link again.');
    return result;
  });
}
