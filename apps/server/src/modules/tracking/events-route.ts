import { businessEventsQuerySchema, type BusinessEventsResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { requireBusiness } from '../auth/business-session.ts';

interface EventsRouteOptions {
  db: Kysely<DatabaseSchema>;
  auth: AuthService;
}

/**
 * `GET /api/business/events?limit=50`: the signed-in business's most recent tracked events,
 * newest first, for the live view of the tracking test pages. `attributed` says whether the
 * event carried ipick's referral or click id; `isTest` that ipick's tracking test page sent it.
 */
export async function eventsRoutes(app: FastifyInstance, { db, auth }: EventsRouteOptions) {
  app.get('/api/business/events', async (request, reply): Promise<BusinessEventsResponse> => {
    const business = await requireBusiness(request, auth);
    const { limit } = parseRequestPart(businessEventsQuerySchema, request.query, 'query');
    const rows = await db
      .selectFrom('tracking_events')
      .select([
        'id',
        'event_type',
        'event_data',
        'occurred_at',
        'received_at',
        'session_id',
        'url',
        'referral_id',
        'click_id',
        'is_test',
      ])
      .where('business_id', '=', business.id)
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
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
        attributed: row.referral_id !== null || row.click_id !== null,
        isTest: row.is_test,
      })),
    };
  });
}
