import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';
import { extractLink, type SmtpInbox } from '../../../../test/smtp-inbox.ts';

/** Contact channels over `/api/v1` (stack-auth.md §3.9), verification mail over SMTP. */
let inbox: SmtpInbox;
let api: IdentityApp['api'];
let identity: IdentityApp;

beforeAll(async () => {
  identity = await startIdentityApp({ smtp: true });
  ({ api } = identity);
  inbox = identity.inbox!;
});
afterAll(() => identity?.close());

let counter = 0;
const newEmail = () => `channel${++counter}-${Date.now()}@example.com`;
const signUp = () => signUpWithPassword(api, { email: newEmail() });

describe('contact channels', () => {
  it('adds a second email, verifies it by mail and makes it primary', async () => {
    const user = await signUp();
    const second = newEmail();
    const created = await api.call('POST', '/contact-channels', {
      accessToken: user.token,
      body: { user_id: 'me', value: second.toUpperCase(), type: 'email', used_for_auth: true },
    });
    expect(created.statusCode).toBe(201);
    const channel = created.json<{ id: string }>();
    expect(channel).toEqual({
      user_id: user.id,
      id: expect.any(String) as unknown,
      value: second,
      type: 'email',
      used_for_auth: true,
      is_verified: false,
      is_primary: false,
    });

    const listed = await api.call('GET', '/contact-channels?user_id=me', {
      accessToken: user.token,
    });
    expect(
      listed
        .json<{ items: { value: string; is_primary: boolean }[] }>()
        .items.map((c) => [c.value, c.is_primary]),
    ).toEqual([
      [user.email, true],
      [second, false],
    ]);

    const sent = await api.call(
      'POST',
      `/contact-channels/me/${channel.id}/send-verification-code`,
      {
        accessToken: user.token,
        body: { callback_url: '/handler/email-verification' },
      },
    );
    expect(sent.json()).toEqual({ success: true });
    const code = extractLink(
      (await inbox.waitForMail(second)).text,
      '/handler/email-verification',
    ).searchParams.get('code')!;
    expect(
      (await api.call('POST', '/contact-channels/verify', { body: { code } })).statusCode,
    ).toBe(200);
    expectKnownError(
      await api.call('POST', `/contact-channels/me/${channel.id}/send-verification-code`, {
        accessToken: user.token,
        body: { callback_url: '/handler/email-verification' },
      }),
      409,
      'EMAIL_ALREADY_VERIFIED',
    );

    const primary = await api.call('PATCH', `/contact-channels/me/${channel.id}`, {
      accessToken: user.token,
      body: { is_primary: true },
    });
    expect(primary.json()).toMatchObject({ is_primary: true, is_verified: true });
    expect((await api.call('GET', '/users/me', { accessToken: user.token })).json()).toMatchObject({
      primary_email: second,
      primary_email_verified: true,
    });
    // The address signs in now.
    const signIn = await api.call('POST', '/auth/password/sign-in', {
      body: { email: second, password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);

    const old = listed.json<{ items: { id: string }[] }>().items[0]!;
    expect(
      (
        await api.call('DELETE', `/contact-channels/me/${old.id}`, { accessToken: user.token })
      ).json(),
    ).toEqual({ success: true });
    expect(
      (await api.call('GET', '/contact-channels?user_id=me', { accessToken: user.token })).json(),
    ).toMatchObject({ items: [{ value: second }] });
  });

  it("refuses another user's sign-in address, other users' channels and bad bodies", async () => {
    const user = await signUp();
    const other = await signUp();
    expectKnownError(
      await api.call('POST', '/contact-channels', {
        accessToken: user.token,
        body: { user_id: 'me', value: other.email, type: 'email', used_for_auth: true },
      }),
      409,
      'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE',
    );
    // Only as a contact address, not for signing in, it is fine.
    expect(
      (
        await api.call('POST', '/contact-channels', {
          accessToken: user.token,
          body: { user_id: 'me', value: other.email, type: 'email', used_for_auth: false },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await api.call('POST', '/contact-channels', {
          accessToken: user.token,
          body: { user_id: 'me', value: user.email, type: 'email', used_for_auth: false },
        })
      ).statusCode,
    ).toBe(409);

    const othersChannels = await api.call('GET', '/contact-channels?user_id=me', {
      accessToken: other.token,
    });
    const othersChannel = othersChannels.json<{ items: { id: string }[] }>().items[0]!;
    expect(
      (
        await api.call('GET', `/contact-channels?user_id=${other.id}`, {
          accessToken: user.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await api.call('PATCH', `/contact-channels/me/${othersChannel.id}`, {
          accessToken: user.token,
          body: { is_primary: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api.call('DELETE', `/contact-channels/${other.id}/${othersChannel.id}`, {
          accessToken: user.token,
        })
      ).statusCode,
    ).toBe(403);

    // A client may not mark an address verified; bad addresses are named.
    expectKnownError(
      await api.call('POST', '/contact-channels', {
        accessToken: user.token,
        body: {
          user_id: 'me',
          value: newEmail(),
          type: 'email',
          used_for_auth: false,
          is_verified: true,
        },
      }),
      400,
      'SCHEMA_ERROR',
    );
    const bad = await api.call('POST', '/contact-channels', {
      accessToken: user.token,
      body: { user_id: 'me', value: 'nope', type: 'email', used_for_auth: false },
    });
    expectKnownError(bad, 400, 'SCHEMA_ERROR');
    expect(bad.json<{ error: string }>().error).toContain('body.value');
    expectKnownError(
      await api.call('GET', '/contact-channels?user_id=me'),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });

  it('lets the server create verified channels, edit and delete any user’s', async () => {
    const user = await signUp();
    const value = newEmail();
    const created = await api.call('POST', '/contact-channels', {
      tier: 'server',
      body: {
        user_id: user.id,
        value,
        type: 'email',
        used_for_auth: false,
        is_verified: true,
        is_primary: true,
      },
    });
    expect(created.json()).toMatchObject({ value, is_verified: true, is_primary: true });
    expect((await api.call('GET', `/users/${user.id}`, { tier: 'server' })).json()).toMatchObject({
      primary_email: value,
      primary_email_verified: true,
    });
    const { id } = created.json<{ id: string }>();
    const changed = await api.call('PATCH', `/contact-channels/${user.id}/${id}`, {
      tier: 'server',
      body: { value: newEmail() },
    });
    // A new address starts unverified.
    expect(changed.json()).toMatchObject({ is_verified: false });
    expect(
      (await api.call('DELETE', `/contact-channels/${user.id}/${id}`, { tier: 'server' })).json(),
    ).toEqual({ success: true });
    expect(
      (
        await api.call('GET', `/contact-channels?user_id=${crypto.randomUUID()}`, {
          tier: 'server',
        })
      ).statusCode,
    ).toBe(404);
  });
});
