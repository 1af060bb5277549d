import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, type ResponseSchema } from '@/lib/api-client';

/** One event of `GET /api/business/events` (the contracts package has no schema for it yet). */
export interface BusinessEvent {
  id: string;
  eventType: string;
  eventData: Record<string, unknown>;
  occurredAt: string;
  receivedAt: string;
  sessionId: string | null;
  url: string | null;
  referralId: string | null;
  /** The event carried ipick's referral or click id. */
  attributed: boolean;
}

export interface BusinessEventsResponse {
  events: BusinessEvent[];
}

/** How often the live list asks again, in milliseconds. */
export const EVENTS_POLL_INTERVAL_MS = 2000;
export const EVENTS_LIMIT = 50;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nullableString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new TypeError('expected a string or null');
  return value;
}

function requiredString(value: unknown): string {
  if (typeof value !== 'string') throw new TypeError('expected a string');
  return value;
}

/** Checks the answer's shape, as the contract schemas do for other endpoints. */
export const businessEventsResponseSchema: ResponseSchema<BusinessEventsResponse> = {
  parse(input) {
    if (!isRecord(input) || !Array.isArray(input.events)) throw new TypeError('expected events');
    return {
      events: input.events.map((item): BusinessEvent => {
        if (!isRecord(item) || typeof item.attributed !== 'boolean') {
          throw new TypeError('expected an event');
        }
        return {
          id: requiredString(item.id),
          eventType: requiredString(item.eventType),
          eventData: isRecord(item.eventData) ? item.eventData : {},
          occurredAt: requiredString(item.occurredAt),
          receivedAt: requiredString(item.receivedAt),
          sessionId: nullableString(item.sessionId),
          url: nullableString(item.url),
          referralId: nullableString(item.referralId),
          attributed: item.attributed,
        };
      }),
    };
  },
};

/** `GET /api/business/events?limit=50`: the signed-in business's latest events, newest first. */
export function businessEventsQueryOptions(limit = EVENTS_LIMIT) {
  return queryOptions({
    queryKey: ['tracking-test', 'business-events', limit] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/events?limit=${String(limit)}`, {
        signal,
        schema: businessEventsResponseSchema,
      }),
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
  });
}

/** The live list: polled every two seconds while `enabled` (a business is signed in). */
export function useBusinessEvents(enabled = true) {
  return useQuery({ ...businessEventsQueryOptions(), enabled });
}
