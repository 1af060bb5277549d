import { randomUUID } from 'node:crypto';
import type { AdminBusinessFiguresResponse, DashboardSummary } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { identityClient, identityKeys } from '../../../test/identity-client.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { AccountsSetup } from '../auth/accounts-setup.ts';
import { AuthRepository } from '../auth/auth-repository.ts';
import { buildClick, buildConversion } from '../business/dashboard-test-kit.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { ensureKnownRetailers } from '../catalog/known-retailers.ts';
import { createIdentity } from '../identity/identity.ts';
import { ADMIN_ENDPOINTS, ADMIN_PREFIX } from './routes.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let setup: AccountsSetup;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await ensureKnownRetailers(new CatalogRepository(testDb.database.db));
  app = await buildTestApp(testDb);
  const identity = createIdentity({
    db: testDb.database.db,
    publicUrl: 'http://localhost:3000',
    sendMail: () => Promise.resolve(),
    onBackgroundError: () => {},
  });
  setup = new AccountsSetup(identity, new AuthRepository(testDb.database.db));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const db = () => testDb.database.db;
const password = 'a good long password';
let counter = 0;
const newEmail = (who = 'person') => `${who}${++counter}-${Date.now()}@example.com`;

type Browser = ReturnType<typeof browserSession>;

async function signedInShopper(): Promise<{ browser: Browser; email: string; id: string }> {
  const browser = browserSession(app);
  const email = newEmail('shopper');
  const response = await browser.post('/api/auth/register', { email, password });
  expect(response.statusCode).toBe(200);
  return { browser, email, id: response.json<{ user: { id: string } }>().user.id };
}

async function signedInAdmin(): Promise<{ browser: Browser; email: string; id: string }> {
  const email = newEmail('admin');
  const { user } = await setup.ensureAdmin(email, password);
  const browser = browserSession(app);
  expect((await browser.post('/api/admin/auth/login', { email, password })).statusCode).toBe(200);
  return { browser, email, id: user.id };
}

async function registeredMerchant(): Promise<{ browser: Browser; businessId: string }> {
  const browser = browserSession(app);
  const stamp = `${Date.now()}${++counter}`;
  const response = await browser.post('/api/business/auth/register', {
    name: `Kettle World ${stamp}`,
    domain: `kettles${stamp}.example.com`,
    email: `merchant${stamp}@example.com`,
    password,
  });
  expect(response.statusCode).toBe(200);
  return { browser, businessId: response.json<{ business: { id: string } }>().business.id };
}

/** An endpoint's path with its parameters filled in. */
function pathOf(url: string): string {
  return `${ADMIN_PREFIX}${url.replace(':id', randomUUID()).replace(':key', 'amazon')}`;
}

function call(browser: Browser, method: string, path: string) {
  if (method === 'GET') return browser.get(path);
  if (method === 'POST') return browser.post(path, {});
  if (method === 'PATCH') return browser.patch(path, { affiliateId: 'x' });
  return browser.delete(path);
}

function auditRows(targetId: string) {
  return db().selectFrom('admin_audit_log').selectAll().where('target_id', '=', targetId).execute();
}

/** Every method and path the app answers, read from Fastify's route tree. */
function registeredRoutes(): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│├└─]*?)([├└]── )(.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1]!.length + match[2]!.length) / 4 - 1;
    stack.length = depth;
    stack[depth] = match[3]!;
    const path = stack.join('');
    for (const method of match[4]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('the admin guard', () => {
  it('knows every route under /api/admin: ADMIN_ENDPOINTS lists them all', () => {
    const listed = ADMIN_ENDPOINTS.map(
      (endpoint) => `${endpoint.method} ${ADMIN_PREFIX}${endpoint.url}`,
    );
    const underPrefix = registeredRoutes().filter(
      (route) =>
        route.split(' ')[1]!.startsWith(`${ADMIN_PREFIX}/`) &&
        !route.startsWith('HEAD ') &&
        // The admin sign-in is the one route that must work signed out.
        route !== `POST ${ADMIN_PREFIX}/auth/login`,
    );
    expect(underPrefix.sort()).toEqual([...listed].sort());
  });

  it.each(ADMIN_ENDPOINTS.map((endpoint) => [endpoint.method, endpoint.url]))(
    '%s %s: 401 signed out, 403 for a shopper',
    async (method, url) => {
      const path = pathOf(url);
      const signedOut = await call(browserSession(app), method, path);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({
        error: 'Sign in as an admin first.',
        code: 'unauthorized',
      });
      const { browser } = await signedInShopper();
      const shopper = await call(browser, method, path);
      expect(shopper.statusCode).toBe(403);
      expect(shopper.json()).toMatchObject({ code: 'forbidden' });
    },
  );

  it('refuses cross-site writes from an admin', async () => {
    const { browser, id } = await signedInAdmin();
    const response = await browser.post(
      `${ADMIN_PREFIX}/users/${id}/admin`,
      {},
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/admin/overview', () => {
  it('counts shoppers, merchants, comparisons, human clicks and conversions per day', async () => {
    const { browser } = await signedInAdmin();
    const before = (await browser.get(`${ADMIN_PREFIX}/overview?days=7`)).json<{
      totals: Record<string, number>;
      periodTotals: Record<string, number>;
    }>();
    await signedInShopper();
    const { businessId } = await registeredMerchant();
    await db()
      .insertInto('compare_requests')
      .values({ id: randomUUID(), url: 'https://www.amazon.com/dp/B000', result: '{}' })
      .execute();
    const click = (isBot: boolean) => ({
      id: randomUUID(),
      target_url: 'https://www.amazon.com/dp/B000',
      target_host: 'amazon.com',
      retailer_id: null,
      offer_id: null,
      product_id: null,
      business_id: businessId,
      session_id: null,
      user_id: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      page: null,
      referrer: null,
      device_type: null,
      browser: null,
      os: null,
      country: null,
      is_bot: isBot,
      bot_reason: isBot ? 'user_agent' : null,
      ip_truncated: null,
      identity_hash: null,
      referral_id: `aff_${randomUUID()}`,
    });
    await db()
      .insertInto('clicks')
      .values([click(false), click(true)])
      .execute();
    await db()
      .insertInto('conversions')
      .values({
        id: randomUUID(),
        business_id: businessId,
        kind: 'sale',
        order_id: `o-${randomUUID()}`,
        amount_minor: 2599,
        currency: 'USD',
        source: 'server',
        occurred_at: new Date(),
        click_id: null,
        referral_id: null,
        visitor_id: null,
        session_id: null,
      })
      .execute();

    const response = await browser.get(`${ADMIN_PREFIX}/overview?days=7`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      days: number;
      totals: Record<string, number>;
      periodTotals: Record<string, number>;
      series: { day: string; shoppers: number }[];
    }>();
    expect(body.days).toBe(7);
    expect(body.series).toHaveLength(7);
    expect(body.series.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    // One shopper (the merchant's account is a merchant), one business, one comparison, the
    // human click only, one sale.
    const grew = (figures: Record<string, number>, earlier: Record<string, number>) =>
      Object.fromEntries(Object.keys(figures).map((key) => [key, figures[key]! - earlier[key]!]));
    const expected = { shoppers: 1, merchants: 1, comparisons: 1, clicks: 1, conversions: 1 };
    expect(grew(body.totals, before.totals)).toEqual(expected);
    expect(grew(body.periodTotals, before.periodTotals)).toEqual(expected);
    const seriesSum = body.series.reduce((sum, day) => sum + day.shoppers, 0);
    expect(seriesSum).toBe(body.periodTotals.shoppers);
  });

  it('refuses a bad number of days, naming the parameter', async () => {
    const { browser } = await signedInAdmin();
    for (const days of ['0', '366', 'abc']) {
      const response = await browser.get(`${ADMIN_PREFIX}/overview?days=${days}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request' });
      expect(response.json<{ error: string }>().error).toMatch(/^query\.days: /);
    }
  });
});

describe('users', () => {
  it('searches by email and name, with the admin and disabled flags', async () => {
    const { browser } = await signedInAdmin();
    const shopper = await signedInShopper();
    const response = await browser.get(
      `${ADMIN_PREFIX}/users?query=${encodeURIComponent(shopper.email.toUpperCase())}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total: 1,
      page: 1,
      items: [
        {
          id: shopper.id,
          email: shopper.email,
          isAdmin: false,
          isDisabled: false,
          isMerchant: false,
        },
      ],
    });
    const admins = await browser.get(`${ADMIN_PREFIX}/users?query=ipick%20admin`);
    expect(admins.json<{ items: { isAdmin: boolean }[] }>().items.length).toBeGreaterThan(0);
    // `%` is a character to look for, not a wildcard.
    const none = await browser.get(`${ADMIN_PREFIX}/users?query=%25%25nobody`);
    expect(none.json()).toMatchObject({ total: 0, items: [] });
    const bad = await browser.get(`${ADMIN_PREFIX}/users?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('query.page: page starts at 1');
  });

  it('disables a user: sessions end, sign-in is refused, and enabling lets them back', async () => {
    const admin = await signedInAdmin();
    const shopper = await signedInShopper();
    expect((await shopper.browser.get('/api/auth/me')).json()).toMatchObject({
      user: { id: shopper.id },
    });

    const disabled = await admin.browser.post(`${ADMIN_PREFIX}/users/${shopper.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ user: { id: shopper.id, isDisabled: true } });
    expect((await shopper.browser.get('/api/auth/me')).json()).toEqual({ user: null });
    const sessions = await db()
      .selectFrom('identity_sessions')
      .select('id')
      .where('user_id', '=', shopper.id)
      .execute();
    expect(sessions).toEqual([]);

    const login = await browserSession(app).post('/api/auth/login', {
      email: shopper.email,
      password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json<{ error: string }>().error).toMatch(/disabled/);
    expect(login.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
    // Still no session left behind by the refused sign-in.
    expect(
      await db()
        .selectFrom('identity_sessions')
        .select('id')
        .where('user_id', '=', shopper.id)
        .execute(),
    ).toEqual([]);

    const again = await admin.browser.post(`${ADMIN_PREFIX}/users/${shopper.id}/disable`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This user is already disabled.', code: 'conflict' });

    const enabled = await admin.browser.post(`${ADMIN_PREFIX}/users/${shopper.id}/enable`);
    expect(enabled.json()).toMatchObject({ user: { isDisabled: false } });
    const back = await browserSession(app).post('/api/auth/login', {
      email: shopper.email,
      password,
    });
    expect(back.statusCode).toBe(200);

    const rows = await auditRows(shopper.id);
    expect(rows.map((row) => row.action).sort()).toEqual(['user.disable', 'user.enable']);
    expect(rows.find((row) => row.action === 'user.disable')).toMatchObject({
      admin_user_id: admin.id,
      target_type: 'user',
      details: { email: shopper.email, sessionsEnded: 1 },
    });
  });

  it('marks a disabled user "restricted by administrator" in the identity API until enabled', async () => {
    const admin = await signedInAdmin();
    const shopper = await signedInShopper();
    const api = identityClient(app, await identityKeys(db(), 'http://localhost:3000'));
    const signInThroughApi = async () => {
      const response = await api.call('POST', '/auth/password/sign-in', {
        body: { email: shopper.email, password },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ access_token: string }>().access_token;
    };
    const me = (accessToken: string) => api.call('GET', '/users/me', { accessToken });

    await admin.browser.post(`${ADMIN_PREFIX}/users/${shopper.id}/disable`);
    const restricted = await me(await signInThroughApi());
    expect(restricted.statusCode).toBe(403);
    expect(restricted.json()).toMatchObject({
      code: 'RESTRICTED_USER_NOT_ALLOWED',
      details: { restricted_reason: { type: 'restricted_by_administrator' } },
    });
    const shown = await api.call('GET', `/users/${shopper.id}`, { tier: 'server' });
    expect(shown.json()).toMatchObject({
      is_restricted: true,
      restricted_by_admin: true,
      restricted_by_admin_reason: 'Disabled by an ipick admin.',
    });

    await admin.browser.post(`${ADMIN_PREFIX}/users/${shopper.id}/enable`);
    const full = await me(await signInThroughApi());
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({
      id: shopper.id,
      is_restricted: false,
      restricted_by_admin: false,
      restricted_by_admin_reason: null,
    });
  });

  it('keeps a disabled admin out of the admin area', async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    await admin.browser.post(`${ADMIN_PREFIX}/users/${other.id}/disable`);
    expect((await other.browser.get(`${ADMIN_PREFIX}/me`)).statusCode).toBe(401);
    const login = await browserSession(app).post('/api/admin/auth/login', {
      email: other.email,
      password,
    });
    expect(login.statusCode).toBe(403);
  });

  it('grants and revokes admin access', async () => {
    const admin = await signedInAdmin();
    const shopper = await signedInShopper();
    const granted = await admin.browser.post(`${ADMIN_PREFIX}/users/${shopper.id}/admin`);
    expect(granted.json()).toMatchObject({ user: { isAdmin: true } });
    expect((await shopper.browser.get(`${ADMIN_PREFIX}/me`)).statusCode).toBe(200);
    expect((await admin.browser.post(`${ADMIN_PREFIX}/users/${shopper.id}/admin`)).statusCode).toBe(
      409,
    );
    const revoked = await admin.browser.delete(`${ADMIN_PREFIX}/users/${shopper.id}/admin`);
    expect(revoked.json()).toMatchObject({ user: { isAdmin: false } });
    expect((await shopper.browser.get(`${ADMIN_PREFIX}/me`)).statusCode).toBe(403);
    expect(revoked.statusCode).toBe(200);
    const notAdmin = await admin.browser.delete(`${ADMIN_PREFIX}/users/${shopper.id}/admin`);
    expect(notAdmin.json()).toEqual({ error: 'This user is not an admin.', code: 'conflict' });
    expect((await auditRows(shopper.id)).map((row) => row.action).sort()).toEqual([
      'user.grant_admin',
      'user.revoke_admin',
    ]);
  });

  it('does not let an admin lock themselves out', async () => {
    const admin = await signedInAdmin();
    const disable = await admin.browser.post(`${ADMIN_PREFIX}/users/${admin.id}/disable`);
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toEqual({
      error: 'You cannot disable your own account.',
      code: 'conflict',
    });
    const revoke = await admin.browser.delete(`${ADMIN_PREFIX}/users/${admin.id}/admin`);
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json<{ error: string }>().error).toMatch(/own admin access/);
    expect((await admin.browser.get(`${ADMIN_PREFIX}/me`)).statusCode).toBe(200);
    expect(await auditRows(admin.id)).toEqual([]);
  });

  it('answers 400 for a bad id and 404 for an unknown user', async () => {
    const { browser } = await signedInAdmin();
    const bad = await browser.post(`${ADMIN_PREFIX}/users/not-a-uuid/disable`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe(
      'params.id: the id in the address is not valid',
    );
    const unknown = await browser.post(`${ADMIN_PREFIX}/users/${randomUUID()}/enable`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'There is no user with that id.', code: 'not_found' });
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists sent mail newest first, without the bodies', async () => {
    const { browser } = await signedInAdmin();
    // A second older only: the file's other tests send mail too, and a mail a minute old could
    // fall off the newest-first page.
    const older = new Date(Date.now() - 1_000);
    await db()
      .insertInto('mail_outbox')
      .values([
        {
          to_address: 'older@example.com',
          subject: 'Older',
          text_body: 'secret link',
          status: 'sent',
          created_at: older,
          sent_at: older,
        },
        {
          to_address: 'newer@example.com',
          subject: 'Newer',
          text_body: 'secret link',
          status: 'failed',
          error: 'connection refused',
        },
      ])
      .execute();
    const response = await browser.get(`${ADMIN_PREFIX}/outbox`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ items: Record<string, unknown>[]; total: number }>();
    const subjects = body.items.map((item) => item.subject);
    expect(subjects.indexOf('Newer')).toBeLessThan(subjects.indexOf('Older'));
    expect(body.items.find((item) => item.subject === 'Newer')).toMatchObject({
      to: 'newer@example.com',
      status: 'failed',
      error: 'connection refused',
      sentAt: null,
    });
    expect(response.body).not.toContain('secret link');
    expect((await browser.get(`${ADMIN_PREFIX}/outbox?page=x`)).statusCode).toBe(400);
  });
});

describe('retailers', () => {
  it('lists the named retailers with their affiliate parameter and the placeholder marker', async () => {
    const { browser } = await signedInAdmin();
    const response = await browser.get(`${ADMIN_PREFIX}/retailers`);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: { key: string; name: string }[] }>();
    expect(items).toHaveLength(9);
    // In alphabetical order whatever the case: eBay among the E's, not after Walmart.
    const names = items.map((item) => item.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(items.find((item) => item.key === 'ebay')).toMatchObject({
      name: 'eBay',
      affiliateParam: 'partner',
      affiliateId: null,
      effectiveAffiliateId: 'ipick',
      isPlaceholder: true,
    });
  });

  it('validates the affiliate id', async () => {
    const { browser } = await signedInAdmin();
    const cases: [unknown, string][] = [
      [
        { affiliateId: 'has space' },
        'body.affiliateId: use only letters, digits, "-", "_" and "."',
      ],
      [
        { affiliateId: 'x'.repeat(101) },
        'body.affiliateId: the affiliate id is at most 100 characters',
      ],
      [{ affiliateId: 42 }, 'body.affiliateId: the affiliate id must be text'],
    ];
    for (const [body, error] of cases) {
      const response = await browser.patch(`${ADMIN_PREFIX}/retailers/walmart`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error, code: 'invalid_request' });
    }
    const unknown = await browser.patch(`${ADMIN_PREFIX}/retailers/nope`, { affiliateId: 'a' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toBe(
      'There is no retailer with the key "nope".',
    );
  });

  it('a new id is used by the very next outbound link (offer or pasted link); empty restores the placeholder', async () => {
    const { browser, id: adminId } = await signedInAdmin();
    const retailerId = (
      await db()
        .selectFrom('retailers')
        .select('id')
        .where('key', '=', 'amazon')
        .executeTakeFirstOrThrow()
    ).id;
    const offerId = randomUUID();
    await db()
      .insertInto('offers')
      .values({
        id: offerId,
        retailer_id: retailerId,
        retailer_product_id: offerId,
        url: 'https://www.amazon.com/dp/B0ADMIN001',
        title: 'Acme Kettle',
      })
      .execute();
    const follow = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/redirect?offer=${offerId}`,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
      });
      expect(response.statusCode).toBe(302);
      return new URL(response.headers.location as string).searchParams.get('tag');
    };

    expect(await follow()).toBe('ipick-20');
    const set = await browser.patch(`${ADMIN_PREFIX}/retailers/amazon`, {
      affiliateId: ' ipick-admin-21 ',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      retailer: { key: 'amazon', affiliateId: 'ipick-admin-21', isPlaceholder: false },
    });
    expect(await follow()).toBe('ipick-admin-21');
    expect(await app.referral.affiliateIds()).toMatchObject({ amazon: 'ipick-admin-21' });

    const reset = await browser.patch(`${ADMIN_PREFIX}/retailers/amazon`, { affiliateId: '' });
    expect(reset.json()).toMatchObject({
      retailer: { affiliateId: null, effectiveAffiliateId: 'ipick-20', isPlaceholder: true },
    });
    expect(await follow()).toBe('ipick-20');

    // A pasted retailer link (`?to=`) carries the id too, from the next click on.
    const followTo = async () => {
      const to = 'https://www.walmart.com/ip/12345?affiliate=someone-else';
      const response = await app.inject({
        method: 'GET',
        url: `/api/redirect?to=${encodeURIComponent(to)}`,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
      });
      expect(response.statusCode).toBe(302);
      return new URL(response.headers.location as string).searchParams.get('affiliate');
    };
    expect(await followTo()).toBe('ipick');
    await browser.patch(`${ADMIN_PREFIX}/retailers/walmart`, { affiliateId: 'wm.admin_7' });
    expect(await followTo()).toBe('wm.admin_7');
    await browser.patch(`${ADMIN_PREFIX}/retailers/walmart`, { affiliateId: null });
    expect(await followTo()).toBe('ipick');

    const rows = await auditRows('amazon');
    expect(rows.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { from: null, to: 'ipick-admin-21' },
        { from: 'ipick-admin-21', to: null },
      ]),
    );
    expect(rows.every((row) => row.admin_user_id === adminId)).toBe(true);
  });
});

describe('businesses', () => {
  it('approves, suspends with a reason and reactivates, refusing other transitions', async () => {
    const { browser } = await signedInAdmin();
    const merchant = await registeredMerchant();
    const base = `${ADMIN_PREFIX}/businesses/${merchant.businessId}`;
    const me = async () =>
      (await merchant.browser.get('/api/business/auth/me')).json<{
        business: { status: string; suspensionReason?: string | null };
      }>().business;
    expect(await me()).toMatchObject({ status: 'pending' });

    const reactivatePending = await browser.post(`${base}/reactivate`);
    expect(reactivatePending.statusCode).toBe(409);
    expect(reactivatePending.json<{ error: string }>().error).toBe(
      'This business is still pending; approve it instead of reactivating it.',
    );

    expect((await browser.post(`${base}/approve`)).json()).toMatchObject({
      business: { status: 'active', suspensionReason: null },
    });
    const approveAgain = await browser.post(`${base}/approve`);
    expect(approveAgain.statusCode).toBe(409);
    expect(approveAgain.json<{ error: string }>().error).toMatch(/already active/);

    const tooLong = await browser.post(`${base}/suspend`, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ error: string }>().error).toBe(
      'body.reason: the reason is at most 500 characters',
    );

    const suspended = await browser.post(`${base}/suspend`, { reason: 'Fake reviews on the shop' });
    expect(suspended.json()).toMatchObject({
      business: { status: 'suspended', suspensionReason: 'Fake reviews on the shop' },
    });
    // The merchant sees it at once, with the reason.
    expect(await me()).toMatchObject({
      status: 'suspended',
      suspensionReason: 'Fake reviews on the shop',
    });
    expect((await browser.post(`${base}/suspend`)).statusCode).toBe(409);

    const reactivated = await browser.post(`${base}/reactivate`);
    expect(reactivated.json()).toMatchObject({
      business: { status: 'active', suspensionReason: null, suspendedAt: null },
    });
    expect(await me()).toMatchObject({ status: 'active', suspensionReason: null });

    // The merchant was told each time, by email (kept in the outbox without SMTP).
    const business = await db()
      .selectFrom('businesses')
      .selectAll()
      .where('id', '=', merchant.businessId)
      .executeTakeFirstOrThrow();
    const mails = () =>
      db()
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', business.contact_email)
        .where('subject', 'like', 'Your ipick business account%')
        .execute();
    await vi.waitFor(async () => expect(await mails()).toHaveLength(3));
    const sent = await mails();
    expect(sent.map((mail) => mail.subject).sort()).toEqual([
      'Your ipick business account is active again',
      'Your ipick business account is approved',
      'Your ipick business account is suspended',
    ]);
    const suspension = sent.find((mail) => mail.subject.endsWith('suspended'))!;
    expect(suspension.text_body).toContain('Reason: Fake reviews on the shop');
    expect(suspension.text_body).toContain('http://localhost:3000/business/dashboard');

    const audit = await browser.get(
      `${ADMIN_PREFIX}/audit?targetType=business&targetId=${merchant.businessId}`,
    );
    expect(audit.statusCode).toBe(200);
    const entries = audit.json<{ items: { action: string; details: object }[]; total: number }>();
    expect(entries.total).toBe(3);
    expect(entries.items.map((entry) => entry.action)).toEqual([
      'business.reactivate',
      'business.suspend',
      'business.approve',
    ]);
    expect(entries.items[1]!.details).toMatchObject({
      from: 'active',
      to: 'suspended',
      reason: 'Fake reviews on the shop',
    });
  });

  it('lists with a status filter and a search, with counts per status', async () => {
    const { browser } = await signedInAdmin();
    const merchant = await registeredMerchant();
    const business = await db()
      .selectFrom('businesses')
      .selectAll()
      .where('id', '=', merchant.businessId)
      .executeTakeFirstOrThrow();
    const pending = await browser.get(
      `${ADMIN_PREFIX}/businesses?status=pending&query=${business.domain}`,
    );
    expect(pending.json()).toMatchObject({
      total: 1,
      items: [{ id: business.id, status: 'pending', contactEmail: business.contact_email }],
    });
    expect(pending.json<{ counts: { pending: number } }>().counts.pending).toBeGreaterThan(0);
    const active = await browser.get(
      `${ADMIN_PREFIX}/businesses?status=active&query=${business.domain}`,
    );
    expect(active.json()).toMatchObject({ total: 0, items: [] });
    const everything = await browser.get(`${ADMIN_PREFIX}/businesses?status=`);
    expect(everything.statusCode).toBe(200);
    const bad = await browser.get(`${ADMIN_PREFIX}/businesses?status=closed`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe(
      'query.status: status must be pending, active or suspended',
    );
  });

  it("shows a business's figures for the last 30 days, counting conversions as its dashboard does", async () => {
    const { browser } = await signedInAdmin();
    const merchant = await registeredMerchant();
    const { businessId } = merchant;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await db()
      .insertInto('business_settings')
      .values({
        business_id: businessId,
        attribution_window_days: 7,
        attribution_model: 'last_click',
      })
      .execute();
    const referral = { referralId: `aff_admin_${randomUUID()}` };
    const old = { referralId: `aff_admin_old_${randomUUID()}` };
    await buildClick(db(), businessId, { at: daysAgo(2), ...referral });
    await buildClick(db(), businessId, { at: daysAgo(20), ...old });
    const sale = (amountMinor: number, quoting: { referralId: string } | null, at = daysAgo(1)) =>
      buildConversion(db(), businessId, {
        at,
        amountMinor,
        currency: 'EUR',
        orderId: `o-${randomUUID()}`,
        ...quoting,
      });
    const refund = (orderId: string, amountMinor: number) =>
      buildConversion(db(), businessId, {
        at: daysAgo(1),
        kind: 'refund',
        amountMinor,
        currency: 'EUR',
        orderId,
      });
    const orderOf = async (id: string) =>
      (
        await db()
          .selectFrom('conversions')
          .select('order_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).order_id;

    await sale(5000, referral);
    await refund(await orderOf(await sale(1000, referral)), 300);
    // Refunded in full: no conversion.
    await refund(await orderOf(await sale(2000, referral)), 2000);
    await buildConversion(db(), businessId, {
      at: daysAgo(1),
      kind: 'lead',
      currency: null,
      ...referral,
    });
    // Reported by the shop but not ipick's: no ipick id, or a click before the 7-day window.
    await sale(8000, null);
    await sale(4000, old);
    // Before the 30 days.
    await sale(99_999, referral, daysAgo(45));
    // The last minute of the day before the 30 days, as the merchant's "last 30 days" (whole
    // UTC days to today) leaves it out: neither the click nor its sale counts.
    const startOfToday = new Date(new Date().toISOString().slice(0, 10));
    const dayBefore = (minute: number) =>
      new Date(startOfToday.getTime() - 29 * 86_400_000 - minute * 60_000);
    const late = { referralId: `aff_admin_late_${randomUUID()}` };
    await buildClick(db(), businessId, { at: dayBefore(2), ...late });
    await sale(7777, late, dayBefore(1));

    const response = await browser.get(`${ADMIN_PREFIX}/businesses/${businessId}/figures`);
    expect(response.statusCode).toBe(200);
    const { figures } = response.json<AdminBusinessFiguresResponse>();
    expect(figures).toEqual({
      days: 30,
      clicks: 2,
      uniqueShoppers: 2,
      conversions: 3,
      reportedConversions: 6,
      revenue: [{ currency: 'EUR', amountMinor: 5700 }],
    });

    // The merchant's own Home shows the same conversions and revenue.
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const summary = (
      await merchant.browser.get(
        `/api/business/dashboard/summary?from=${day(daysAgo(29))}&to=${day(new Date())}`,
      )
    ).json<DashboardSummary>();
    expect(summary.conversions.current).toBe(figures.conversions);
    expect(summary.revenue.map(({ currency, current }) => ({ currency, current }))).toEqual(
      figures.revenue.map(({ currency, amountMinor }) => ({ currency, current: amountMinor })),
    );

    expect(
      (await browser.get(`${ADMIN_PREFIX}/businesses/${randomUUID()}/figures`)).statusCode,
    ).toBe(404);
  });

  it('answers 404 for an unknown business', async () => {
    const { browser } = await signedInAdmin();
    const response = await browser.post(`${ADMIN_PREFIX}/businesses/${randomUUID()}/approve`);
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists entries newest first with the admin, and refuses an unknown target type', async () => {
    const admin = await signedInAdmin();
    const shopper = await signedInShopper();
    await admin.browser.post(`${ADMIN_PREFIX}/users/${shopper.id}/admin`);
    const response = await admin.browser.get(
      `${ADMIN_PREFIX}/audit?targetType=user&targetId=${shopper.id}`,
    );
    expect(response.json()).toMatchObject({
      total: 1,
      items: [
        {
          action: 'user.grant_admin',
          adminUserId: admin.id,
          adminEmail: admin.email,
          targetType: 'user',
          targetId: shopper.id,
        },
      ],
    });
    const all = await admin.browser.get(`${ADMIN_PREFIX}/audit`);
    expect(all.json<{ total: number }>().total).toBeGreaterThan(0);
    const bad = await admin.browser.get(`${ADMIN_PREFIX}/audit?targetType=planet`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe(
      'query.targetType: targetType must be user, business or retailer',
    );
  });
});

describe('the identity admin tier behind /api/admin/identity', () => {
  it("reads and changes ipick's identity project for a signed-in admin, and nothing else", async () => {
    const { browser } = await signedInAdmin();
    const project = await browser.get(`${ADMIN_PREFIX}/identity/internal/projects/current`);
    expect(project.statusCode, project.body).toBe(200);
    expect(project.json()).toMatchObject({ display_name: 'ipick', is_production_mode: false });

    const refused = await browser.patch(`${ADMIN_PREFIX}/identity/internal/projects/current`, {
      is_production_mode: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-stack-known-error']).toBe('SCHEMA_ERROR');
    expect(
      refused.json<{ details: { production_mode_errors: unknown[] } }>().details,
    ).toMatchObject({ production_mode_errors: expect.arrayContaining([]) as unknown[] });

    const other = await browser.get(`${ADMIN_PREFIX}/identity/users`);
    expect(other.statusCode).toBe(404);
  });
});

describe('email and webhooks through /api/admin/identity', () => {
  it('previews a template and manages webhook endpoints with the portal token kept server-side', async () => {
    const { browser } = await signedInAdmin();
    const base = `${ADMIN_PREFIX}/identity`;
    const rendered = await browser.post(`${base}/emails/render-email`, {
      template_tsx_source:
        'export const EmailTemplate = () => <div>Hello from the preview</div>;\nexport const variablesSchema = (v) => v;',
      theme_id: false,
    });
    expect(rendered.statusCode, rendered.body).toBe(200);
    expect(rendered.json<{ html: string }>().html).toContain('Hello from the preview');

    const created = await browser.post(`${base}/webhooks/portal/endpoints`, {
      url: 'https://hooks.example/identity',
      description: 'ops',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const listed = await browser.get(`${base}/webhooks/portal/endpoints`);
    expect(listed.json<{ items: { url: string }[] }>().items.map((e) => e.url)).toContain(
      'https://hooks.example/identity',
    );
    const badUrl = await browser.post(`${base}/webhooks/portal/endpoints`, { url: 'ftp://x' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.body).toContain('must be an http(s) URL');
    expect((await browser.delete(`${base}/webhooks/portal/endpoints/${id}`)).statusCode).toBe(200);
    const after = await browser.get(`${base}/webhooks/portal/endpoints`);
    expect(after.json<{ items: { id: string }[] }>().items.map((e) => e.id)).not.toContain(id);
    expect((await browser.get(`${base}/webhooks/portal/messages`)).statusCode).toBe(200);
  });
});
