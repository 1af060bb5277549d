import { businessEventsQuerySchema, type BusinessEventsResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { requireBusiness } from '../auth/business-session.ts';
import { quotesIpickId } from './ipick-ids.ts';

interface EventsRouteOptions {
  db: Kysely<DatabaseSchema>;
  auth: AuthService;
}

/**
 * `GET /api/business/events?limit=50`: the signed-in business's most recent tracked events,
 * newest first, for the live view of the tracking test pages. `attributed` says whether the
 * event carried the referral or click id of a click ipick recorded for the business (a made-up
 * id is not ipick's); `isTest` that ipick's tracking test page sent it.
 */
export async function eventsRoutes(app: FastifyInstance, { db, auth }: EventsRouteOptions) {
  app.get('/api/business/events', async (request, reply): Promise<BusinessEventsResponse> => {
    const business = await requireBusiness(request, auth);
    const { limit } = parseRequestPart(businessEventsQuerySchema, request.query, 'query');
    const rows = await db
      .selectFrom('tracking_events as e')
      .select([
        'e.id',
        'e.event_type',
        'e.event_data',
        'e.occurred_at',
        'e.received_at',
        'e.session_id',
        'e.url',
        'e.referral_id',
        'e.is_test',
        quotesIpickId(business.id, { referralId: 'e.referral_id', clickId: 'e.click_id' }).as(
          'quotes_ipick_id',
        ),
      ])
      .where('e.business_id', '=', business.id)
      .orderBy('e.received_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .execute();
    void reply.header('cache-control', 'no-store');
    return {
      events: rows.map((row) => ({
        id: row.id,
        eventType: row.event_type,
        // Stored from a checked object (eventDataSchema), so it is one.
        eventData: row.event_data as Record<string, unknown>,
        occurredAt: row.occurred_at.toISOString(),
        receivedAt: row.received_at.toISOString(),
        sessionId: row.session_id,
        url: row.url,
        referralId: row.referral_id,
        attributed: row.quotes_ipick_id,
        isTest: row.is_test,
      })),
    };
  });
}
