import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityApp } from '../../../../test/identity-app.ts';

/** `POST /auth/anonymous/sign-up` (stack-auth.md §3.4) and the upgrade of an anonymous user. */
let app: FastifyInstance;
let api: IdentityApp['api'];
let identity: IdentityApp;
const letAnonymousIn = { 'x-stack-allow-anonymous-user': 'true' };

beforeAll(async () => {
  identity = await startIdentityApp();
  ({ app, api } = identity);
});
afterAll(() => identity?.close());

describe('anonymous sign-up', () => {
  it('signs an anonymous user in, keeps them out of user lists, and upgrades them in place', async () => {
    const signedUp = await api.call('POST', '/auth/anonymous/sign-up');
    expect(signedUp.statusCode).toBe(200);
    const anonymous = signedUp.json<{
      access_token: string;
      refresh_token: string;
      user_id: string;
    }>();
    expect(anonymous).toMatchObject({ is_new_user: true, user_id: expect.any(String) as unknown });

    const me = await api.call('GET', '/users/me', {
      accessToken: anonymous.access_token,
      headers: letAnonymousIn,
    });
    expect(me.json()).toMatchObject({
      id: anonymous.user_id,
      is_anonymous: true,
      is_restricted: true,
      restricted_reason: { type: 'anonymous' },
      primary_email: null,
    });
    // Without opting in, an anonymous user's token is refused.
    const refused = await api.call('GET', '/users/me', { accessToken: anonymous.access_token });
    expect(refused.headers['x-stack-known-error']).toBe('ANONYMOUS_AUTHENTICATION_NOT_ALLOWED');

    const listed = await api.call('GET', '/users', { tier: 'server' });
    expect(listed.json<{ items: { id: string }[] }>().items.map((u) => u.id)).not.toContain(
      anonymous.user_id,
    );
    const withAnonymous = await api.call('GET', '/users?include_anonymous=true', {
      tier: 'server',
    });
    expect(withAnonymous.json<{ items: { id: string }[] }>().items.map((u) => u.id)).toContain(
      anonymous.user_id,
    );
    // only_anonymous lists anonymous users and no one else.
    const onlyAnonymous = await api.call('GET', '/users?only_anonymous=true', { tier: 'server' });
    const onlyIds = onlyAnonymous.json<{ items: { id: string; is_anonymous: boolean }[] }>().items;
    expect(onlyIds.map((u) => u.id)).toContain(anonymous.user_id);
    expect(onlyIds.every((u) => u.is_anonymous)).toBe(true);
    const badFlag = await api.call('GET', '/users?only_anonymous=yes', { tier: 'server' });
    expect(badFlag.headers['x-stack-known-error']).toBe('SCHEMA_ERROR');

    const email = `upgraded-${Date.now()}@example.com`;
    const upgraded = await api.call('POST', '/auth/password/sign-up', {
      accessToken: anonymous.access_token,
      headers: letAnonymousIn,
      body: { email, password: 'correct horse battery' },
    });
    expect(upgraded.json()).toMatchObject({ user_id: anonymous.user_id });
    expect(
      (await api.call('GET', `/users/${anonymous.user_id}`, { tier: 'server' })).json(),
    ).toMatchObject({ is_anonymous: false, primary_email: email });
  });

  it('refuses a body and calls without an access type', async () => {
    expect(
      (await api.call('POST', '/auth/anonymous/sign-up', { body: { email: 'x@example.com' } }))
        .headers['x-stack-known-error'],
    ).toBe('SCHEMA_ERROR');
    const bare = await app.inject({ method: 'POST', url: '/api/v1/auth/anonymous/sign-up' });
    expect(bare.headers['x-stack-known-error']).toBe('ACCESS_TYPE_REQUIRED');
  });
});
