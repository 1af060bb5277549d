import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createIdentity } from '../identity/identity.ts';
import { AccountsSetup } from './accounts-setup.ts';
import { AuthRepository } from './auth-repository.ts';
import { SHOPPER_COOKIE } from './session-cookies.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let inbox: SmtpInbox;
let setup: AccountsSetup;

beforeAll(async () => {
  testDb = await createTestDatabase();
  inbox = await startSmtpInbox();
  app = await buildTestApp(testDb, { smtpUrl: inbox.url });
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
  await inbox?.close();
  await testDb?.dispose();
});

let counter = 0;
const newEmail = () => `person${++counter}-${Date.now()}@example.com`;
const password = 'a good long password';

async function registeredShopper() {
  const browser = browserSession(app);
  const email = newEmail();
  const response = await browser.post('/api/auth/register', { email, password });
  expect(response.statusCode).toBe(200);
  return { browser, email };
}

describe('shopper sign-in', () => {
  it('is signed out at first', async () => {
    const response = await browserSession(app).get('/api/auth/me');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('registers with an HttpOnly, SameSite cookie and reads the user back', async () => {
    const browser = browserSession(app);
    const email = newEmail();
    const response = await browser.post('/api/auth/register', {
      email: ` ${email.toUpperCase()} `,
      password,
    });
    expect(response.json()).toMatchObject({
      success: true,
      user: { email, isAdmin: false, emailVerified: false, displayName: null },
    });
    const cookie = response.cookies.find((c) => c.name === SHOPPER_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBe(365 * 24 * 60 * 60);
    const me = await browser.get('/api/auth/me');
    expect(me.json()).toMatchObject({ user: { email } });
    // The confirmation link went out by mail.
    const mail = await inbox.waitForMail(email);
    expect(
      extractLink(mail.text, '/handler/email-verification').searchParams.get('code'),
    ).toHaveLength(45);
  });

  it('names the bad field and refuses a taken email', async () => {
    const browser = browserSession(app);
    const bad = await browser.post('/api/auth/register', { email: 'nope', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('body.email');
    expect(bad.json<{ error: string }>().error).toContain('body.password');

    const { email } = await registeredShopper();
    const taken = await browser.post('/api/auth/register', { email, password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: 'An account with this email already exists. Sign in instead.',
      code: 'email_in_use',
    });
  });

  it('gives one message for a wrong password and for an unknown email', async () => {
    const { email } = await registeredShopper();
    const browser = browserSession(app);
    const wrong = await browser.post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await browser.post('/api/auth/login', {
      email: newEmail(),
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'Wrong email or password.',
      code: 'invalid_credentials',
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toEqual([]);
  });

  it('signs out, and the old cookie no longer works', async () => {
    const { browser, email } = await registeredShopper();
    const stolen = browser.cookies.get(SHOPPER_COOKIE)!;
    const logout = await browser.post('/api/auth/logout');
    expect(logout.json()).toEqual({ success: true });
    expect((await browser.get('/api/auth/me')).json()).toEqual({ user: null });
    const replay = await app.inject({
      url: '/api/auth/me',
      headers: { cookie: `${SHOPPER_COOKIE}=${stolen}` },
    });
    expect(replay.json()).toEqual({ user: null });
    const again = await browserSession(app).post('/api/auth/login', { email, password });
    expect(again.statusCode).toBe(200);
  });

  it('refuses writes from other sites', async () => {
    const { browser } = await registeredShopper();
    const crossSite = await browser.post(
      '/api/auth/logout',
      {},
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    const fetchMetadata = await browser.post(
      '/api/auth/logout',
      {},
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchMetadata.statusCode).toBe(403);
    expect((await browser.get('/api/auth/me')).json<{ user: unknown }>().user).not.toBeNull();
  });

  it('limits repeated failed sign-ins with 429 and Retry-After', async () => {
    const { email } = await registeredShopper();
    const browser = browserSession(app);
    const statuses: number[] = [];
    // Five failures of one address at one account (platform/http/guess-limits.ts).
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push(
        (await browser.post('/api/auth/login', { email, password: 'wrong password!' })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const limited = await browser.post('/api/auth/login', { email, password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('forgotten passwords', () => {
  it('resets with the emailed link once, ends old sessions, and answers unknown emails the same', async () => {
    const { browser: oldDevice, email } = await registeredShopper();
    await inbox.waitForMail(email); // the sign-up confirmation
    const anyone = browserSession(app);
    const known = await anyone.post('/api/auth/forgot-password', { email });
    const unknown = await anyone.post('/api/auth/forgot-password', { email: newEmail() });
    expect(known.json()).toEqual({ success: true });
    expect(unknown.json()).toEqual(known.json());

    const link = extractLink((await inbox.waitForMail(email)).text, '/reset-password');
    expect(link.origin).toBe('http://localhost:3000');
    const code = link.searchParams.get('code')!;
    const reset = await anyone.post('/api/auth/reset-password', {
      code,
      password: 'my new password',
    });
    expect(reset.json()).toEqual({ success: true });
    const reused = await anyone.post('/api/auth/reset-password', {
      code,
      password: 'another password',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'invalid_code' });

    expect((await oldDevice.get('/api/auth/me')).json()).toEqual({ user: null });
    expect(
      (await anyone.post('/api/auth/login', { email, password: 'my new password' })).statusCode,
    ).toBe(200);
  });
});

describe('account settings', () => {
  it('renames, lists sessions, ends another device, and changing the password ends the rest', async () => {
    const { browser, email } = await registeredShopper();
    const phone = browserSession(app);
    await phone.post('/api/auth/login', { email, password });
    const laptop = browserSession(app);
    await laptop.post('/api/auth/login', { email, password });

    const renamed = await browser.patch('/api/auth/me', { displayName: '  Ada  ' });
    expect(renamed.json()).toMatchObject({ user: { displayName: 'Ada' } });
    // Clearing the field removes the name (the form sends what the shopper left: nothing).
    const cleared = await browser.patch('/api/auth/me', { displayName: '   ' });
    expect(cleared.json()).toMatchObject({ user: { displayName: null } });
    expect((await browser.get('/api/auth/me')).json()).toMatchObject({
      user: { displayName: null },
    });
    const tooLong = await browser.patch('/api/auth/me', { displayName: 'a'.repeat(257) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Display names are at most 256 characters');
    await browser.patch('/api/auth/me', { displayName: 'Ada' });

    const list = (await browser.get('/api/auth/sessions')).json<{
      sessions: { id: string; isCurrent: boolean }[];
    }>();
    expect(list.sessions).toHaveLength(3);
    const current = list.sessions.find((session) => session.isCurrent)!;
    expect((await browser.delete(`/api/auth/sessions/${current.id}`)).statusCode).toBe(400);
    const phoneSession = (await phone.get('/api/auth/sessions'))
      .json<{ sessions: { id: string; isCurrent: boolean }[] }>()
      .sessions.find((session) => session.isCurrent)!;
    expect((await browser.delete(`/api/auth/sessions/${phoneSession.id}`)).json()).toEqual({
      success: true,
    });
    expect((await phone.get('/api/auth/me')).json()).toEqual({ user: null });

    const wrong = await browser.post('/api/auth/change-password', {
      currentPassword: 'nope nope',
      newPassword: 'next password 1',
    });
    expect(wrong.statusCode).toBe(401);
    const changed = await browser.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'next password 1',
    });
    expect(changed.json()).toEqual({ success: true });
    expect((await laptop.get('/api/auth/me')).json()).toEqual({ user: null });
    expect((await browser.get('/api/auth/me')).json<{ user: unknown }>().user).not.toBeNull();
  });

  it('needs a session', async () => {
    const response = await browserSession(app).get('/api/auth/sessions');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('signs in with an emailed link and verifies the email on the way', async () => {
    const email = newEmail();
    const browser = browserSession(app);
    expect((await browser.post('/api/auth/magic-link', { email })).json()).toEqual({
      success: true,
    });
    const code = extractLink(
      (await inbox.waitForMail(email)).text,
      '/handler/magic-link-callback',
    ).searchParams.get('code')!;
    const signedIn = await browser.post('/api/auth/magic-link/sign-in', { code });
    expect(signedIn.json()).toMatchObject({ success: true, user: { email, emailVerified: true } });
  });

  it('answers the same whether or not the email has an account (never confirmed, here)', async () => {
    const { email } = await registeredShopper();
    const browser = browserSession(app);
    const known = await browser.post('/api/auth/magic-link', { email });
    const unknown = await browser.post('/api/auth/magic-link', { email: newEmail() });
    expect([known.statusCode, known.json()]).toEqual([200, { success: true }]);
    expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
  });
});

describe('admins', () => {
  it('lets only admins sign in on the admin login, without leaving a session for others', async () => {
    const { email } = await registeredShopper();
    const shopper = browserSession(app);
    const refused = await shopper.post('/api/admin/auth/login', { email, password });
    // A shopper's right password is answered as a wrong one: the admin login must not tell
    // which accounts exist and which passwords are right.
    const wrong = await shopper.post('/api/admin/auth/login', { email, password: 'not it at all' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      error: 'Wrong email or password.',
      code: 'invalid_credentials',
    });
    expect([refused.statusCode, refused.json()]).toEqual([wrong.statusCode, wrong.json()]);
    expect(shopper.cookies.size).toBe(0);

    const adminEmail = newEmail();
    await setup.ensureAdmin(adminEmail, password);
    const admin = browserSession(app);
    const ok = await admin.post('/api/admin/auth/login', { email: adminEmail, password });
    expect(ok.json()).toMatchObject({ success: true, user: { email: adminEmail, isAdmin: true } });
  });

  it('guards the admin API: 401 signed out, 403 for a shopper, 200 for an admin', async () => {
    expect((await browserSession(app).get('/api/admin/me')).statusCode).toBe(401);
    const { browser: shopper } = await registeredShopper();
    expect((await shopper.get('/api/admin/me')).statusCode).toBe(403);
    const adminEmail = newEmail();
    await setup.ensureAdmin(adminEmail, password);
    const admin = browserSession(app);
    await admin.post('/api/auth/login', { email: adminEmail, password });
    const me = await admin.get('/api/admin/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: adminEmail, isAdmin: true } });
  });

  it('promotes an existing user without changing their password', async () => {
    const { email } = await registeredShopper();
    const { created } = await setup.ensureAdmin(email, 'a different password');
    expect(created).toBe(false);
    const admin = browserSession(app);
    expect((await admin.post('/api/admin/auth/login', { email, password })).statusCode).toBe(200);
  });
});

describe('merchants', () => {
  const newDomain = () => `shop${++counter}.example.com`;

  it('register a pending business with their own session, separate from shoppers', async () => {
    const merchant = browserSession(app);
    const email = newEmail();
    const domain = newDomain();
    const registered = await merchant.post('/api/business/auth/register', {
      name: 'Kettle World',
      domain: `https://www.${domain}/`,
      email,
      password,
    });
    expect(registered.json()).toMatchObject({
      success: true,
      business: { name: 'Kettle World', domain, contactEmail: email, status: 'pending' },
    });
    expect((await merchant.get('/api/business/auth/me')).json()).toMatchObject({
      business: { domain },
    });
    expect((await merchant.get('/api/auth/me')).json()).toEqual({ user: null });

    const sameDomain = await browserSession(app).post('/api/business/auth/register', {
      name: 'Copycat',
      domain,
      email: newEmail(),
      password,
    });
    expect(sameDomain.statusCode).toBe(409);

    expect((await merchant.post('/api/business/auth/logout')).json()).toEqual({ success: true });
    expect((await merchant.get('/api/business/auth/me')).json()).toEqual({ business: null });
    const again = await merchant.post('/api/business/auth/login', { email, password });
    expect(again.json()).toMatchObject({ business: { domain } });
  });

  it('refuses a shopper on the business login and names bad fields', async () => {
    const { email } = await registeredShopper();
    const response = await browserSession(app).post('/api/business/auth/login', {
      email,
      password,
    });
    expect(response.statusCode).toBe(401);
    const bad = await browserSession(app).post('/api/business/auth/register', {
      name: '',
      domain: 'not a domain',
      email: newEmail(),
      password,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/body\.name.*body\.domain/s);
  });
});

describe('every product auth endpoint with bad input', () => {
  it.each([
    ['/api/auth/login', { email: 'nope', password: 'x' }, 'body.email'],
    ['/api/auth/register', { email: 'a@example.com', password: 'short' }, 'body.password'],
    ['/api/admin/auth/login', { email: 'a@example.com' }, 'body.password'],
    ['/api/auth/forgot-password', {}, 'body.email'],
    ['/api/auth/reset-password', { code: 'x', password: 'short' }, 'body.password'],
    ['/api/auth/verify-email', {}, 'body.code'],
    ['/api/auth/magic-link', { email: 'nope' }, 'body.email'],
    ['/api/auth/magic-link/sign-in', { code: '' }, 'body.code'],
    ['/api/business/auth/login', { password: 'x' }, 'body.email'],
    [
      '/api/business/auth/register',
      { name: 'Shop', domain: 'shop.example.com', email: 'a@example.com' },
      'body.password',
    ],
  ])('POST %s names the bad field', async (url, body, field) => {
    const response = await browserSession(app).post(url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request' });
    expect(response.json<{ error: string }>().error).toContain(field);
  });

  it.each([
    ['POST', '/api/auth/send-verification-email'],
    ['PATCH', '/api/auth/me'],
    ['POST', '/api/auth/change-password'],
    ['GET', '/api/auth/sessions'],
    ['DELETE', '/api/auth/sessions/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s needs a session', async (method, url) => {
    const browser = browserSession(app);
    const response =
      method === 'GET'
        ? await browser.get(url)
        : method === 'PATCH'
          ? await browser.patch(url, { displayName: 'x' })
          : method === 'DELETE'
            ? await browser.delete(url)
            : await browser.post(url, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('treats an unknown or malformed session cookie as signed out', async () => {
    for (const cookie of [`${SHOPPER_COOKIE}=${'a'.repeat(45)}`, `${SHOPPER_COOKIE}=garbage`]) {
      const response = await app.inject({ url: '/api/auth/me', headers: { cookie } });
      expect(response.json()).toEqual({ user: null });
    }
  });
});
