import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectKnownError,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';

// Server `POST /users` with `risk_scores` and `oauth_providers` (Stack Auth's API reference):
// an import from another system keeps the user's scores and their accounts at OAuth providers.
const PROVIDER = 'github-import';

let ctx: IdentityApp;
beforeAll(async () => {
  ctx = await startIdentityApp({
    projectConfig: {
      oauth_providers: [
        {
          id: PROVIDER,
          provider: 'github',
          type: 'standard',
          client_id: 'client-id',
          client_secret: 'client-secret',
        },
      ],
    },
  });
});
afterAll(() => ctx?.close());

interface ServerUser {
  id: string;
  risk_scores: { sign_up: { bot: number; free_trial_abuse: number } };
  oauth_providers: { id: string; account_id: string; email: string | null }[];
}

const createUser = (body: Record<string, unknown>) =>
  ctx.api.call('POST', '/users', { tier: 'server', body });

describe('server POST /users with risk scores and OAuth accounts', () => {
  it('stores both and returns them in the user, now and when read again', async () => {
    const email = `imported-${Date.now()}@example.com`;
    const created = await createUser({
      primary_email: email,
      risk_scores: { sign_up: { bot: 87, free_trial_abuse: 12 } },
      oauth_providers: [{ id: PROVIDER, account_id: 'octo-42', email }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<ServerUser>();
    const expected = {
      risk_scores: { sign_up: { bot: 87, free_trial_abuse: 12 } },
      oauth_providers: [{ id: PROVIDER, account_id: 'octo-42', email }],
    };
    expect(user).toMatchObject(expected);

    const read = await ctx.api.call('GET', `/users/${user.id}`, { tier: 'server' });
    expect(read.json()).toMatchObject(expected);
    const accounts = await ctx.api.call('GET', `/oauth-providers?user_id=${user.id}`, {
      tier: 'server',
    });
    expect(accounts.json()).toMatchObject({
      items: [{ provider_config_id: PROVIDER, account_id: 'octo-42', email }],
    });
  });

  it('gives a user created without them zero scores and no accounts', async () => {
    const created = await createUser({ display_name: 'Plain' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
      oauth_providers: [],
    });
  });

  it.each([
    ['a score above 100', { risk_scores: { sign_up: { bot: 101, free_trial_abuse: 0 } } }, 'bot'],
    [
      'a fractional score',
      { risk_scores: { sign_up: { bot: 0, free_trial_abuse: 2.5 } } },
      'free_trial_abuse',
    ],
    ['a missing score', { risk_scores: { sign_up: { bot: 3 } } }, 'free_trial_abuse'],
    ['a negative score', { risk_scores: { sign_up: { bot: -1, free_trial_abuse: 0 } } }, 'bot'],
    ['a provider account without its id', { oauth_providers: [{ id: PROVIDER }] }, 'account_id'],
    [
      'a provider account with a bad email',
      { oauth_providers: [{ id: PROVIDER, account_id: 'x', email: 'nope' }] },
      'email',
    ],
    [
      'oauth_providers that is not a list',
      { oauth_providers: { id: PROVIDER } },
      'oauth_providers',
    ],
  ])('refuses %s with SCHEMA_ERROR naming the field', async (_case, body, field) => {
    const response = await createUser(body);
    expectKnownError(response, 400, 'SCHEMA_ERROR');
    expect(response.json<{ error: string }>().error).toContain(field);
  });

  it('refuses an unknown provider or an account another user has, and makes no user', async () => {
    const before = (await ctx.api.call('GET', '/users', { tier: 'server' })).json<{
      items: unknown[];
    }>().items.length;

    const unknown = await createUser({
      display_name: 'Unknown provider',
      oauth_providers: [{ id: 'no-such-provider', account_id: 'a' }],
    });
    expectKnownError(unknown, 400, 'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');

    await createUser({ oauth_providers: [{ id: PROVIDER, account_id: 'taken' }] });
    const taken = await createUser({
      display_name: 'Second claimant',
      oauth_providers: [{ id: PROVIDER, account_id: 'taken' }],
    });
    expect(taken.statusCode).toBe(409);

    const after = (await ctx.api.call('GET', '/users', { tier: 'server' })).json<{
      items: { display_name: string | null }[];
    }>().items;
    expect(after).toHaveLength(before + 1);
    expect(after.map((user) => user.display_name)).not.toContain('Second claimant');
  });

  it('is refused on the client tier', async () => {
    const response = await ctx.api.call('POST', '/users', {
      body: { risk_scores: { sign_up: { bot: 1, free_trial_abuse: 1 } } },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("ipick's own identity project", () => {
  it('offers user API keys from its first start, so shoppers can make keys', async () => {
    const plain = await startIdentityApp();
    try {
      const project = await plain.api.call('GET', '/projects/current');
      expect(project.json()).toMatchObject({ config: { allow_user_api_keys: true } });
    } finally {
      await plain.close();
    }
  });
});
