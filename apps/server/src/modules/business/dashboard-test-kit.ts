import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { latestIpickClickAt } from '../tracking/ipick-ids.ts';

/** Factories for the dashboard tests (code-style §10): rows as the ledger and tracking write them. */

type Db = Kysely<DatabaseSchema>;

export interface ClickOverrides {
  at: Date | string;
  productId?: string | null;
  offerId?: string | null;
  targetUrl?: string;
  identityHash?: string | null;
  isBot?: boolean;
  deviceType?: string | null;
  country?: string | null;
  utmCampaign?: string | null;
  page?: string | null;
  referralId?: string;
}

export async function buildClick(db: Db, businessId: string, overrides: ClickOverrides) {
  const id = randomUUID();
  const targetUrl = overrides.targetUrl ?? 'https://shop.example/products/kettle?ipick_ref=x';
  await db
    .insertInto('clicks')
    .values({
      id,
      occurred_at: new Date(overrides.at),
      target_url: targetUrl,
      target_host: new URL(targetUrl).host,
      retailer_id: null,
      offer_id: overrides.offerId ?? null,
      product_id: overrides.productId ?? null,
      business_id: businessId,
      session_id: 'session-1',
      user_id: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: overrides.utmCampaign ?? null,
      utm_term: null,
      utm_content: null,
      page: overrides.page ?? '/new-search/x/kettle',
      referrer: null,
      device_type: overrides.deviceType === undefined ? 'desktop' : overrides.deviceType,
      browser: 'Firefox',
      os: 'Linux',
      country: overrides.country === undefined ? 'DE' : overrides.country,
      is_bot: overrides.isBot ?? false,
      bot_reason: overrides.isBot ? 'user_agent' : null,
      ip_truncated: '192.0.2.0',
      identity_hash: overrides.identityHash === undefined ? randomUUID() : overrides.identityHash,
      referral_id: overrides.referralId ?? `aff_shop_${id.slice(0, 8)}`,
    })
    .execute();
  return id;
}

export interface ConversionOverrides {
  at: Date | string;
  kind?: 'lead' | 'sale' | 'refund';
  amountMinor?: number;
  currency?: string | null;
  orderId?: string;
  receivedAt?: Date | string;
  /** An ipick click id; without it (or a referral id) the conversion is not ipick's. */
  clickId?: string | null;
  referralId?: string | null;
}

export async function buildConversion(db: Db, businessId: string, overrides: ConversionOverrides) {
  const id = randomUUID();
  const kind = overrides.kind ?? 'sale';
  await db
    .insertInto('conversions')
    .values({
      id,
      business_id: businessId,
      kind,
      order_id: overrides.orderId ?? `order-${id.slice(0, 8)}`,
      amount_minor: overrides.amountMinor ?? (kind === 'lead' ? 0 : 1000),
      currency: overrides.currency === undefined ? 'USD' : overrides.currency,
      click_id: overrides.clickId ?? null,
      referral_id: overrides.referralId ?? null,
      visitor_id: null,
      session_id: null,
      source: 'server',
      occurred_at: new Date(overrides.at),
      received_at: new Date(overrides.receivedAt ?? overrides.at),
      // As the conversion API records it (build the clicks first).
      ipick_click_at: latestIpickClickAt(businessId, {
        referralId: overrides.referralId ?? null,
        clickId: overrides.clickId ?? null,
        occurredAt: new Date(overrides.at),
      }),
    })
    .execute();
  return id;
}

export async function buildEvent(
  db: Db,
  businessId: string,
  overrides: {
    at: Date | string;
    eventType?: string;
    eventData?: Record<string, unknown>;
    referralId?: string;
    visitorId?: string | null;
  },
) {
  const id = randomUUID();
  await db
    .insertInto('tracking_events')
    .values({
      id,
      business_id: businessId,
      event_type: overrides.eventType ?? 'page_view',
      event_data: JSON.stringify(overrides.eventData ?? {}),
      occurred_at: new Date(overrides.at),
      received_at: new Date(overrides.at),
      session_id: 's1',
      user_id: null,
      url: 'https://shop.example/cart',
      referral_id: overrides.referralId ?? 'aff_shop_1_x',
      click_id: null,
      visitor_id: overrides.visitorId ?? null,
    })
    .execute();
  return id;
}

export async function buildProduct(db: Db, title: string) {
  const id = randomUUID();
  await db.insertInto('products').values({ id, title }).execute();
  return id;
}

/** A catalog offer at `url`, of `productId` when given; its retailer is keyed by the URL's host. */
export async function buildOffer(
  db: Db,
  overrides: { url: string; title: string; productId?: string | null; lastSeenAt?: Date | string },
) {
  const host = new URL(overrides.url).host;
  await db
    .insertInto('retailers')
    .values({ id: randomUUID(), key: host, display_name: host, hosts: [host] })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const retailer = await db
    .selectFrom('retailers')
    .select('id')
    .where('key', '=', host)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  await db
    .insertInto('offers')
    .values({
      id,
      retailer_id: retailer.id,
      retailer_product_id: id,
      product_id: overrides.productId ?? null,
      url: overrides.url,
      title: overrides.title,
      last_seen_at: new Date(overrides.lastSeenAt ?? Date.now()),
    })
    .execute();
  return id;
}

/** A referral-tracking call, as ipick's web app records one before sending a shopper. */
export async function buildReferral(
  db: Db,
  businessId: string,
  overrides: { at: Date | string; referralId: string },
) {
  const id = randomUUID();
  await db
    .insertInto('merchant_referrals')
    .values({
      id,
      referral_id: overrides.referralId,
      business_id: businessId,
      occurred_at: new Date(overrides.at),
      target_url: 'https://shop.example/products/kettle',
      source_url: null,
      product_name: 'Kettle',
      user_id: null,
      session_id: 'session-1',
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    })
    .execute();
  return id;
}
