import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAX_TEAM_INVITATIONS_PER_DAY } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import LinkifyIt from 'linkify-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import {
  buildMerchant,
  createKey,
  startFixtureShop,
  verifyShop,
  type FixtureShop,
  type Merchant,
} from '../tracking/tracking-test-kit.ts';

const rssFeed = readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/feeds/rss-feed.xml', import.meta.url)),
);

let testDb: TestDatabase;
let app: FastifyInstance;
let inbox: SmtpInbox;
let shop: FixtureShop;

beforeAll(async () => {
  testDb = await createTestDatabase();
  inbox = await startSmtpInbox();
  app = await buildTestApp(testDb, { smtpUrl: inbox.url, fetchAllowPrivate: true });
  shop = await startFixtureShop();
});
afterAll(async () => {
  await app?.close();
  await shop?.server.close();
  await inbox?.close();
  await testDb?.dispose();
});

let counter = 0;
function uniqueEmail(name: string): string {
  return `${name}${Date.now()}${++counter}@example.com`;
}

/**
 * A shopper account (no business) signed in on its own browser, its address confirmed through
 * the sign-up mail's link unless `verified` is false.
 */
async function buildShopper(email = uniqueEmail('colleague'), { verified = true } = {}) {
  const browser = browserSession(app);
  const response = await browser.post('/api/auth/register', {
    email,
    password: 'colleague password 1',
  });
  expect(response.statusCode, response.body).toBe(200);
  const confirmation = await inbox.waitForMail(email);
  if (verified) {
    const code = extractLink(confirmation.text, '/handler/email-verification').searchParams.get(
      'code',
    );
    const confirmed = await browser.post('/api/auth/verify-email', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return { browser, email };
}

interface Status {
  verifiedDomains: string[];
  hasPublishableKey: boolean;
  firstLiveEventAt: string | null;
  lastLiveEvent: { eventType: string; url: string | null } | null;
  lastTestEvent: { eventType: string } | null;
  latestFeedImport: { status: string } | null;
  steps: { domain: boolean; snippet: boolean; testEvent: boolean; feed: boolean };
}

describe('PATCH /api/business/profile', () => {
  it('needs a business session', async () => {
    const response = await browserSession(app).patch('/api/business/profile', { name: 'X' });
    expect(response.statusCode).toBe(401);
  });

  it('names what is wrong with a bad body', async () => {
    const merchant = await buildMerchant(app);
    const badEmail = await merchant.browser.patch('/api/business/profile', {
      contactEmail: 'not-an-email',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      code: 'invalid_request',
      error: expect.stringMatching(/body\.contactEmail: Enter a valid email address/) as unknown,
    });
    const emptyName = await merchant.browser.patch('/api/business/profile', { name: '  ' });
    expect(emptyName.json<{ error: string }>().error).toMatch(/body\.name: Enter your shop name/);
    const nothing = await merchant.browser.patch('/api/business/profile', {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<{ error: string }>().error).toMatch(/Send a name or a contactEmail/);
    const domain = await merchant.browser.patch('/api/business/profile', { domain: 'x.com' });
    expect(domain.statusCode).toBe(400);
  });

  it('changes the name and contact email, and /me shows them', async () => {
    const merchant = await buildMerchant(app);
    const response = await merchant.browser.patch('/api/business/profile', {
      name: '  Kettle Palace ',
      contactEmail: 'Orders@Kettles.Example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      business: { name: 'Kettle Palace', contactEmail: 'orders@kettles.example' },
    });
    const me = await merchant.browser.get('/api/business/auth/me');
    expect(me.json()).toMatchObject({
      business: { name: 'Kettle Palace', contactEmail: 'orders@kettles.example' },
    });
    const nameOnly = await merchant.browser.patch('/api/business/profile', { name: 'Kettles' });
    expect(nameOnly.json()).toMatchObject({
      business: { name: 'Kettles', contactEmail: 'orders@kettles.example' },
    });
  });
});

describe('POST /api/business/test-event and GET /api/business/integration/status', () => {
  it('need a business session', async () => {
    const anonymous = browserSession(app);
    expect((await anonymous.post('/api/business/test-event')).statusCode).toBe(401);
    expect((await anonymous.get('/api/business/integration/status')).statusCode).toBe(401);
  });

  it('refuses a bad test-event body', async () => {
    const merchant = await buildMerchant(app);
    const badLabel = await merchant.browser.post('/api/business/test-event', { label: '<b>' });
    expect(badLabel.statusCode).toBe(400);
    expect(badLabel.json<{ error: string }>().error).toMatch(/body\.label: may only contain/);
    const unknown = await merchant.browser.post('/api/business/test-event', { eventType: 'x' });
    expect(unknown.statusCode).toBe(400);
  });

  it('follows the set-up from nothing to a verified domain, events and a feed', async () => {
    const merchant: Merchant = await buildMerchant(app);
    const status = async () => {
      const response = await merchant.browser.get('/api/business/integration/status');
      expect(response.statusCode).toBe(200);
      return response.json<Status>();
    };

    expect(await status()).toMatchObject({
      verifiedDomains: [],
      hasPublishableKey: false,
      firstLiveEventAt: null,
      lastLiveEvent: null,
      lastTestEvent: null,
      latestFeedImport: null,
      steps: { domain: false, snippet: false, testEvent: false, feed: false },
    });

    // A test event is recorded, flagged, and does not count as the shop's own traffic.
    const sent = await merchant.browser.post('/api/business/test-event', { label: 'wizard' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ event: { eventType: 'ipick_test' } });
    const events = await merchant.browser.get('/api/business/events');
    expect(events.json<{ events: unknown[] }>().events[0]).toMatchObject({
      eventType: 'ipick_test',
      eventData: { test: true, label: 'wizard' },
      url: `https://${merchant.domain}/`,
    });
    expect(await status()).toMatchObject({
      lastTestEvent: { eventType: 'ipick_test' },
      firstLiveEventAt: null,
      steps: { domain: false, snippet: false, testEvent: true },
    });

    // The shop is verified and its snippet sends a page view.
    await verifyShop(merchant, shop);
    const { key } = await createKey(merchant, 'publishable');
    const pageView = await app.inject({
      method: 'POST',
      url: '/api/track/event',
      headers: { origin: shop.origin, 'x-ipick-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({
        eventType: 'page_view',
        businessDomain: shop.domain,
        eventData: { url: `${shop.origin}/kettles` },
      }),
    });
    expect(pageView.statusCode, pageView.body).toBe(200);
    const live = await status();
    expect(live).toMatchObject({
      verifiedDomains: [shop.domain],
      hasPublishableKey: true,
      lastLiveEvent: { eventType: 'page_view', url: `${shop.origin}/kettles` },
      steps: { domain: true, snippet: true, testEvent: true, feed: false },
    });
    expect(live.firstLiveEventAt).not.toBeNull();

    // A feed import completes.
    const form = new FormData();
    form.append('feed', new Blob([rssFeed]), 'feed.xml');
    const upload = await merchant.browser.post('/api/business/catalog/feeds', form);
    expect(upload.statusCode).toBe(202);
    let feedDone = false;
    for (let attempt = 0; attempt < 100 && !feedDone; attempt++) {
      feedDone = (await status()).steps.feed;
      if (!feedDone) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await status()).toMatchObject({
      latestFeedImport: { status: 'completed' },
      steps: { domain: true, snippet: true, testEvent: true, feed: true },
    });
  });

  it('counts a shop that reports only through the conversion API as live, without the snippet', async () => {
    const merchant = await buildMerchant(app);
    const { key } = await createKey(merchant, 'secret');
    const report = (orderId: string, kind: 'lead' | 'sale') =>
      app.inject({
        method: 'POST',
        url: '/api/conversions',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ kind, orderId, amountMinor: 1200, currency: 'USD' }),
      });
    expect((await report('order-1', 'lead')).statusCode).toBe(201);
    expect((await report('order-2', 'sale')).statusCode).toBe(201);
    const status = (await merchant.browser.get('/api/business/integration/status')).json<Status>();
    expect(status).toMatchObject({
      lastLiveEvent: { eventType: 'sale', url: null },
      // The snippet itself never reported: its step stays to do.
      steps: { snippet: false },
    });
    expect(status.firstLiveEventAt).not.toBeNull();
  });

  it('keeps a test event out of the figures, and lists it as a test', async () => {
    const merchant = await buildMerchant(app);
    expect((await merchant.browser.post('/api/business/test-event')).statusCode).toBeLessThan(300);
    const summary = await merchant.browser.get('/api/business/dashboard/summary');
    expect(summary.json<{ hasData: boolean }>().hasData).toBe(false);
    const activity = await merchant.browser.get('/api/business/dashboard/activity');
    expect(activity.json<{ items: unknown[] }>().items).toEqual([]);
    const events = await merchant.browser.get('/api/business/events');
    expect(events.json()).toMatchObject({ events: [{ eventType: 'ipick_test', isTest: true }] });
  });

  it("does not show another business's events", async () => {
    const merchant = await buildMerchant(app);
    const other = await buildMerchant(app, 'Other');
    await other.browser.post('/api/business/test-event');
    const response = await merchant.browser.get('/api/business/integration/status');
    expect(response.json<Status>().lastTestEvent).toBeNull();
  });
});

describe('the team: /api/business/team and invitations', () => {
  it('need a business session', async () => {
    const anonymous = browserSession(app);
    expect((await anonymous.get('/api/business/team')).statusCode).toBe(401);
    const invite = await anonymous.post('/api/business/team/invitations', { email: 'a@b.co' });
    expect(invite.statusCode).toBe(401);
  });

  it('refuses a bad invitation body and an unknown invitation id', async () => {
    const owner = await buildMerchant(app);
    const bad = await owner.browser.post('/api/business/team/invitations', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/body\.email: Enter a valid email/);
    const missing = await owner.browser.post('/api/business/team/invitations', {});
    expect(missing.json<{ error: string }>().error).toMatch(/body\.email/);
    expect((await owner.browser.delete('/api/business/team/invitations/nope')).statusCode).toBe(
      404,
    );
    const unknown = await owner.browser.delete(
      '/api/business/team/invitations/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the owner, emails an invitation, and the invited user accepts it', async () => {
    const owner = await buildMerchant(app, 'Lamp Shop');
    const initial = await owner.browser.get('/api/business/team');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({
      canManage: true,
      members: [
        { role: 'owner', isYou: true, email: expect.stringMatching(/^merchant/) as unknown },
      ],
      invitations: [],
    });

    const colleague = await buildShopper();
    const invited = await owner.browser.post('/api/business/team/invitations', {
      email: colleague.email.toUpperCase(),
    });
    expect(invited.statusCode).toBe(201);
    const { invitation } = invited.json<{ invitation: { id: string; email: string } }>();
    expect(invitation.email).toBe(colleague.email);

    const mail = await inbox.waitForMail(colleague.email);
    expect(mail.subject).toBe('Join Lamp Shop on ipick');
    const link = extractLink(mail.text, '/business/invitations/accept');
    const token = link.searchParams.get('token')!;
    expect(link.origin).toBe('http://localhost:3000');

    const listed = await owner.browser.get('/api/business/team');
    expect(listed.json<{ invitations: unknown[] }>().invitations).toEqual([
      expect.objectContaining({ id: invitation.id, email: colleague.email }),
    ]);

    // Anyone holding the link sees what it is for.
    const details = await browserSession(app).get(
      `/api/business/invitations/details?token=${encodeURIComponent(token)}`,
    );
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ businessName: 'Lamp Shop', email: colleague.email });

    // Accepting needs a signed-in user with the invited address.
    const anonymous = await browserSession(app).post('/api/business/invitations/accept', {
      token,
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await buildShopper();
    const wrongUser = await stranger.browser.post('/api/business/invitations/accept', { token });
    expect(wrongUser.statusCode).toBe(403);
    expect(wrongUser.json<{ error: string }>().error).toContain(colleague.email);

    const accepted = await colleague.browser.post('/api/business/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, business: { name: 'Lamp Shop' } });

    // The link is used up; the colleague is a member and can sign in to the business.
    const again = await colleague.browser.post('/api/business/invitations/accept', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_code' });
    const team = await owner.browser.get('/api/business/team');
    expect(team.json()).toMatchObject({
      invitations: [],
      members: [{ role: 'owner' }, { role: 'member', email: colleague.email, isYou: false }],
    });
    const memberLogin = browserSession(app);
    const login = await memberLogin.post('/api/business/auth/login', {
      email: colleague.email,
      password: 'colleague password 1',
    });
    expect(login.statusCode).toBe(200);

    // Members see the team but cannot change it; a member's address cannot be invited.
    const memberTeam = await memberLogin.get('/api/business/team');
    expect(memberTeam.json()).toMatchObject({ canManage: false });
    const byMember = await memberLogin.post('/api/business/team/invitations', {
      email: uniqueEmail('someone'),
    });
    expect(byMember.statusCode).toBe(403);
    const existing = await owner.browser.post('/api/business/team/invitations', {
      email: colleague.email,
    });
    expect(existing.statusCode).toBe(409);
  });

  it('revokes an invitation, after which its link no longer works', async () => {
    const owner = await buildMerchant(app);
    const other = await buildMerchant(app);
    const email = uniqueEmail('revoked');
    const invited = await owner.browser.post('/api/business/team/invitations', { email });
    const { invitation } = invited.json<{ invitation: { id: string } }>();
    const token = extractLink(
      (await inbox.waitForMail(email)).text,
      '/business/invitations/accept',
    ).searchParams.get('token')!;

    // Another business cannot revoke it.
    const foreign = await other.browser.delete(`/api/business/team/invitations/${invitation.id}`);
    expect(foreign.statusCode).toBe(404);

    const revoked = await owner.browser.delete(`/api/business/team/invitations/${invitation.id}`);
    expect(revoked.statusCode).toBe(204);
    const team = await owner.browser.get('/api/business/team');
    expect(team.json<{ invitations: unknown[] }>().invitations).toEqual([]);

    const details = await browserSession(app).get(
      `/api/business/invitations/details?token=${encodeURIComponent(token)}`,
    );
    expect(details.statusCode).toBe(400);
    expect(details.json()).toMatchObject({ code: 'invalid_code' });
    const invitee = await buildShopper(email);
    const accept = await invitee.browser.post('/api/business/invitations/accept', { token });
    expect(accept.statusCode).toBe(400);
  });

  it('replaces an open invitation when the same address is invited again', async () => {
    const owner = await buildMerchant(app);
    const email = uniqueEmail('twice');
    await owner.browser.post('/api/business/team/invitations', { email });
    const first = extractLink(
      (await inbox.waitForMail(email)).text,
      '/business/invitations/accept',
    );
    await owner.browser.post('/api/business/team/invitations', { email });
    await inbox.waitForMail(email);
    const team = await owner.browser.get('/api/business/team');
    expect(team.json<{ invitations: unknown[] }>().invitations).toHaveLength(1);
    const old = await browserSession(app).get(
      `/api/business/invitations/details?token=${first.searchParams.get('token')}`,
    );
    expect(old.statusCode).toBe(400);
  });

  it('refuses a malformed token', async () => {
    const details = await browserSession(app).get('/api/business/invitations/details?token=x');
    expect(details.statusCode).toBe(400);
    expect(details.json<{ error: string }>().error).toMatch(/query\.token: /);
    const shopper = await buildShopper();
    const accept = await shopper.browser.post('/api/business/invitations/accept', {});
    expect(accept.statusCode).toBe(400);
    expect(accept.json<{ error: string }>().error).toMatch(/body\.token: /);
  });
});

describe('invitations a shop cannot turn into spam', () => {
  it('refuses names with line breaks, control characters or text-direction marks, naming the field', async () => {
    const merchant = await buildMerchant(app);
    for (const name of ['Kettles\r\nBcc: x@example.com', 'Kettles\tWorld', 'Kettle\u202eWorld']) {
      const response = await merchant.browser.patch('/api/business/profile', { name });
      expect(response.statusCode, name).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(
        'body.name: Shop names may not contain line breaks, control characters or text-direction marks',
      );
    }
    const registered = await browserSession(app).post('/api/business/auth/register', {
      name: 'Shop\nhttps://evil.example',
      domain: `evil${Date.now()}.example.com`,
      email: uniqueEmail('evil'),
      password: 'merchant password 1',
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json<{ error: string }>().error).toMatch(
      /^body\.name: Business names may not/,
    );
    const shopper = await buildShopper();
    const displayName = await shopper.browser.patch('/api/auth/me', { displayName: 'Ann\u2066' });
    expect(displayName.statusCode).toBe(400);
    expect(displayName.json<{ error: string }>().error).toMatch(
      /^body\.displayName: Display names/,
    );
  });

  it("puts the shop's name and domain in the mail as plain text that links nowhere", async () => {
    const owner = await buildMerchant(app);
    // A name from before names were checked, such as migration 0029 cleans (a URL stays).
    await testDb.database.db
      .updateTable('businesses')
      .set({ name: 'Win a prize at https://evil.example/claim or www.evil.example\r\nBcc: x' })
      .where('id', '=', owner.businessId)
      .execute();
    const email = uniqueEmail('plain');
    const invited = await owner.browser.post('/api/business/team/invitations', { email });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await inbox.waitForMail(email);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const linkify = new LinkifyIt();
    const links = (linkify.match(`${mail.subject}\n${mail.text}`) ?? []).map((link) => link.url);
    // The one link is ipick's own.
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^http:\/\/localhost:3000\/business\/invitations\/accept\?token=/);
    expect(mail.text).toContain('Win a prize at https');
    expect(mail.text).not.toContain('Bcc: x\n');
  });

  it('stops a business at its daily number of invitations, with Retry-After', async () => {
    const owner = await buildMerchant(app);
    for (let sent = 0; sent < MAX_TEAM_INVITATIONS_PER_DAY; sent++) {
      const email = uniqueEmail(`daily${sent}`);
      const invited = await owner.browser.post('/api/business/team/invitations', { email });
      expect(invited.statusCode, invited.body).toBe(201);
      // Revoked invitations were mails too: they count.
      const { invitation } = invited.json<{ invitation: { id: string } }>();
      await owner.browser.delete(`/api/business/team/invitations/${invitation.id}`);
    }
    const refused = await owner.browser.post('/api/business/team/invitations', {
      email: uniqueEmail('one-too-many'),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(24 * 60 * 60));
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    // Another business is not held back by it.
    const other = await buildMerchant(app);
    const fine = await other.browser.post('/api/business/team/invitations', {
      email: uniqueEmail('other'),
    });
    expect(fine.statusCode).toBe(201);
  });

  it('keeps to the limits when many invitations are sent at once', async () => {
    const owner = await buildMerchant(app);
    const answers = await Promise.all(
      Array.from({ length: MAX_TEAM_INVITATIONS_PER_DAY + 5 }, (_, index) =>
        owner.browser.post('/api/business/team/invitations', {
          email: uniqueEmail(`burst${index}`),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_TEAM_INVITATIONS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('needs the invitee to have confirmed their email address to accept', async () => {
    const owner = await buildMerchant(app, 'Lamp Shop');
    const email = uniqueEmail('unconfirmed');
    const invitee = await buildShopper(email, { verified: false });
    await owner.browser.post('/api/business/team/invitations', { email });
    const token = extractLink(
      (await inbox.waitForMail(email)).text,
      '/business/invitations/accept',
    ).searchParams.get('token')!;
    const refused = await invitee.browser.post('/api/business/invitations/accept', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toMatch(/^Confirm your email address/);
    const team = await owner.browser.get('/api/business/team');
    expect(team.json<{ members: unknown[] }>().members).toHaveLength(1);
  });
});
