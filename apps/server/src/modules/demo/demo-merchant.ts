/**
 * The demo merchant's shop as a visitor evaluating ipick expects to find it (issue 19, "A demo
 * that shows everything"): Demo Electronics is a retailer of the catalog with a feed of its
 * products imported through the real importer, a verified domain and keys, price changes, and
 * three weeks of shoppers sent by ipick (clicks, page views, add-to-carts, sales, one refund) whose
 * journeys span several clicks; the demo shopper has a price alert on one of its offers that fired.
 * Seeded, so every first start shows the same shop.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Insertable, Kysely } from 'kysely';
import type {
  ClicksTable,
  ConversionsTable,
  DatabaseSchema,
  MerchantReferralsTable,
  TrackingEventsTable,
} from '../../platform/db/schema.ts';
import type { BusinessRecord } from '../auth/auth-repository.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { importFeed } from '../catalog/feeds/feed-importer.ts';
import { clickId } from '../referral/click-id.ts';
import { ApiKeyService } from '../tracking/api-key-service.ts';
import { TrackingRepository } from '../tracking/tracking-repository.ts';
import { generateDemoCatalog } from './catalog-generator.ts';
import { DemoRandom } from './catalog-random.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many of the catalog's products the shop sells. */
const FEED_PRODUCTS = 40;
/** How far back the shop's shoppers go. */
const ACTIVITY_DAYS = 21;
/** Shoppers ipick sends to the shop on a day, at most. */
const MAX_SHOPPERS_PER_DAY = 7;
const SHOP_CATEGORIES: readonly string[] = ['electronics', 'small-tech', 'gaming'];
const BROWSER_USER_AGENT_FAMILY = { device: 'desktop', browser: 'Chrome', os: 'Windows' };

interface ShopOffer {
  id: string;
  productId: string | null;
  url: string;
  title: string;
  priceMinor: number;
}

export interface DemoMerchantOptions {
  business: BusinessRecord;
  /** The demo shopper, whose clicks and price alert the shop's data includes. */
  shopperUserId: string;
  /** The demo catalog as it was loaded: the shop sells some of its products. */
  catalog: { seed: number; products: number };
  now?: Date;
  seed?: number;
}

/** Loads the demo merchant's shop; run once, after the demo catalog. */
export async function loadDemoMerchant(
  db: Kysely<DatabaseSchema>,
  options: DemoMerchantOptions,
): Promise<void> {
  const { business, shopperUserId } = options;
  const now = options.now ?? new Date();
  const random = new DemoRandom(options.seed ?? 19);
  const domain = business.domain.toLowerCase();

  // The shop's own domain, verified three weeks ago, and a key of each kind.
  const tracking = new TrackingRepository(db);
  await tracking.ensurePrimaryDomain(business, `ipick-demo-${randomUUID()}`, randomUUID());
  await db
    .updateTable('business_domains')
    .set({ verified_at: new Date(now.getTime() - (ACTIVITY_DAYS + 1) * DAY_MS) })
    .where('business_id', '=', business.id)
    .where('domain', '=', domain)
    .execute();
  const keys = new ApiKeyService(tracking);
  await keys.create(business.id, 'publishable');
  await keys.create(business.id, 'secret');

  const offers = await importShopFeed(db, business, shopGtins(options.catalog), random);
  if (offers.length === 0) return;
  await addPriceChanges(db, offers, now, random);
  await addShopperActivity(db, business, offers, shopperUserId, now, random);
  await addFiredPriceAlert(db, offers, shopperUserId, now, business.name);
}

/**
 * The GTINs of the products the shop sells: electronics that at least three retailers list,
 * taken from the second half of the generated catalog, so that they are not the first products
 * the browser tests pick for merchants of their own.
 */
function shopGtins(catalog: { seed: number; products: number }): string[] {
  const gtins: string[] = [];
  let index = 0;
  for (const product of generateDemoCatalog(catalog)) {
    if (index++ < catalog.products / 2) continue;
    const retailers = new Set(
      product.offers
        .filter((entry) => entry.offer.gtin !== null && entry.offer.priceMinor !== null)
        .map((entry) => entry.retailer),
    );
    if (SHOP_CATEGORIES.includes(product.category) && retailers.size >= 3) gtins.push(product.gtin);
    if (gtins.length === FEED_PRODUCTS) break;
  }
  return gtins;
}

/**
 * The shop's feed: products of the catalog that other retailers sell too (so ipick compares
 * them), a little under the cheapest of them, imported as any merchant's feed is.
 */
async function importShopFeed(
  db: Kysely<DatabaseSchema>,
  business: BusinessRecord,
  gtins: string[],
  random: DemoRandom,
): Promise<ShopOffer[]> {
  if (gtins.length === 0) return [];
  const products = await db
    .selectFrom('offers as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select((eb) => [
      'p.id',
      'p.title',
      'p.brand',
      eb.fn.min('o.gtin').as('gtin'),
      eb.fn.min('o.price_minor').as('price_minor'),
    ])
    .where('o.gtin', 'in', gtins)
    .where('o.price_minor', 'is not', null)
    .where('o.condition', '=', 'new')
    .groupBy(['p.id', 'p.title', 'p.brand'])
    .orderBy('p.title')
    .limit(FEED_PRODUCTS)
    .execute();
  const rows = products.map((product, index) => {
    const price = Math.max(
      199,
      Math.round(Number(product.price_minor) * random.between(0.94, 0.99)),
    );
    return [
      `DE-${1001 + index}`,
      product.title,
      `https://${business.domain}/products/de-${1001 + index}`,
      `${(price / 100).toFixed(2)} USD`,
      'in stock',
      product.brand ?? '',
      product.gtin ?? '',
      'new',
    ].map((cell) => String(cell).replaceAll('\t', ' '));
  });
  const feed = [
    'id\ttitle\tlink\tprice\tavailability\tbrand\tgtin\tcondition',
    ...rows.map((row) => row.join('\t')),
  ].join('\n');
  const repository = new CatalogRepository(db);
  const retailer = await repository.ensureRetailer({
    key: business.domain,
    displayName: business.name,
    hosts: [business.domain],
    affiliateParam: null,
  });
  await importFeed({
    db,
    repository,
    retailer,
    input: Readable.from([feed]),
    format: 'tsv',
    source: 'demo-electronics-feed.tsv',
    isFullFeed: true,
    linkDomains: [business.domain],
  });
  const imported = await db
    .selectFrom('offers')
    .select(['id', 'product_id', 'url', 'title', 'price_minor'])
    .where('retailer_id', '=', retailer.id)
    .orderBy('retailer_product_id')
    .execute();
  return imported.map((row) => ({
    id: row.id,
    productId: row.product_id,
    url: row.url,
    title: row.title,
    priceMinor: Number(row.price_minor),
  }));
}

/** Past prices: most offers were dearer a few weeks ago, some drifted up and down since. */
async function addPriceChanges(
  db: Kysely<DatabaseSchema>,
  offers: ShopOffer[],
  now: Date,
  random: DemoRandom,
) {
  const points = offers.flatMap((offer) => {
    const history: { daysAgo: number; priceMinor: number }[] = [];
    let price = Math.round(offer.priceMinor * random.between(1.05, 1.2));
    for (let daysAgo = 120; daysAgo > 1; daysAgo -= random.int(9, 30)) {
      history.push({ daysAgo, priceMinor: price });
      price = Math.max(99, Math.round(price * random.between(0.93, 1.04)));
    }
    return history.map((point) => ({
      offerId: offer.id,
      observedAt: new Date(now.getTime() - point.daysAgo * DAY_MS),
      priceMinor: point.priceMinor,
      currency: 'USD',
      availability: 'in_stock' as const,
    }));
  });
  await new CatalogRepository(db).insertPriceHistory(points);
}

/**
 * Three weeks of shoppers ipick sent to the shop: each clicks an offer (the referral call and
 * ipick's redirect, one referral id), lands on the shop (a page view), and some add to cart
 * and buy; a few come back through a second click days later before buying, and one order is
 * refunded. The demo shopper is one of them.
 */
async function addShopperActivity(
  db: Kysely<DatabaseSchema>,
  business: BusinessRecord,
  offers: ShopOffer[],
  shopperUserId: string,
  now: Date,
  random: DemoRandom,
) {
  const referrals: Insertable<MerchantReferralsTable>[] = [];
  const clicks: Insertable<ClicksTable>[] = [];
  const events: Insertable<TrackingEventsTable>[] = [];
  const sales: Insertable<ConversionsTable>[] = [];
  let order = 5001;

  const visit = (
    at: number,
    offer: ShopOffer,
    shopper: { sessionId: string; visitorId: string; userId: string | null },
    then: 'leave' | 'cart' | 'buy',
  ) => {
    const referralId = clickId(at);
    const landing = `${offer.url}?ipick_ref=${referralId}&utm_source=ipick`;
    const common = {
      business_id: business.id,
      session_id: shopper.sessionId,
      user_id: shopper.userId,
      utm_source: 'ipick',
      utm_medium: 'price_comparison',
      utm_campaign: 'product_referral',
    };
    referrals.push({
      ...common,
      id: randomUUID(),
      referral_id: referralId,
      occurred_at: new Date(at),
      target_url: offer.url,
      source_url: '/new-search',
      product_name: offer.title,
      bot_reason: null,
    });
    clicks.push({
      ...common,
      id: clickId(at + 400),
      occurred_at: new Date(at + 400),
      target_url: landing,
      target_host: business.domain,
      retailer_id: null,
      offer_id: offer.id,
      product_id: offer.productId,
      utm_term: null,
      utm_content: null,
      page: '/new-search',
      referrer: null,
      device_type: BROWSER_USER_AGENT_FAMILY.device,
      browser: BROWSER_USER_AGENT_FAMILY.browser,
      os: BROWSER_USER_AGENT_FAMILY.os,
      country: 'US',
      is_bot: false,
      bot_reason: null,
      ip_truncated: null,
      identity_hash: null,
      referral_id: referralId,
    });
    const event = (offset: number, type: string, data: Record<string, unknown>) =>
      events.push({
        id: randomUUID(),
        business_id: business.id,
        event_type: type,
        event_data: JSON.stringify(data),
        occurred_at: new Date(at + offset),
        session_id: shopper.sessionId,
        user_id: null,
        url: landing,
        referral_id: referralId,
        click_id: null,
        visitor_id: shopper.visitorId,
      });
    event(2_000, 'page_view', { title: offer.title });
    if (then === 'leave') return;
    event(90_000, 'add_to_cart', { productName: offer.title, priceMinor: offer.priceMinor });
    if (then === 'cart') return;
    const orderId = `DE-${order++}`;
    event(300_000, 'purchase', { orderId, amountMinor: offer.priceMinor, currency: 'USD' });
    sales.push({
      id: randomUUID(),
      business_id: business.id,
      kind: 'sale',
      order_id: orderId,
      amount_minor: offer.priceMinor,
      currency: 'USD',
      click_id: null,
      referral_id: referralId,
      visitor_id: shopper.visitorId,
      session_id: shopper.sessionId,
      source: 'browser',
      occurred_at: new Date(at + 300_000),
      ipick_click_at: new Date(at + 400),
    });
  };

  for (let daysAgo = ACTIVITY_DAYS; daysAgo >= 0; daysAgo--) {
    const dayStart = now.getTime() - daysAgo * DAY_MS;
    const shoppers = random.int(2, MAX_SHOPPERS_PER_DAY);
    for (let index = 0; index < shoppers; index++) {
      // Today's visits are in the past hours only.
      const at = dayStart - random.int(daysAgo === 0 ? 1 : 2, daysAgo === 0 ? 5 : 20) * 3_600_000;
      const shopper = {
        sessionId: randomUUID(),
        visitorId: `v-${randomUUID()}`,
        userId: daysAgo === 9 && index === 0 ? shopperUserId : null,
      };
      const offer = random.pick(offers);
      const roll = random.next();
      if (roll < 0.15 && daysAgo >= 3) {
        // Compares again a few days later through another click, then buys: a journey of two.
        visit(at, offer, shopper, 'cart');
        visit(at + random.int(1, 3) * DAY_MS, offer, shopper, 'buy');
      } else {
        visit(at, offer, shopper, roll < 0.45 ? 'leave' : roll < 0.75 ? 'cart' : 'buy');
      }
    }
  }

  // One refund: a sale of last week came back in full three days later.
  const refundAt = (sale: Insertable<ConversionsTable>) => sale.occurred_at.getTime() + 3 * DAY_MS;
  const refunded = [...sales].reverse().find((sale) => refundAt(sale) < now.getTime() - DAY_MS);
  const conversions: Insertable<ConversionsTable>[] = [...sales];
  if (refunded) {
    conversions.push({
      ...refunded,
      id: randomUUID(),
      kind: 'refund',
      refund_id: 'R-1',
      occurred_at: new Date(refundAt(refunded)),
      ipick_click_at: null,
    });
  }
  const chunk = <T>(rows: T[], size = 500) =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
      rows.slice(i * size, (i + 1) * size),
    );
  for (const part of chunk(referrals))
    await db.insertInto('merchant_referrals').values(part).execute();
  for (const part of chunk(clicks)) await db.insertInto('clicks').values(part).execute();
  for (const part of chunk(events)) await db.insertInto('tracking_events').values(part).execute();
  for (const part of chunk(conversions)) await db.insertInto('conversions').values(part).execute();
}

/**
 * The demo shopper asked to hear when one of the shop's offers was under a price, and it was:
 * the alert shows as fired on their Alerts page (the email went out two days ago).
 */
async function addFiredPriceAlert(
  db: Kysely<DatabaseSchema>,
  offers: ShopOffer[],
  shopperUserId: string,
  now: Date,
  retailerName: string,
) {
  const offer = offers[0];
  if (!offer) return;
  const firedAt = new Date(now.getTime() - 2 * DAY_MS);
  await db
    .insertInto('price_alerts')
    .values({
      id: randomUUID(),
      user_id: shopperUserId,
      offer_id: offer.id,
      target_minor: Math.ceil((offer.priceMinor * 1.02) / 100) * 100,
      currency: 'USD',
      title: offer.title,
      retailer_name: retailerName,
      path: null,
      is_armed: false,
      fire_count: 1,
      last_fired_at: firedAt,
      last_fired_total_minor: offer.priceMinor,
      created_at: new Date(now.getTime() - 12 * DAY_MS),
      updated_at: firedAt,
    })
    .execute();
  // The price crossed the mark when the alert fired: the history shows the drop.
  await new CatalogRepository(db).insertPriceHistory([
    {
      offerId: offer.id,
      observedAt: new Date(firedAt.getTime() - 60_000),
      priceMinor: offer.priceMinor,
      currency: 'USD',
      availability: 'in_stock',
    },
  ]);
}
