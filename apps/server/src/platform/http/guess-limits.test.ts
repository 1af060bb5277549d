import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppSettings } from '../../app.ts';
import { testSettings } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { identityClient, identityKeys } from '../../../test/identity-client.ts';
import { createIdentity } from '../../modules/identity/identity.ts';
import { AccountsSetup } from '../../modules/auth/accounts-setup.ts';
import { AuthRepository } from '../../modules/auth/auth-repository.ts';
import { SHOPPER_COOKIE } from '../../modules/auth/session-cookies.ts';
import type { GuessLimits } from './guess-limits.ts';

/**
 * Small limits, so that each is reached in a few requests: 6 failures per address, 3 per
 * address at one account, 4 at one account from every address.
 */
const limits: GuessLimits = {
  address: { max: 6, windowMs: 3_600_000 },
  pair: { max: 3, windowMs: 900_000 },
  account: { max: 4, windowMs: 3_600_000 },
};

let testDb: TestDatabase;
let app: FastifyInstance;
let setup: AccountsSetup;

async function buildLimitedApp(overrides: Partial<AppSettings> = {}): Promise<FastifyInstance> {
  const built = await buildApp({
    config: testSettings(overrides),
    database: testDb.database,
    migrationVersion: testDb.migrationVersion,
    limits: { guesses: limits },
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildLimitedApp();
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

const password = 'the right long password';
let counter = 0;
const newEmail = () => `guess${++counter}-${Date.now()}@example.com`;

/** A fresh address for each caller, so that tests do not share counters by accident. */
let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

/** A browser's POST from `address` on ipick's own pages. */
function post(
  target: FastifyInstance,
  url: string,
  body: object,
  address: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return target.inject({
    method: 'POST',
    url,
    payload: body,
    remoteAddress: address,
    headers: { origin: 'http://localhost:3000', host: 'localhost:3000', ...headers },
  });
}

async function registeredShopper(): Promise<string> {
  const email = newEmail();
  const response = await post(app, '/api/auth/register', { email, password }, newAddress());
  expect(response.statusCode).toBe(200);
  return email;
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ code: 'rate_limited' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('password spraying from one address', () => {
  it('is refused after the address limit, across accounts, while other addresses sign in', async () => {
    const accounts = [
      await registeredShopper(),
      await registeredShopper(),
      await registeredShopper(),
    ];
    const attacker = newAddress();
    // Two wrong passwords at each of three accounts: six failures, under each pair's limit.
    for (const email of accounts) {
      for (const guess of ['wrong one 1', 'wrong one 2']) {
        const response = await post(app, '/api/auth/login', { email, password: guess }, attacker);
        expect(response.statusCode).toBe(401);
      }
    }
    expectRefused(await post(app, '/api/auth/login', { email: accounts[0], password }, attacker));
    // The merchant and admin sign-ins count the same address.
    expectRefused(
      await post(app, '/api/business/auth/login', { email: accounts[1], password }, attacker),
    );
    expectRefused(
      await post(app, '/api/admin/auth/login', { email: accounts[2], password }, attacker),
    );
    const owner = await post(
      app,
      '/api/auth/login',
      { email: accounts[0], password },
      newAddress(),
    );
    expect(owner.statusCode).toBe(200);
  });

  it('refuses one address guessing at one account after the pair limit', async () => {
    const email = await registeredShopper();
    const attacker = newAddress();
    for (let i = 0; i < limits.pair.max; i++) {
      const response = await post(app, '/api/auth/login', { email, password: `no ${i}` }, attacker);
      expect(response.statusCode).toBe(401);
    }
    expectRefused(await post(app, '/api/auth/login', { email, password }, attacker));
  });

  it('does not count sign-ins that succeed', async () => {
    const email = await registeredShopper();
    const address = newAddress();
    for (let i = 0; i <= limits.address.max; i++) {
      const response = await post(app, '/api/auth/login', { email, password }, address);
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('guessing at one account from many addresses', () => {
  it('refuses the guessing addresses, while the owner from an address that failed nothing still signs in', async () => {
    const email = await registeredShopper();
    const attackers = [newAddress(), newAddress(), newAddress(), newAddress()];
    // One wrong password from each of four addresses spends the account's limit.
    for (const attacker of attackers) {
      const response = await post(app, '/api/auth/login', { email, password: 'guess' }, attacker);
      expect(response.statusCode).toBe(401);
    }
    // Every address that took part is refused, even with the right password.
    for (const attacker of attackers) {
      expectRefused(await post(app, '/api/auth/login', { email, password }, attacker));
    }
    // The account is not locked: its owner, from an address with no failed guess, gets in.
    const owner = await post(app, '/api/auth/login', { email, password }, newAddress());
    expect(owner.statusCode).toBe(200);
    // A new address gets one guess: after a failure it is refused too.
    const late = newAddress();
    expect((await post(app, '/api/auth/login', { email, password: 'x1' }, late)).statusCode).toBe(
      401,
    );
    expectRefused(await post(app, '/api/auth/login', { email, password }, late));
  });

  it('holds for merchant and admin sign-in too', async () => {
    const adminEmail = newEmail();
    await setup.ensureAdmin(adminEmail, password);
    for (let i = 0; i < limits.account.max; i++) {
      const response = await post(
        app,
        '/api/admin/auth/login',
        { email: adminEmail, password: `guess ${i}` },
        newAddress(),
      );
      expect(response.statusCode).toBe(401);
    }
    const attacker = newAddress();
    await post(app, '/api/business/auth/login', { email: 'other@example.com', password }, attacker);
    expectRefused(
      await post(app, '/api/admin/auth/login', { email: adminEmail, password }, attacker),
    );
    const admin = await post(
      app,
      '/api/admin/auth/login',
      { email: adminEmail, password },
      newAddress(),
    );
    expect(admin.statusCode).toBe(200);
  });
});

describe('emailed codes and registration', () => {
  it('counts wrong reset, verification and sign-in codes per address', async () => {
    const attacker = newAddress();
    const wrongCode = 'a'.repeat(45);
    const calls: [string, object][] = [
      ['/api/auth/reset-password', { code: wrongCode, password }],
      ['/api/auth/verify-email', { code: wrongCode }],
      ['/api/auth/magic-link/sign-in', { code: wrongCode }],
    ];
    for (let i = 0; i < limits.address.max; i++) {
      const [url, body] = calls[i % calls.length]!;
      const response = await post(app, url, body, attacker);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(429);
    }
    for (const [url, body] of calls) expectRefused(await post(app, url, body, attacker));
  });

  it('counts registering an email that has an account toward the address limit', async () => {
    // Two accounts, so that the mail-sending limit per address and email is not what refuses.
    const existing = [await registeredShopper(), await registeredShopper()];
    const prober = newAddress();
    for (let i = 0; i < limits.address.max; i++) {
      const email = existing[i % 2]!;
      const response = await post(app, '/api/auth/register', { email, password }, prober);
      expect(response.statusCode).toBe(409);
    }
    expectRefused(await post(app, '/api/auth/register', { email: newEmail(), password }, prober));
    expectRefused(await post(app, '/api/auth/login', { email: existing[0], password }, prober));
  });
});

describe('the identity API (/api/v1)', () => {
  async function client() {
    return identityClient(app, await identityKeys(testDb.database.db, 'http://localhost:3000'));
  }

  it('counts wrong passwords per account, and lets the owner in from a clean address', async () => {
    const api = await client();
    const email = newEmail();
    const signUp = await api.call('POST', '/auth/password/sign-up', {
      body: { email, password },
      remoteAddress: newAddress(),
    });
    expect(signUp.statusCode).toBe(200);
    const signIn = (guess: string, remoteAddress: string) =>
      api.call('POST', '/auth/password/sign-in', {
        body: { email, password: guess },
        remoteAddress,
      });
    const attackers = [newAddress(), newAddress(), newAddress(), newAddress()];
    for (const attacker of attackers) {
      expect((await signIn('wrong guess', attacker)).statusCode).toBe(400);
    }
    const refused = await signIn(password, attackers[0]!);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(password, newAddress())).statusCode).toBe(200);
  });

  it('counts wrong sign-in and reset codes per address, and a sign-up of a taken email', async () => {
    const api = await client();
    const attacker = newAddress();
    const wrongCode = 'b'.repeat(45);
    const paths = [
      '/auth/otp/sign-in',
      '/auth/otp/sign-in/check-code',
      '/auth/password/reset/check-code',
      '/contact-channels/verify',
    ];
    for (const path of paths) {
      const response = await api.call('POST', path, {
        body: { code: wrongCode },
        remoteAddress: attacker,
      });
      expect(response.statusCode, path).toBe(404);
    }
    const taken = await registeredShopper();
    for (let i = paths.length; i < limits.address.max; i++) {
      const response = await api.call('POST', '/auth/password/sign-up', {
        body: { email: taken, password },
        remoteAddress: attacker,
      });
      expect(response.statusCode).toBe(409);
    }
    for (const path of paths) {
      const response = await api.call('POST', path, {
        body: { code: wrongCode },
        remoteAddress: attacker,
      });
      expect(response.statusCode, path).toBe(429);
    }
  });
});

describe('a burst of guesses sent at the same instant', () => {
  it('lets through only as many as the limit allows, not every one that started before the first failed', async () => {
    const email = await registeredShopper();
    const attacker = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(app, '/api/auth/login', { email, password: `burst ${i}` }, attacker),
      ),
    );
    const codes = answers.map((response) => response.statusCode).sort();
    const expected = [
      ...Array<number>(limits.pair.max).fill(401),
      ...Array<number>(10 - limits.pair.max).fill(429),
    ];
    expect(codes).toEqual(expected);
    expectRefused(await post(app, '/api/auth/login', { email, password }, attacker));
  });

  it('gives back the slots of right passwords, however many arrive at once', async () => {
    const email = await registeredShopper();
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: limits.pair.max }, () =>
        post(app, '/api/auth/login', { email, password }, address),
      ),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(
      Array<number>(limits.pair.max).fill(200),
    );
    for (let i = 0; i <= limits.pair.max; i++) {
      expect((await post(app, '/api/auth/login', { email, password }, address)).statusCode).toBe(
        200,
      );
    }
  });
});

describe('checks of the current password', () => {
  /** A signed-in shopper: their email and session cookie. */
  async function signedInShopper(): Promise<{ email: string; cookie: string }> {
    const email = newEmail();
    const response = await post(app, '/api/auth/register', { email, password }, newAddress());
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name === SHOPPER_COOKIE)!;
    return { email, cookie: `${SHOPPER_COOKIE}=${session.value}` };
  }

  function changePassword(cookie: string, currentPassword: string, address: string) {
    return post(
      app,
      '/api/auth/change-password',
      { currentPassword, newPassword: 'a brand new long password' },
      address,
      { cookie },
    );
  }

  it('refuses one address after the pair limit of wrong current passwords, even the right one', async () => {
    const { cookie } = await signedInShopper();
    const thief = newAddress();
    for (let i = 0; i < limits.pair.max; i++) {
      const response = await changePassword(cookie, `wrong ${i}`, thief);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(429);
    }
    expectRefused(await changePassword(cookie, password, thief));
  });

  it('counts against the account as wrong passwords at sign-in do, without locking the owner out', async () => {
    const { email, cookie } = await signedInShopper();
    const thieves = [newAddress(), newAddress(), newAddress(), newAddress()];
    for (const thief of thieves) {
      const response = await changePassword(cookie, 'not it', thief);
      expect(response.statusCode).toBeLessThan(429);
    }
    // The account's limit is spent: an address that guessed is refused at sign-in too.
    expectRefused(await post(app, '/api/auth/login', { email, password }, thieves[0]!));
    expectRefused(await changePassword(cookie, password, thieves[1]!));
    // The owner, from an address that guessed nothing, still changes the password.
    expect((await changePassword(cookie, password, newAddress())).statusCode).toBe(200);
  });

  it('holds for a burst of wrong current passwords sent at once', async () => {
    const { cookie } = await signedInShopper();
    const thief = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => changePassword(cookie, `burst ${i}`, thief)),
    );
    const refused = answers.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(8 - limits.pair.max);
  });

  it('holds for the identity API (/auth/password/update)', async () => {
    const api = identityClient(
      app,
      await identityKeys(testDb.database.db, 'http://localhost:3000'),
    );
    const email = newEmail();
    const signUp = await api.call('POST', '/auth/password/sign-up', {
      body: { email, password },
      remoteAddress: newAddress(),
    });
    expect(signUp.statusCode).toBe(200);
    const accessToken = signUp.json<{ access_token: string }>().access_token;
    const update = (oldPassword: string, remoteAddress: string) =>
      api.call('POST', '/auth/password/update', {
        body: { old_password: oldPassword, new_password: 'a brand new long password' },
        accessToken,
        remoteAddress,
      });
    const thief = newAddress();
    for (let i = 0; i < limits.pair.max; i++) {
      expect((await update(`wrong ${i}`, thief)).statusCode).toBe(400);
    }
    const refused = await update(password, thief);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same account at sign-in: one more failure from another address spends its limit.
    const other = newAddress();
    expect((await update('wrong again', other)).statusCode).toBe(400);
    const signIn = await api.call('POST', '/auth/password/sign-in', {
      body: { email, password },
      remoteAddress: other,
    });
    expect(signIn.statusCode).toBe(429);
    expect((await update(password, newAddress())).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  /** Wrong passwords at one account, one more than a pair's limit, from behind 10.0.0.2. */
  async function guessesBehindProxy(target: FastifyInstance, client: string, email: string) {
    const answers: number[] = [];
    for (let i = 0; i < limits.pair.max + 1; i++) {
      const response = await post(
        target,
        '/api/auth/login',
        { email, password: `wrong ${i}` },
        '10.0.0.2',
        { 'x-forwarded-for': client },
      );
      answers.push(response.statusCode);
    }
    return answers;
  }

  it('is off by default: X-Forwarded-For is ignored, so the proxy is one address', async () => {
    const email = await registeredShopper();
    const first = await guessesBehindProxy(app, '203.0.113.1', email);
    expect(first).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy shares its counters: the header is not believed.
    expect((await guessesBehindProxy(app, '203.0.113.2', email))[0]).toBe(429);
  });

  it.each([
    ['its address', ['10.0.0.2'], '203.0.113.1'],
    ['a hop count', 1, '203.0.113.2'],
  ] as const)(
    'with the proxy trusted by %s, gives each client behind it its own limits',
    async (_, trustProxy, network) => {
      const proxied = await buildLimitedApp({
        trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy],
      });
      try {
        // Each client guesses at an account of its own, so that only the address counters meet.
        for (const client of [`${network}1`, `${network}2`]) {
          const email = await registeredShopper();
          expect(await guessesBehindProxy(proxied, client, email)).toEqual([401, 401, 401, 429]);
        }
      } finally {
        await proxied.close();
      }
    },
  );
});
