import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAX_TEAM_INVITATIONS_PER_DAY } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import LinkifyIt from 'linkify-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { identityClient, identityKeys } from '../../../test/identity-client.ts';
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

/**
 * Calls the identity API on the client tier as the browser's signed-in user, as the
 * `/handler/team-invitation` page does: keys and token from `POST /api/auth/identity-token`.
 */
async function identityCall(
  browser: ReturnType<typeof browserSession>,
  path: string,
  body: unknown,
) {
  return browser.post(`/api/v1${path}`, body, await identityHeaders(browser));
}

/** The client-tier headers of the browser's signed-in user (or of no user). */
async function identityHeaders(
  browser: ReturnType<typeof browserSession>,
): Promise<Record<string, string>> {
  const access = (await browser.post('/api/auth/identity-token')).json<{
    projectId: string;
    publishableClientKey: string;
    accessToken: string | null;
  }>();
  return {
    'x-stack-access-type': 'client',
    'x-stack-project-id': access.projectId,
    'x-stack-publishable-client-key': access.publishableClientKey,
    ...(access.accessToken ? { 'x-stack-access-token': access.accessToken } : {}),
  };
}

/** The code of the next team invitation mailed to `email`, past other mail (confirmations). */
async function invitationCodeFor(email: string): Promise<string> {
  for (;;) {
    const mail = await inbox.waitForMail(email);
    if (mail.text.includes('/handler/team-invitation')) {
      return extractLink(mail.text, '/handler/team-invitation').searchParams.get('code')!;
    }
  }
}

/** Invites the shopper to the owner's business, accepts, and signs them in to it. */
async function joinAsMember(owner: Merchant, shopper: Awaited<ReturnType<typeof buildShopper>>) {
  await owner.browser.post('/api/business/team/invitations', { email: shopper.email });
  const code = extractLink(
    (await inbox.waitForMail(shopper.email)).text,
    '/handler/team-invitation',
  ).searchParams.get('code')!;
  const accepted = await identityCall(shopper.browser, '/team-invitations/accept', { code });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const business = browserSession(app);
  const login = await business.post('/api/business/auth/login', {
    email: shopper.email,
    password: 'colleague password 1',
  });
  expect(login.statusCode, login.body).toBe(200);
  const me = await shopper.browser.get('/api/auth/me');
  return {
    business,
    shopper: shopper.browser,
    userId: me.json<{ user: { id: string } }>().user.id,
  };
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

  it('lists the owner, emails a team invitation, and the invited user accepts it in the handler page', async () => {
    const owner = await buildMerchant(app, 'Lamp Shop');
    const initial = await owner.browser.get('/api/business/team');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({
      canManage: true,
      canChangeRoles: true,
      members: [
        { role: 'owner', isYou: true, email: expect.stringMatching(/^merchant/) as unknown },
      ],
      invitations: [],
    });

    const colleague = await buildShopper();
    const invited = await owner.browser.post('/api/business/team/invitations', {
      email: colleague.email.toUpperCase(),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { invitation } = invited.json<{ invitation: { id: string; email: string } }>();
    expect(invitation.email).toBe(colleague.email);

    const mail = await inbox.waitForMail(colleague.email);
    expect(mail.subject).toBe('You are invited to join Lamp Shop on ipick');
    const link = extractLink(mail.text, '/handler/team-invitation');
    const code = link.searchParams.get('code')!;
    expect(link.origin).toBe('http://localhost:3000');

    const listed = await owner.browser.get('/api/business/team');
    expect(listed.json<{ invitations: unknown[] }>().invitations).toEqual([
      expect.objectContaining({ id: invitation.id, email: colleague.email }),
    ]);

    // Anyone holding the link sees the team's name, signed in or not.
    const details = await identityCall(browserSession(app), '/team-invitations/accept/details', {
      code,
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({ team_display_name: 'Lamp Shop' });

    // Accepting needs a signed-in user with the invited address.
    const anonymous = await identityCall(browserSession(app), '/team-invitations/accept', { code });
    expect(anonymous.statusCode).toBe(400);
    const stranger = await buildShopper();
    const wrongUser = await identityCall(stranger.browser, '/team-invitations/accept', { code });
    expect(wrongUser.statusCode).toBe(403);
    expect(wrongUser.json()).toMatchObject({ code: 'TEAM_INVITATION_EMAIL_MISMATCH' });

    const accepted = await identityCall(colleague.browser, '/team-invitations/accept', { code });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The code is used up; the colleague is a member and can sign in to the business.
    const again = await identityCall(colleague.browser, '/team-invitations/accept', { code });
    expect(again.statusCode).toBe(409);
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

    // Members see the team but cannot change it or manage keys; a member's address cannot be
    // invited.
    const memberTeam = await memberLogin.get('/api/business/team');
    expect(memberTeam.json()).toMatchObject({ canManage: false, canChangeRoles: false });
    const byMember = await memberLogin.post('/api/business/team/invitations', {
      email: uniqueEmail('someone'),
    });
    expect(byMember.statusCode).toBe(403);
    const memberKey = await memberLogin.post('/api/business/keys', { kind: 'publishable' });
    expect(memberKey.statusCode).toBe(403);
    expect(memberKey.json<{ error: string }>().error).toMatch(/owner or admin/);
    const existing = await owner.browser.post('/api/business/team/invitations', {
      email: colleague.email,
    });
    expect(existing.statusCode).toBe(409);
  });

  it('makes a member an admin, who then manages keys and members, and removes members', async () => {
    const owner = await buildMerchant(app, 'Role Shop');
    const admin = await joinAsMember(owner, await buildShopper());
    const member = await joinAsMember(owner, await buildShopper());

    // Only the owner changes roles; the owner's own role stays.
    const byMember = await member.business.patch(`/api/business/team/members/${admin.userId}`, {
      role: 'admin',
    });
    expect(byMember.statusCode).toBe(403);
    const bad = await owner.browser.patch(`/api/business/team/members/${admin.userId}`, {
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/body\.role/);
    const promoted = await owner.browser.patch(`/api/business/team/members/${admin.userId}`, {
      role: 'admin',
    });
    expect(promoted.statusCode, promoted.body).toBe(204);

    // The admin holds team_admin in the business's identity team, and manages keys.
    const teamId = (
      await testDb.database.db
        .selectFrom('businesses')
        .select('identity_team_id')
        .where('id', '=', owner.businessId)
        .executeTakeFirstOrThrow()
    ).identity_team_id!;
    const grants = await testDb.database.db
      .selectFrom('identity_team_permissions')
      .select('permission_id')
      .where('team_id', '=', teamId)
      .where('user_id', '=', admin.userId)
      .execute();
    expect(grants.map((grant) => grant.permission_id)).toContain('team_admin');
    expect((await admin.business.get('/api/business/team')).json()).toMatchObject({
      canManage: true,
      canChangeRoles: false,
    });

    // The admin cannot remove the owner; removes the member, who loses the business.
    const ownerId = (await owner.browser.get('/api/business/team'))
      .json<{ members: { userId: string; isYou: boolean }[] }>()
      .members.find((listed) => listed.isYou)!.userId;
    const removeOwner = await admin.business.delete(`/api/business/team/members/${ownerId}`);
    expect(removeOwner.statusCode).toBe(403);
    const removed = await admin.business.delete(`/api/business/team/members/${member.userId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const gone = await admin.business.delete(`/api/business/team/members/${member.userId}`);
    expect(gone.statusCode).toBe(404);
    expect((await member.business.get('/api/business/team')).statusCode).toBe(401);
    const inTeam = await testDb.database.db
      .selectFrom('identity_team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .execute();
    expect(inTeam.map((row) => row.user_id).sort()).toEqual([ownerId, admin.userId].sort());

    // Leaving the identity team over the API (as an SDK app would) leaves the staff too.
    const leaver = await joinAsMember(owner, await buildShopper());
    const left = await app.inject({
      method: 'DELETE',
      url: `/api/v1/team-memberships/${teamId}/me`,
      headers: await identityHeaders(leaver.shopper),
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await leaver.business.get('/api/business/team')).statusCode).toBe(401);

    // The owner cannot leave the business's team, by any tier: the business needs its owner.
    const server = identityClient(
      app,
      await identityKeys(testDb.database.db, 'http://localhost:3000'),
    );
    const ownerLeaves = await server.call('DELETE', `/team-memberships/${teamId}/${ownerId}`, {
      tier: 'server',
    });
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.body).toMatch(/You own .* cannot leave its team/);
    const members = await server.call('GET', `/users?team_id=${teamId}`, { tier: 'server' });
    expect(members.json<{ items: { id: string }[] }>().items.map((user) => user.id)).toContain(
      ownerId,
    );

    // Another business's owner cannot touch this team.
    const other = await buildMerchant(app);
    const foreign = await other.browser.delete(`/api/business/team/members/${admin.userId}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('revokes an invitation, after which its code no longer works', async () => {
    const owner = await buildMerchant(app);
    const other = await buildMerchant(app);
    const email = uniqueEmail('revoked');
    const invited = await owner.browser.post('/api/business/team/invitations', { email });
    const { invitation } = invited.json<{ invitation: { id: string } }>();
    const code = extractLink(
      (await inbox.waitForMail(email)).text,
      '/handler/team-invitation',
    ).searchParams.get('code')!;

    // Another business cannot revoke it.
    const foreign = await other.browser.delete(`/api/business/team/invitations/${invitation.id}`);
    expect(foreign.statusCode).toBe(404);

    const revoked = await owner.browser.delete(`/api/business/team/invitations/${invitation.id}`);
    expect(revoked.statusCode).toBe(204);
    const team = await owner.browser.get('/api/business/team');
    expect(team.json<{ invitations: unknown[] }>().invitations).toEqual([]);

    const invitee = await buildShopper(email);
    const accept = await identityCall(invitee.browser, '/team-invitations/accept', { code });
    expect(accept.statusCode).toBe(404);
    expect(accept.json()).toMatchObject({ code: 'VERIFICATION_CODE_NOT_FOUND' });
  });

  it('replaces an open invitation when the same address is invited again', async () => {
    const owner = await buildMerchant(app);
    const email = uniqueEmail('twice');
    await owner.browser.post('/api/business/team/invitations', { email });
    const first = await invitationCodeFor(email);
    await owner.browser.post('/api/business/team/invitations', { email });
    const second = await invitationCodeFor(email);
    const team = await owner.browser.get('/api/business/team');
    expect(team.json<{ invitations: unknown[] }>().invitations).toHaveLength(1);
    const anyone = browserSession(app);
    const old = await identityCall(anyone, '/team-invitations/accept/details', { code: first });
    expect(old.statusCode).toBe(404);
    const current = await identityCall(anyone, '/team-invitations/accept/details', {
      code: second,
    });
    expect(current.statusCode).toBe(200);
  });

  it('refuses a user who already works for another business', async () => {
    const owner = await buildMerchant(app);
    const elsewhere = await buildMerchant(app);
    const elsewhereEmail = (await elsewhere.browser.get('/api/business/team')).json<{
      members: { email: string }[];
    }>().members[0]!.email;
    const invited = await owner.browser.post('/api/business/team/invitations', {
      email: elsewhereEmail,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const code = await invitationCodeFor(elsewhereEmail);
    const accept = await identityCall(elsewhere.browser, '/team-invitations/accept', { code });
    expect(accept.statusCode).toBe(409);
    expect(accept.body).toMatch(/another business/);
    // The code was not used up by the refusal.
    const check = await identityCall(elsewhere.browser, '/team-invitations/accept/check-code', {
      code,
    });
    expect(check.json()).toMatchObject({ is_code_valid: true });
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
    expect(links[0]).toMatch(/^http:\/\/localhost:3000\/handler\/team-invitation\?code=/);
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
    const code = extractLink(
      (await inbox.waitForMail(email)).text,
      '/handler/team-invitation',
    ).searchParams.get('code')!;
    const refused = await identityCall(invitee.browser, '/team-invitations/accept', { code });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatch(/^Confirm your email address/);
    const team = await owner.browser.get('/api/business/team');
    expect(team.json<{ members: unknown[] }>().members).toHaveLength(1);
  });
});
