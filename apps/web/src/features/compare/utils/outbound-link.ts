import { REDIRECT_PATH } from '@ipick/core';

/** What every outbound link carries besides its destination (spec §9). */
export interface OutboundContext {
  /** The visit's session id. */
  sessionId: string;
  /** The visit's stored UTM values; ipick's defaults apply on the server where absent. */
  utm: {
    source?: string;
    medium?: string;
    campaign?: string;
    term?: string;
    content?: string;
  } | null;
  /** The ipick page the link is on (path and query). */
  from: string;
}

/** The destination: a catalog offer, an address, or an address with the offer it came from. */
export type OutboundTarget = { offerId: string; to?: string } | { offerId?: string; to: string };

const utmFields = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/**
 * The relative `/api/redirect` address of an outbound link (spec §1, §7, §9): ipick records the
 * click and sends the shopper on with the affiliate id and UTM values.
 */
export function outboundHref(target: OutboundTarget, context: OutboundContext): string {
  const params = new URLSearchParams();
  if (target.to !== undefined) params.set('to', target.to);
  if (target.offerId !== undefined) params.set('offer', target.offerId);
  if (context.sessionId) params.set('session_id', context.sessionId);
  for (const field of utmFields) {
    const value = context.utm?.[field];
    if (value) params.set(`utm_${field}`, value);
  }
  if (context.from) params.set('from', context.from);
  return `${REDIRECT_PATH}?${params.toString()}`;
}
