import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';
import { updateProjectConfig, type IdentityKeys } from '../../../../test/identity-client.ts';
import type { TestDatabase } from '../../../../test/test-database.ts';
import { parseApiKey } from './api-key-format.ts';

/** User and team API keys over `/api/v1` (stack-auth.md §3.15), both tiers. */
let testDb: TestDatabase;
let keys: IdentityKeys;
let api: IdentityApp['api'];
let identity: IdentityApp;

beforeAll(async () => {
  identity = await startIdentityApp({
    projectConfig: {
      client_team_creation_enabled: true,
      allow_user_api_keys: true,
      allow_team_api_keys: true,
    },
  });
  ({ testDb, keys, api } = identity);
});
afterAll(() => identity?.close());

const signUp = () => signUpWithPassword(api);

interface ApiKeyBody {
  id: string;
  value: string | { last_four: string };
  manually_revoked_at_millis?: number;
}

describe('user API keys', () => {
  it('creates a key shown once, lists, reads, checks, renames and revokes it', async () => {
    const user = await signUp();
    const created = await api.call('POST', '/user-api-keys', {
      accessToken: user.token,
      body: { user_id: 'me', description: 'price feed', expires_at_millis: null },
    });
    expect(created.statusCode).toBe(200);
    const key = created.json<ApiKeyBody>();
    const secret = key.value as string;
    expect(secret).toMatch(/^ipick_sk_user_[a-z2-7]{45}_[0-9a-f]{8}$/);
    expect(parseApiKey(secret)).toEqual({ type: 'user' });
    expect(created.json()).toMatchObject({
      description: 'price feed',
      is_public: false,
      type: 'user',
      user_id: user.id,
    });

    const listed = await api.call('GET', '/user-api-keys?user_id=me', { accessToken: user.token });
    expect(listed.json()).toEqual({
      items: [expect.objectContaining({ id: key.id, value: { last_four: secret.slice(-4) } })],
      is_paginated: false,
    });
    const checked = await api.call('POST', '/user-api-keys/check', {
      body: { api_key: secret },
    });
    expect(checked.json()).toMatchObject({ id: key.id, user_id: user.id });

    const renamed = await api.call('PATCH', `/user-api-keys/${key.id}?user_id=me`, {
      accessToken: user.token,
      body: { description: 'old feed', revoked: true },
    });
    expect(renamed.json()).toMatchObject({
      description: 'old feed',
      manually_revoked_at_millis: expect.any(Number) as unknown,
    });
    const firstRevocation = renamed.json<ApiKeyBody>().manually_revoked_at_millis;
    const again = await api.call('PATCH', `/user-api-keys/${key.id}?user_id=${user.id}`, {
      tier: 'server',
      body: { revoked: true },
    });
    expect(again.json<ApiKeyBody>().manually_revoked_at_millis).toBe(firstRevocation);
    expectKnownError(
      await api.call('POST', '/user-api-keys/check', { body: { api_key: secret } }),
      401,
      'API_KEY_REVOKED',
    );
  });

  it('answers expired, unknown, mistyped and wrong-type keys, and other users, with their errors', async () => {
    const user = await signUp();
    const other = await signUp();
    const soon = Date.now() + 60_000;
    const created = await api.call('POST', '/user-api-keys', {
      tier: 'server',
      body: { user_id: user.id, description: 'short', expires_at_millis: soon },
    });
    const secret = created.json<ApiKeyBody>().value as string;
    vi.useFakeTimers({ toFake: ['Date'], now: soon + 1000 });
    try {
      expectKnownError(
        await api.call('POST', '/user-api-keys/check', {
          tier: 'server',
          body: { api_key: secret },
        }),
        401,
        'API_KEY_EXPIRED',
      );
    } finally {
      vi.useRealTimers();
    }
    // One changed character breaks the checksum: not found, without a look-up.
    const mistyped = `${secret.slice(0, 20)}${secret[20] === 'a' ? 'b' : 'a'}${secret.slice(21)}`;
    expectKnownError(
      await api.call('POST', '/user-api-keys/check', { body: { api_key: mistyped } }),
      404,
      'API_KEY_NOT_FOUND',
    );
    expectKnownError(
      await api.call('POST', '/team-api-keys/check', { body: { api_key: secret } }),
      400,
      'WRONG_API_KEY_TYPE',
    );

    // Another user's keys: refused, nothing listed.
    expect(
      (await api.call('GET', `/user-api-keys?user_id=${user.id}`, { accessToken: other.token }))
        .statusCode,
    ).toBe(403);
    const { id } = created.json<ApiKeyBody>();
    expectKnownError(
      await api.call('GET', `/user-api-keys/${id}?user_id=me`, { accessToken: other.token }),
      404,
      'API_KEY_NOT_FOUND',
    );
    expectKnownError(
      await api.call('POST', '/user-api-keys', {
        accessToken: user.token,
        body: { user_id: 'me', description: 'no expiry key' },
      }),
      400,
      'SCHEMA_ERROR',
    );
    // A call that leaves out whose key it is hears which field is missing and what it takes.
    const unnamed = await api.call('PATCH', `/user-api-keys/${id}`, {
      accessToken: user.token,
      body: { revoked: true },
    });
    expectKnownError(unnamed, 400, 'SCHEMA_ERROR');
    expect(unnamed.json<{ error: string }>().error).toContain(
      "query.user_id: must be 'me' or a user's id",
    );

    // Switched off, keys are refused.
    await updateProjectConfig(testDb.database.db, keys.projectId, { allow_user_api_keys: false });
    try {
      const off = await api.call('GET', '/user-api-keys?user_id=me', { accessToken: user.token });
      expect(off.statusCode).toBe(400);
      expect(off.body).toContain('not enabled');
    } finally {
      await updateProjectConfig(testDb.database.db, keys.projectId, { allow_user_api_keys: true });
    }
  });
});

describe('team API keys', () => {
  it('need $manage_api_keys on the client tier', async () => {
    const owner = await signUp();
    const member = await signUp();
    const team = (
      await api.call('POST', '/teams', { accessToken: owner.token, body: { display_name: 'Shop' } })
    ).json<{ id: string }>();
    await api.call('POST', `/team-memberships/${team.id}/${member.id}`, {
      tier: 'server',
      body: {},
    });

    const created = await api.call('POST', '/team-api-keys', {
      accessToken: owner.token,
      body: { team_id: team.id, description: 'shop server', expires_at_millis: null },
    });
    expect(created.statusCode).toBe(200);
    const secret = created.json<ApiKeyBody>().value as string;
    expect(secret).toMatch(/^ipick_sk_team_/);
    expect(
      (await api.call('POST', '/team-api-keys/check', { body: { api_key: secret } })).json(),
    ).toMatchObject({ type: 'team', team_id: team.id });

    expectKnownError(
      await api.call('GET', `/team-api-keys?team_id=${team.id}`, { accessToken: member.token }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
    expectKnownError(
      await api.call('POST', '/team-api-keys', {
        accessToken: member.token,
        body: { team_id: team.id, description: 'x', expires_at_millis: null },
      }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
    const listed = await api.call('GET', `/team-api-keys?team_id=${team.id}`, { tier: 'server' });
    expect(listed.json<{ items: unknown[] }>().items).toHaveLength(1);
    expectKnownError(
      await api.call('GET', `/team-api-keys?team_id=${crypto.randomUUID()}`, { tier: 'server' }),
      404,
      'TEAM_NOT_FOUND',
    );
  });
});
