import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { ensureKnownRetailers } from '../catalog/known-retailers.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let retailerIds: Map<string, string>;

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  testDb = await createTestDatabase();
  const retailers = await ensureKnownRetailers(new CatalogRepository(testDb.database.db));
  retailerIds = new Map([...retailers].map(([key, record]) => [key, record.id]));
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const db = () => testDb.database.db;

function redirect(query: Record<string, string>, options: Partial<InjectOptions> = {}) {
  const { headers, ...rest } = options;
  return app.inject({
    method: 'GET',
    url: `/api/redirect?${new URLSearchParams(query).toString()}`,
    headers: { 'user-agent': chromeOnWindows, ...headers },
    ...rest,
  } as InjectOptions);
}

async function clickCount(): Promise<number> {
  const row = await db()
    .selectFrom('clicks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The click of a session id made unique by the test. */
function clickOf(sessionId: string) {
  return db().selectFrom('clicks').selectAll().where('session_id', '=', sessionId).execute();
}

async function buildBusiness(overrides: { domain: string; status?: 'pending' | 'active' }) {
  const id = randomUUID();
  await db()
    .insertInto('businesses')
    .values({
      id,
      name: `Shop ${overrides.domain}`,
      domain: overrides.domain,
      contact_email: `owner@${overrides.domain}`,
      status: overrides.status ?? 'active',
    })
    .execute();
  return id;
}

async function buildOffer(overrides: { retailerKey: string; url: string; title: string }) {
  const productId = randomUUID();
  const offerId = randomUUID();
  await db().insertInto('products').values({ id: productId, title: overrides.title }).execute();
  await db()
    .insertInto('offers')
    .values({
      id: offerId,
      retailer_id: retailerIds.get(overrides.retailerKey)!,
      retailer_product_id: offerId,
      product_id: productId,
      url: overrides.url,
      title: `${overrides.title} (listing)`,
    })
    .execute();
  return { offerId, productId };
}

describe('GET /api/redirect: bad input', () => {
  const longTarget = `https://www.amazon.com/dp/B08P2HBBLX?q=${'a'.repeat(2048)}`;
  const cases: [string, Record<string, string>, RegExp][] = [
    ['missing', {}, /^to: add the address to go to$/],
    ['empty', { to: '' }, /^to: add the address to go to$/],
    ['malformed', { to: 'not a link' }, /^to: this is not a full web address/],
    ['relative', { to: '//evil.example/path' }, /^to: this is not a full web address/],
    ['javascript:', { to: 'javascript:alert(1)' }, /^to: only http and https .* not javascript:$/],
    ['data:', { to: 'data:text/html,<script>alert(1)</script>' }, /not data:$/],
    ['ftp:', { to: 'ftp://files.example.com/a' }, /not ftp:$/],
    ['user info', { to: 'https://www.amazon.com@evil.example/' }, /user name or password/],
    ['control characters', { to: 'https://www.amazon.com/\u0001x' }, /control characters/],
    ['NUL', { to: 'https://www.amazon.com/\u0000x' }, /NUL character/],
    ['over-long', { to: longTarget }, /^to: the address is longer than 2048 characters$/],
    ['bad offer id', { offer: 'nope' }, /^offer: this is not an offer id$/],
    [
      'bad sig',
      { to: 'https://unknown.example/', sig: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      /^sig: the signature does not match this link$/,
    ],
    ['malformed sig', { to: 'https://unknown.example/', sig: 'no good!' }, /^sig: /],
  ];

  it.each(cases)('refuses %s with 400, a clear message and no click', async (_, query, message) => {
    const before = await clickCount();
    const response = await redirect(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request' });
    expect(response.json<{ error: string }>().error).toMatch(message);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(await clickCount()).toBe(before);
  });

  it.each([
    ['to=https://example.com&to=https://b.com', /^to: give one address, not 2$/],
    ['to=https://a.example/&to=&to=https://b.example/', /^to: give one address, not 3$/],
    [`offer=${randomUUID()}&offer=${randomUUID()}`, /^offer: give one offer id, not 2$/],
    ['to=https://unknown.example/&sig=a&sig=b', /^sig: give one signature, not 2$/],
    [
      'to=https://unknown.example/&utm_source=a&utm_source=b',
      /^utm_source: give one value, not 2$/,
    ],
    ['to=https://unknown.example/&from=/a&from=/b', /^from: give one path, not 2$/],
  ])(
    'refuses a repeated parameter (%s) with 400 saying so, and no click',
    async (query, message) => {
      const before = await clickCount();
      const response = await app.inject({
        method: 'GET',
        url: `/api/redirect?${query}`,
        headers: { 'user-agent': chromeOnWindows },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request' });
      expect(response.json<{ error: string }>().error).toMatch(message);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(await clickCount()).toBe(before);
    },
  );

  it.each([
    // [case, query, status, message shown, where "Back to ipick" goes]
    [
      'a link that lost its address',
      { from: '/new-search/a/b' },
      400,
      /^to: add the/,
      '/new-search/a/b',
    ],
    ['an address that is not one', { to: 'not a link' }, 400, /not a full web address/, '/'],
    [
      'an offer that is gone',
      { offer: randomUUID(), from: '//evil.example' },
      404,
      /^offer: /,
      '/',
    ],
  ] as const)(
    'shows a browser following %s a page saying what is wrong, with the way back',
    async (_, query, status, message, back) => {
      const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
      const before = await clickCount();
      const response = await redirect(query, { headers: { accept: browserAccept } });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'; /);
      expect(response.headers['cache-control']).toBe('no-store');
      const page = response.body;
      expect(page).toContain('<h1>This link does not work</h1>');
      const shown = /ipick cannot follow this link: (.*)\.<\/p>/.exec(page)?.[1];
      expect(shown).toMatch(message);
      expect(page).toContain(`<a class="continue" href="${back}">Back to ipick</a>`);
      expect(await clickCount()).toBe(before);

      // An API client (fetch, curl) still gets the JSON error.
      const json = await redirect(query, { headers: { accept: '*/*' } });
      expect(json.statusCode).toBe(status);
      expect(json.json<{ error: string }>().error).toMatch(message);
    },
  );

  it('ignores a repeated parameter that is not one of its own', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/redirect?to=https://unknown.example/&other=1&other=2',
      headers: { 'user-agent': chromeOnWindows },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for an unknown offer without `to`, recording nothing', async () => {
    const before = await clickCount();
    const response = await redirect({ offer: randomUUID() });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toMatch(/^offer: /);
    expect(await clickCount()).toBe(before);
  });
});

describe('GET /api/redirect: known retailers', () => {
  it('sends the visitor on with a 302 and records the click in full', async () => {
    const sessionId = `s-${randomUUID()}`;
    const target =
      'https://www.amazon.com/dp/B08P2HBBLX?tag=ipick-20&ref=ipick&utm_source=ipick&utm_medium=price_comparison&utm_campaign=product_referral';
    const response = await redirect(
      {
        to: target,
        session_id: sessionId,
        utm_source: 'newsletter',
        utm_term: 'kettle',
        from: '/new-search/abc/kettle',
      },
      {
        remoteAddress: '203.0.113.57',
        headers: {
          'user-agent': chromeOnWindows,
          referer: 'http://localhost:3000/new-search/abc/kettle',
          'cf-ipcountry': 'de',
        },
      },
    );
    expect(response.statusCode).toBe(302);
    // What the link lacked of the visit's values is added; what it carries stays.
    const completed = `${target}&utm_term=kettle&session_id=${sessionId}`;
    expect(response.headers.location).toBe(completed);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    const [click] = await clickOf(sessionId);
    expect(click).toMatchObject({
      target_url: completed,
      target_host: 'amazon.com',
      retailer_id: retailerIds.get('amazon'),
      offer_id: null,
      business_id: null,
      user_id: null,
      // The visit's own values win; the rest come from the outbound link.
      utm_source: 'newsletter',
      utm_medium: 'price_comparison',
      utm_campaign: 'product_referral',
      utm_term: 'kettle',
      utm_content: null,
      page: '/new-search/abc/kettle',
      referrer: 'http://localhost:3000/new-search/abc/kettle',
      device_type: 'desktop',
      browser: 'Chrome',
      os: 'Windows',
      country: 'DE',
      is_bot: false,
      bot_reason: null,
      ip_truncated: '203.0.113.0',
    });
    expect(click!.identity_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(click!.referral_id).toMatch(/^aff_amazoncom_\d{13}_[a-z0-9]{9}$/);
    expect(click!.occurred_at).toBeInstanceOf(Date);
  });

  it('answers the 302 with what a browser and a crawler rely on, and nothing for a page', async () => {
    const sessionId = `s-${randomUUID()}`;
    const target = `https://www.amazon.com/dp/B08P2HBBLX?tag=ipick-20&session_id=${sessionId}`;
    const response = await redirect(
      { to: target },
      { headers: { 'user-agent': chromeOnWindows, 'x-request-id': 'edge-42' } },
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^https:\/\/www\.amazon\.com\/dp\/B08P2HBBLX\?/);
    expect(response.headers['content-length']).toBe('0');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    // The proxy's request id, so the click's log lines can be found from the edge's.
    expect(response.headers['x-request-id']).toBe('edge-42');
    // A 302 has no page: no page policy, no encoding, no cookie.
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await clickOf(sessionId)).toHaveLength(1);
  });

  it("completes a link made elsewhere with ipick's tracking parameters (spec §9)", async () => {
    const response = await redirect({ to: 'https://www.amazon.com/dp/B08P2HBBLX?th=1' });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location!);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      th: '1',
      tag: 'ipick-20',
      ref: 'ipick',
      utm_source: 'ipick',
      utm_medium: 'price_comparison',
      utm_campaign: 'product_referral',
    });
  });

  it("sends a link shared by another affiliate on with ipick's id alone", async () => {
    const sessionId = `s-${randomUUID()}`;
    const shared =
      'https://www.ebay.de/itm/1234567890?mkcid=1&mkrid=707-53477-19255-0&campid=5338000000&customid=theirs&toolid=10001&mkevt=1';
    const response = await redirect({ to: shared, session_id: sessionId });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location!);
    expect(location.host).toBe('www.ebay.de');
    expect(location.searchParams.get('partner')).toBe('ipick');
    for (const name of ['campid', 'customid', 'mkcid', 'mkrid', 'mkevt', 'toolid']) {
      expect(location.searchParams.has(name)).toBe(false);
    }
    expect((await clickOf(sessionId))[0]).toMatchObject({
      target_url: location.href,
      retailer_id: retailerIds.get('ebay'),
    });
  });

  it('truncates IPv6 to /48 and hashes one visitor the same within the day', async () => {
    const first = `s-${randomUUID()}`;
    const second = `s-${randomUUID()}`;
    const other = `s-${randomUUID()}`;
    const address = '2001:db8:1234:5678::1';
    for (const sessionId of [first, second]) {
      const response = await redirect(
        { to: 'https://www.ebay.com/itm/1234567890', session_id: sessionId },
        { remoteAddress: address, headers: { 'user-agent': safariOnIphone } },
      );
      expect(response.statusCode).toBe(302);
    }
    await redirect(
      { to: 'https://www.ebay.com/itm/1234567890', session_id: other },
      { remoteAddress: address, headers: { 'user-agent': chromeOnWindows } },
    );
    const [a] = await clickOf(first);
    const [b] = await clickOf(second);
    const [c] = await clickOf(other);
    expect(a).toMatchObject({
      ip_truncated: '2001:db8:1234::',
      device_type: 'mobile',
      browser: 'Safari',
      os: 'iOS',
      retailer_id: retailerIds.get('ebay'),
    });
    expect(a!.identity_hash).toBe(b!.identity_hash);
    expect(c!.identity_hash).not.toBe(a!.identity_hash);
    const salts = await db().selectFrom('click_salts').select('salt').execute();
    expect(salts).toHaveLength(1);
  });

  it('reads the session and UTM values from the outbound link when the query has none', async () => {
    const sessionId = `s-${randomUUID()}`;
    const target = `https://www.walmart.com/ip/123?affiliate=ipick&utm_source=ipick&utm_campaign=spring&session_id=${sessionId}`;
    expect((await redirect({ to: target })).statusCode).toBe(302);
    const [click] = await clickOf(sessionId);
    expect(click).toMatchObject({
      retailer_id: retailerIds.get('walmart'),
      utm_source: 'ipick',
      utm_campaign: 'spring',
      utm_medium: 'price_comparison', // ipick's default, which the link lacked
    });
  });

  it("records the signed-in shopper's id", async () => {
    const browser = browserSession(app);
    const registered = await browser.post('/api/auth/register', {
      email: `clicker-${randomUUID()}@example.com`,
      password: 'a good long password',
    });
    const userId = registered.json<{ user: { id: string } }>().user.id;
    const sessionId = `s-${randomUUID()}`;
    const query = new URLSearchParams({
      to: 'https://www.target.com/p/-/A-1',
      session_id: sessionId,
    });
    const response = await browser.get(`/api/redirect?${query.toString()}`);
    expect(response.statusCode).toBe(302);
    expect((await clickOf(sessionId))[0]).toMatchObject({ user_id: userId });
  });
});

describe('GET /api/redirect: other destinations', () => {
  it('shows the "You are leaving ipick" page for an unknown host, and records the click', async () => {
    const sessionId = `s-${randomUUID()}`;
    const target = 'https://unknown-shop.example/p/kettle?a=1&b=<x>';
    const response = await redirect({ to: target, session_id: sessionId, from: '/browse' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toMatch(/noindex/);
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'; /);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const page = response.body;
    expect(page).toContain('You are leaving ipick');
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    const shown = 'https://unknown-shop.example/p/kettle?a=1&amp;b=%3Cx%3E';
    expect(page).toContain(`<p class="destination">${shown}</p>`);
    expect(page).toContain(`<a class="continue" href="${shown}"`);
    expect(page).toContain('<a href="/browse">Back to ipick</a>');
    expect(page).not.toContain('<x>');
    // A clear keyboard focus ring, in the inline styles the page's policy allows.
    expect(response.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect(page).toMatch(
      /<style>[^<]*a:focus-visible, button:focus-visible \{ outline: 3px solid #0d9488; outline-offset: 3px; \}/,
    );
    expect((await clickOf(sessionId))[0]).toMatchObject({
      target_host: 'unknown-shop.example',
      retailer_id: null,
      business_id: null,
      is_bot: false,
    });
  });

  it('escapes what it shows and never links back off-site', async () => {
    const response = await redirect({
      to: `https://quotes.example/"onmouseover="alert(1)`,
      from: '//evil.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('"onmouseover');
    expect(response.body).toContain('<a href="/">Back to ipick</a>');
  });

  it("sends visitors straight to an active merchant's domain, not a pending one's", async () => {
    const active = `shop-${randomUUID().slice(0, 8)}.example.com`;
    const pending = `shop-${randomUUID().slice(0, 8)}.example.com`;
    const businessId = await buildBusiness({ domain: active });
    await buildBusiness({ domain: pending, status: 'pending' });
    const sessionId = `s-${randomUUID()}`;
    const toActive = await redirect({ to: `https://www.${active}/p/1`, session_id: sessionId });
    expect(toActive.statusCode).toBe(302);
    expect((await clickOf(sessionId))[0]).toMatchObject({
      business_id: businessId,
      target_host: active,
    });
    const [activeClick] = await clickOf(sessionId);
    expect(activeClick!.referral_id).toMatch(
      new RegExp(`^aff_${active.replace(/[^a-z0-9]/g, '')}_`),
    );
    // The shop's snippet reads the referral from its landing address and quotes it with a
    // purchase: a link that skipped the referral-tracking call carries the click's own.
    const landing = new URL(toActive.headers.location as string);
    expect(landing.searchParams.get('ipick_ref')).toBe(activeClick!.referral_id);
    expect(activeClick!.target_url).toBe(landing.href);
    const toPending = await redirect({ to: `https://${pending}/p/1` });
    expect(toPending.statusCode).toBe(200);

    // A subdomain of the merchant's domain is the merchant's too, as on the results page.
    const subdomainSession = `s-${randomUUID()}`;
    const toSubdomain = await redirect({
      to: `https://checkout.${active}/p/2`,
      session_id: subdomainSession,
    });
    expect(toSubdomain.statusCode).toBe(302);
    expect((await clickOf(subdomainSession))[0]).toMatchObject({ business_id: businessId });
  });

  it("sends visitors straight to a merchant's verified extra domain, port included", async () => {
    const businessId = await buildBusiness({ domain: `shop-${randomUUID().slice(0, 8)}.test` });
    const extra = async (domain: string, isVerified: boolean) =>
      db()
        .insertInto('business_domains')
        .values({
          id: randomUUID(),
          business_id: businessId,
          domain,
          verification_token: 'token',
          verified_at: isVerified ? new Date() : null,
        })
        .execute();
    await extra('127.0.0.1:4310', true);
    await extra('127.0.0.1:4311', false);
    const sessionId = `s-${randomUUID()}`;
    const toVerified = await redirect({ to: 'http://127.0.0.1:4310/p/1', session_id: sessionId });
    expect(toVerified.statusCode).toBe(302);
    expect((await clickOf(sessionId))[0]).toMatchObject({ business_id: businessId });
    // The same address on a port the merchant has not proven is somebody else's.
    const toUnverified = await redirect({ to: 'http://127.0.0.1:4311/p/1' });
    expect(toUnverified.statusCode).toBe(200);
    expect(toUnverified.body).toContain('You are leaving ipick');
  });

  it("keeps the referral id of a merchant's landing address, so the click joins the referral call", async () => {
    const domain = `shop-${randomUUID().slice(0, 8)}.test`;
    await buildBusiness({ domain });
    const referralId = `aff_${domain.replace(/[^a-z0-9]/g, '')}_1767225600000_k3x9q2m7a`;
    const sessionId = `s-${randomUUID()}`;
    const toMerchant = await redirect({
      to: `https://${domain}/p/1?ipick_ref=${referralId}`,
      session_id: sessionId,
    });
    expect(toMerchant.statusCode).toBe(302);
    expect((await clickOf(sessionId))[0]!.referral_id).toBe(referralId);
    expect(new URL(toMerchant.headers.location as string).searchParams.getAll('ipick_ref')).toEqual(
      [referralId],
    );

    // Elsewhere, or when it is not a referral id, the click gets an id of its own; a merchant's
    // landing gets it in place of the bad one.
    const elsewhereSession = `s-${randomUUID()}`;
    await redirect({
      to: `https://unknown-${randomUUID().slice(0, 8)}.example/?ipick_ref=${referralId}`,
      session_id: elsewhereSession,
    });
    const [elsewhere] = await clickOf(elsewhereSession);
    expect(elsewhere!.referral_id).not.toBe(referralId);
    expect(elsewhere!.referral_id).toMatch(/^aff_/);

    const badIdSession = `s-${randomUUID()}`;
    const toBadId = await redirect({
      to: `https://${domain}/p/2?ipick_ref=not-a-referral-id`,
      session_id: badIdSession,
    });
    const [badId] = await clickOf(badIdSession);
    expect(badId!.referral_id).toMatch(/^aff_/);
    const landing = new URL(toBadId.headers.location as string);
    expect(landing.searchParams.getAll('ipick_ref')).toEqual([badId!.referral_id]);
  });

  it('follows a link ipick signed with a 302, and refuses it for another address', async () => {
    const target = 'https://elsewhere.example/deal?id=7';
    const signed = await app.referral.signRedirect(target);
    expect(signed).toMatch(
      /^\/api\/redirect\?to=https%3A%2F%2Felsewhere\.example%2Fdeal%3Fid%3D7&sig=/,
    );
    const response = await app.inject({ url: signed, headers: { 'user-agent': chromeOnWindows } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(target);

    const sig = new URL(signed, 'http://localhost').searchParams.get('sig')!;
    const before = await clickCount();
    const forged = await redirect({ to: 'https://evil.example/', sig });
    expect(forged.statusCode).toBe(400);
    expect(await clickCount()).toBe(before);
    // The secret is kept, so links signed before a restart still work.
    const stored = await db()
      .selectFrom('app_state')
      .select('key')
      .where('key', '=', 'referral.redirect_secret')
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('does not trust a host only because a pasted page made a retailer for it', async () => {
    const host = `pasted-${randomUUID().slice(0, 8)}.example`;
    const retailer = await new CatalogRepository(db()).ensureRetailer({
      key: host,
      displayName: host,
      hosts: [host],
      affiliateParam: null,
    });
    const sessionId = `s-${randomUUID()}`;
    const response = await redirect({ to: `https://${host}/p/1`, session_id: sessionId });
    expect(response.statusCode).toBe(200);
    expect((await clickOf(sessionId))[0]).toMatchObject({ retailer_id: retailer.id });
  });
});

describe('GET /api/redirect: bots, previews and prefetches', () => {
  const target =
    'https://www.bestbuy.com/site/6505727.p?affiliate=ipick&ref=ipick&utm_source=ipick&utm_medium=price_comparison&utm_campaign=product_referral';
  const cases: [string, Partial<InjectOptions>, string][] = [
    [
      'a crawler',
      { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } },
      'user_agent',
    ],
    [
      'Slack',
      { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } },
      'link_preview',
    ],
    ['WhatsApp', { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } }, 'link_preview'],
    ['a HEAD request', { method: 'HEAD' }, 'head_request'],
    [
      'a prefetch',
      { headers: { 'user-agent': chromeOnWindows, 'sec-purpose': 'prefetch' } },
      'prefetch',
    ],
    [
      'an old-style prefetch',
      { headers: { 'user-agent': chromeOnWindows, purpose: 'prefetch' } },
      'prefetch',
    ],
    ['no user agent', { headers: { 'user-agent': '' } }, 'no_user_agent'],
    [
      'a link hidden in an image on another site (cookie stuffing)',
      { headers: { 'user-agent': chromeOnWindows, 'sec-fetch-dest': 'image' } },
      'embedded',
    ],
  ];

  it.each(cases)('records %s as a bot and answers as usual', async (_, options, reason) => {
    const sessionId = `s-${randomUUID()}`;
    const response = await redirect({ to: target, session_id: sessionId }, options);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${target}&session_id=${sessionId}`);
    expect((await clickOf(sessionId))[0]).toMatchObject({ is_bot: true, bot_reason: reason });
  });

  it('records the same link followed again at once by the same browser as a repeat', async () => {
    const link = 'https://www.bestbuy.com/site/6505799.p';
    const sessions = [`s-${randomUUID()}`, `s-${randomUUID()}`];
    for (const sessionId of sessions) {
      const response = await redirect({ to: link, session_id: sessionId });
      expect(response.statusCode).toBe(302);
    }
    expect((await clickOf(sessions[0]!))[0]).toMatchObject({ is_bot: false, bot_reason: null });
    expect((await clickOf(sessions[1]!))[0]).toMatchObject({ is_bot: true, bot_reason: 'repeat' });
  });
});

describe('GET /api/redirect?offer=', () => {
  it('builds the outbound link from a catalog offer: affiliate id, ref, UTM, session', async () => {
    await db()
      .updateTable('retailers')
      .set({ affiliate_id: 'admin-set-20' })
      .where('key', '=', 'amazon')
      .execute();
    // Written behind the admin API's back, so the remembered ids are dropped as it would.
    app.referral.forgetAffiliateIds();
    const { offerId, productId } = await buildOffer({
      retailerKey: 'amazon',
      url: 'https://www.amazon.com/dp/B0OFFER001',
      title: 'Acme Kettle 1.7 l',
    });
    const sessionId = `s-${randomUUID()}`;
    const response = await redirect({
      offer: offerId,
      session_id: sessionId,
      utm_source: 'newsletter',
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('https://www.amazon.com/dp/B0OFFER001');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      tag: 'admin-set-20',
      ref: 'ipick',
      utm_source: 'newsletter',
      utm_medium: 'price_comparison',
      utm_campaign: 'product_referral',
      session_id: sessionId,
      // The offer's own title: the catalog product's may come from another shop's listing.
      product_name: 'Acme Kettle 1.7 l (listing)',
    });
    expect((await clickOf(sessionId))[0]).toMatchObject({
      offer_id: offerId,
      product_id: productId,
      retailer_id: retailerIds.get('amazon'),
      target_url: location.href,
      utm_source: 'newsletter',
      utm_medium: 'price_comparison',
    });
    expect(await app.referral.affiliateIds()).toMatchObject({
      amazon: 'admin-set-20',
      ebay: 'ipick',
    });
  });

  it('uses the placeholder id and adds the merchant domain for a merchant offer', async () => {
    const domain = `merchant-${randomUUID().slice(0, 8)}.example.com`;
    const businessId = await buildBusiness({ domain });
    const catalog = new CatalogRepository(db());
    const retailer = await catalog.ensureRetailer({
      key: domain,
      displayName: domain,
      hosts: [domain],
      affiliateParam: null,
    });
    retailerIds.set(domain, retailer.id);
    const { offerId } = await buildOffer({
      retailerKey: domain,
      url: `https://${domain}/products/lamp`,
      title: 'Desk Lamp',
    });
    const sessionId = `s-${randomUUID()}`;
    const response = await redirect({ offer: offerId, session_id: sessionId });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.searchParams.get('business_domain')).toBe(domain);
    expect(location.searchParams.get('utm_source')).toBe('ipick');
    const [click] = await clickOf(sessionId);
    expect(click).toMatchObject({ business_id: businessId, retailer_id: retailer.id });
    expect(location.searchParams.get('ipick_ref')).toBe(click!.referral_id);
  });

  it('goes to `to` when both are given and records the offer with the click', async () => {
    const { offerId } = await buildOffer({
      retailerKey: 'newegg',
      url: 'https://www.newegg.com/p/N82E1',
      title: 'Graphics Card',
    });
    const sessionId = `s-${randomUUID()}`;
    const to = `https://www.newegg.com/p/N82E1?affiliate=ipick&ref=ipick&utm_source=ipick&utm_medium=price_comparison&utm_campaign=product_referral&session_id=${sessionId}`;
    const response = await redirect({ to, offer: offerId, session_id: sessionId });
    expect(response.headers.location).toBe(to);
    expect((await clickOf(sessionId))[0]).toMatchObject({ offer_id: offerId });
  });
});

describe('the click ledger', () => {
  it('records a burst of 200 concurrent clicks with fewer INSERTs than clicks', async () => {
    const burst = `burst-${randomUUID()}`;
    const before = app.referral.ledgerStats;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        redirect({
          to: 'https://www.costco.com/p.product.1.html',
          session_id: `${burst}-${index}`,
        }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 302)).toBe(true);
    const rows = await db()
      .selectFrom('clicks')
      .select('session_id')
      .where('session_id', 'like', `${burst}-%`)
      .execute();
    expect(new Set(rows.map((row) => row.session_id)).size).toBe(200);
    const after = app.referral.ledgerStats;
    expect(after.rows - before.rows).toBe(200);
    expect(after.inserts - before.inserts).toBeLessThan(200);
    expect(after.inserts - before.inserts).toBeLessThanOrEqual(20);
  });
});
