import type { PriceHistory } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import { PRICE_HISTORY_DAYS, PriceHistoryRepository } from './price-history-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const params = z.object({ offerId: z.uuid('The offer id is not valid') });

/**
 * `GET /api/offers/:offerId/price-history`: the prices ipick saw an offer at over the last year
 * (in its current currency), and the lowest of the last 90 days, for the results' small chart.
 */
export async function priceHistoryRoutes(
  app: FastifyInstance,
  { db }: { db: Kysely<DatabaseSchema> },
) {
  const repository = new PriceHistoryRepository(db);

  app.get('/api/offers/:offerId/price-history', async (request, reply): Promise<PriceHistory> => {
    const { offerId } = parseRequestPart(params, request.params, 'params');
    const offer = await repository.offerCurrency(offerId);
    if (!offer) throw new AppError('not_found', 'That offer is not in ipick’s catalog.');
    // Prices change a few times a day at most; a short shared cache spares the database.
    reply.header('cache-control', 'public, max-age=300');
    if (offer.currency === null) {
      return { offerId, currency: null, points: [], lowest90Days: null };
    }
    const now = Date.now();
    const rows = await repository.pointsOf(
      offerId,
      offer.currency,
      new Date(now - PRICE_HISTORY_DAYS * DAY_MS),
    );
    const points = rows.map((row) => ({
      at: row.observed_at.toISOString(),
      priceMinor: Number(row.price_minor),
    }));
    return {
      offerId,
      currency: offer.currency,
      points,
      lowest90Days: lowestSince(points, now - 90 * DAY_MS),
    };
  });
}

/**
 * The lowest price in force at any time since `since`: the price seen last before it still
 * held at its start. Ties keep the earliest time.
 */
export function lowestSince(
  points: { at: string; priceMinor: number }[],
  since: number,
): { at: string; priceMinor: number } | null {
  let lowest: { at: string; priceMinor: number } | null = null;
  for (const [index, point] of points.entries()) {
    const next = points[index + 1];
    // A point whose successor came before the window was never in force inside it.
    if (next && Date.parse(next.at) <= since) continue;
    if (lowest === null || point.priceMinor < lowest.priceMinor) lowest = point;
  }
  return lowest;
}
