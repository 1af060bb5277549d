import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';

/** Email notification preferences over `/api/v1`, on the client and server tiers. */
let api: IdentityApp['api'];
let identity: IdentityApp;

beforeAll(async () => {
  identity = await startIdentityApp();
  ({ api } = identity);
});
afterAll(() => identity?.close());

const TRANSACTIONAL = '7bb82d33-2f54-4a3d-9d23-82739e0d66ef';
const MARKETING = '4f6f8873-3d04-46bd-8bef-18338b1a1b4c';

interface PreferenceItem {
  notification_category_id: string;
  notification_category_name: string;
  enabled: boolean;
  can_disable: boolean;
}

describe('email notification preferences', () => {
  it('lists the categories at their defaults, and a user turns marketing mail off and on', async () => {
    const user = await signUpWithPassword(api);
    const listed = await api.call('GET', '/emails/notification-preference/me', {
      accessToken: user.token,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: PreferenceItem[] }>().items).toEqual([
      {
        notification_category_id: TRANSACTIONAL,
        notification_category_name: 'Transactional',
        enabled: true,
        can_disable: false,
      },
      {
        notification_category_id: MARKETING,
        notification_category_name: 'Marketing',
        enabled: true,
        can_disable: true,
      },
    ]);

    const off = await api.call('PATCH', `/emails/notification-preference/me/${MARKETING}`, {
      accessToken: user.token,
      body: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ notification_category_id: MARKETING, enabled: false });
    const after = await api.call('GET', `/emails/notification-preference/${user.id}`, {
      accessToken: user.token,
    });
    expect(
      after
        .json<{ items: PreferenceItem[] }>()
        .items.map((item) => [item.notification_category_name, item.enabled]),
    ).toEqual([
      ['Transactional', true],
      ['Marketing', false],
    ]);

    const on = await api.call('PATCH', `/emails/notification-preference/me/${MARKETING}`, {
      accessToken: user.token,
      body: { enabled: true },
    });
    expect(on.json()).toMatchObject({ enabled: true });
  });

  it('keeps transactional mail on, and refuses unknown categories and bad bodies', async () => {
    const user = await signUpWithPassword(api);
    const refused = await api.call('PATCH', `/emails/notification-preference/me/${TRANSACTIONAL}`, {
      accessToken: user.token,
      body: { enabled: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Transactional emails cannot be turned off');

    const unknown = await api.call(
      'PATCH',
      '/emails/notification-preference/me/00000000-0000-4000-8000-000000000000',
      { accessToken: user.token, body: { enabled: false } },
    );
    expect(unknown.statusCode).toBe(404);

    const badBody = await api.call('PATCH', `/emails/notification-preference/me/${MARKETING}`, {
      accessToken: user.token,
      body: { enabled: 'no' },
    });
    expectKnownError(badBody, 400, 'SCHEMA_ERROR');
    expect(badBody.body).toContain('body.enabled');
  });

  it("lets the server tier set anyone's, but a client only its own", async () => {
    const owner = await signUpWithPassword(api);
    const other = await signUpWithPassword(api);

    const byOther = await api.call('GET', `/emails/notification-preference/${owner.id}`, {
      accessToken: other.token,
    });
    expect(byOther.statusCode).toBe(403);
    const signedOut = await api.call('GET', '/emails/notification-preference/me');
    expectKnownError(signedOut, 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');

    const byServer = await api.call(
      'PATCH',
      `/emails/notification-preference/${owner.id}/${MARKETING}`,
      { tier: 'server', body: { enabled: false } },
    );
    expect(byServer.statusCode).toBe(200);
    const seenByOwner = await api.call('GET', '/emails/notification-preference/me', {
      accessToken: owner.token,
    });
    expect(seenByOwner.json<{ items: PreferenceItem[] }>().items[1]).toMatchObject({
      enabled: false,
    });
    const untouched = await api.call('GET', '/emails/notification-preference/me', {
      accessToken: other.token,
    });
    expect(untouched.json<{ items: PreferenceItem[] }>().items[1]).toMatchObject({
      enabled: true,
    });

    const nobody = await api.call(
      'GET',
      '/emails/notification-preference/00000000-0000-4000-8000-000000000000',
      { tier: 'server' },
    );
    expect(nobody.statusCode).toBe(404);
  });
});
