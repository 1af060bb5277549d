import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, json, stubApi, type FakeRequest } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const PRIMARY = { id: 'c1', value: 'ada@example.com', is_primary: true, is_verified: true };
const SECOND = { id: 'c2', value: 'ada@work.example', is_primary: false, is_verified: true };
const NEW = { id: 'c3', value: 'ada@home.example', is_primary: false, is_verified: false };
const channel = (fields: typeof PRIMARY) => ({ ...fields, used_for_auth: fields.is_primary });

function stubAccount(extra: Record<string, (request: FakeRequest) => Response> = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = (request: FakeRequest) => {
    sent.push({ method: request.method, path: request.path, body: request.body });
    return json({ success: true });
  };
  stubApi({
    user: buildUser({ email: 'ada@example.com' }),
    routes: {
      'GET /api/auth/sessions': () => json({ sessions: [] }),
      'POST /api/auth/identity-token': () =>
        json({ projectId: 'p', publishableClientKey: 'pck', accessToken: 'token' }),
      'GET /api/v1/contact-channels': () =>
        json({ items: [channel(PRIMARY), channel(SECOND), channel(NEW)], is_paginated: false }),
      'GET /api/v1/teams': () => json({ items: [{ id: 't1', display_name: 'Lamp Shop' }] }),
      'POST /api/v1/contact-channels': (request) => {
        sent.push({ method: request.method, path: request.path, body: request.body });
        return json(channel({ ...NEW, id: 'c4', value: 'ada@new.example' }), 201);
      },
      'POST /api/v1/contact-channels/me/c4/send-verification-code': record,
      'POST /api/v1/contact-channels/me/c3/send-verification-code': record,
      'PATCH /api/v1/contact-channels/me/c2': record,
      'DELETE /api/v1/contact-channels/me/c3': record,
      ...extra,
    },
  });
  return sent;
}

describe('account settings: email addresses and teams', () => {
  it('lists the addresses with their state, and the teams', async () => {
    stubAccount();
    renderAt('/handler/account-settings');
    const list = await screen.findByRole('list', { name: 'Email addresses' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('ada@example.comPrimaryVerified') as unknown,
      expect.stringContaining('ada@work.exampleVerified') as unknown,
      expect.stringContaining('ada@home.exampleNot verified') as unknown,
    ]);
    // The primary address can be neither removed nor made primary again.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(await screen.findByText('Lamp Shop')).toBeTruthy();
  });

  it('adds an address and mails it a link, verifies, makes primary and removes', async () => {
    const sent = stubAccount();
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    const form = await screen.findByRole('form', { name: 'Add an email address' });
    await user.type(within(form).getByLabelText('Another email address'), 'not an address');
    await user.click(within(form).getByRole('button', { name: 'Add email' }));
    expect(within(form).getByText('Enter a valid email address')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Another email address'));
    await user.type(within(form).getByLabelText('Another email address'), 'ada@new.example');
    await user.click(within(form).getByRole('button', { name: 'Add email' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/contact-channels',
      body: { user_id: 'me', type: 'email', value: 'ada@new.example', used_for_auth: false },
    });
    expect(sent[1]).toMatchObject({
      path: '/api/v1/contact-channels/me/c4/send-verification-code',
      body: { callback_url: expect.stringMatching(/\/handler\/email-verification$/) as unknown },
    });

    await user.click(
      screen.getByRole('button', { name: 'Send a verification link to ada@home.example' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Make ada@work.example your primary email' }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove ada@home.example' }));
    await user.click(await screen.findByRole('button', { name: 'Remove email' }));
    await waitFor(() => expect(sent).toHaveLength(5));
    expect(sent.slice(2)).toEqual([
      expect.objectContaining({ path: '/api/v1/contact-channels/me/c3/send-verification-code' }),
      expect.objectContaining({
        method: 'PATCH',
        path: '/api/v1/contact-channels/me/c2',
        body: { is_primary: true, used_for_auth: true },
      }),
      expect.objectContaining({ method: 'DELETE', path: '/api/v1/contact-channels/me/c3' }),
    ]);
  });

  it("shows the server's reason when an address is refused", async () => {
    stubAccount({
      'POST /api/v1/contact-channels': () =>
        json(
          {
            code: 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE',
            error: 'This email is already used by another account.',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    const form = await screen.findByRole('form', { name: 'Add an email address' });
    await user.type(within(form).getByLabelText('Another email address'), 'taken@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add email' }));
    expect(
      await within(form).findByText('This email is already used by another account.'),
    ).toBeTruthy();
  });

  it('says personal keys are not offered while the project has them off', async () => {
    stubAccount({
      'GET /api/v1/projects/current': () => json({ config: { allow_user_api_keys: false } }),
    });
    renderAt('/handler/account-settings');
    expect(await screen.findByText('Personal API keys are not offered on ipick yet.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create an API key' })).toBeNull();
  });

  it('creates a key, shows its secret once with a copy button, revokes and renames a key', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    const key = {
      id: 'k1',
      description: 'price feed',
      created_at_millis: Date.now(),
      value: { last_four: 'AB12' },
    };
    stubAccount({
      'GET /api/v1/projects/current': () => json({ config: { allow_user_api_keys: true } }),
      'GET /api/v1/user-api-keys': () => json({ items: [key], is_paginated: false }),
      'POST /api/v1/user-api-keys': (request) => {
        sent.push({ method: request.method, path: request.path, body: request.body });
        return json({ ...key, id: 'k2', description: 'stock sync', value: 'ipick_sk_user_SECRET' });
      },
      'PATCH /api/v1/user-api-keys/k1': (request) => {
        // The server needs the owner in the query (user_id=me), or it refuses the change.
        const path = `${request.path}${request.url.search}`;
        sent.push({ method: request.method, path, body: request.body });
        return json({ ...key, manually_revoked_at_millis: Date.now() });
      },
    });
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    expect(await screen.findByText('price feed')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create an API key' });
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByText('Say what the key is for')).toBeTruthy();
    await user.type(within(form).getByLabelText('What the key is for'), 'stock sync');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('ipick_sk_user_SECRET')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe('ipick_sk_user_SECRET');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke the key price feed' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Rename the key price feed' }));
    const renaming = await screen.findByRole('dialog');
    await user.click(within(renaming).getByRole('button', { name: 'Save name' }));
    expect(
      await within(renaming).findByText('Give the key a name that says what uses it.'),
    ).toBeTruthy();
    await user.type(within(renaming).getByLabelText('New name'), 'nightly stock sync');
    await user.click(within(renaming).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/v1/user-api-keys',
        body: { user_id: 'me', description: 'stock sync', expires_at_millis: null },
      },
      { method: 'PATCH', path: '/api/v1/user-api-keys/k1?user_id=me', body: { revoked: true } },
      {
        method: 'PATCH',
        path: '/api/v1/user-api-keys/k1?user_id=me',
        body: { description: 'nightly stock sync' },
      },
    ]);
  });

  it('leaves a team after confirming, and shows why a shop owner cannot', async () => {
    const sent: string[] = [];
    stubAccount({
      'GET /api/v1/teams': () =>
        json({
          items: [
            {
              id: 't1',
              display_name: 'Lamp Shop',
              client_read_only_metadata: { ipick_business: true },
            },
            { id: 't2', display_name: 'Book Club', client_read_only_metadata: null },
          ],
        }),
      'DELETE /api/v1/team-memberships/t1/me': (request) => {
        sent.push(`${request.method} ${request.path}`);
        return new Response(
          'You own Lamp Shop on ipick, so you cannot leave its team: the business needs its owner.',
          { status: 409, headers: { 'Content-Type': 'text/plain' } },
        );
      },
      'DELETE /api/v1/team-memberships/t2/me': (request) => {
        sent.push(`${request.method} ${request.path}`);
        return json({ success: true });
      },
    });
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    await user.click(await screen.findByRole('button', { name: 'Leave Lamp Shop' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("A business's owner cannot leave its team.");
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    expect(
      await within(dialog).findByText(
        'You own Lamp Shop on ipick, so you cannot leave its team: the business needs its owner.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(sent).toEqual(['DELETE /api/v1/team-memberships/t1/me']);
    await user.click(screen.getByRole('button', { name: 'Leave Book Club' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave team' }),
    );
    await waitFor(() =>
      expect(sent).toEqual([
        'DELETE /api/v1/team-memberships/t1/me',
        'DELETE /api/v1/team-memberships/t2/me',
      ]),
    );
  });
});
