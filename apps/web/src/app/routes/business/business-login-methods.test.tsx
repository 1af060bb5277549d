import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const access = () =>
  json({
    projectId: 'a1b2c3d4-0000-4000-8000-000000000000',
    publishableClientKey: 'pck_test',
    accessToken: null,
  });

const business = {
  id: '7d9f0a52-3c1b-4e6a-9f0e-2b7c8d9e0f1a',
  name: 'Lamp Shop',
  domain: 'lamps.example',
  contactEmail: 'owner@lamps.example',
  status: 'active',
  suspensionReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => sessionStorage.clear());

describe('/business-login with OAuth and passkeys', () => {
  it('offers each configured OAuth provider and a passkey beside the password', async () => {
    stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'GET /api/v1/projects/current': () =>
          json({
            id: 'p',
            display_name: 'ipick',
            config: { passkey_enabled: true, enabled_oauth_providers: [{ id: 'google' }] },
          }),
      },
    });
    renderAt('/business-login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it("makes a merchant's OAuth sign-in their business session and opens the dashboard", async () => {
    sessionStorage.setItem(
      'ipick-oauth:biz-1',
      JSON.stringify({ verifier: 'v', returnTo: '/business/dashboard', target: 'business' }),
    );
    const api = stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'POST /api/v1/auth/oauth/token': () =>
          json({ access_token: 'at', refresh_token: 'rt-biz', token_type: 'Bearer' }),
        'POST /api/business/auth/identity-session': ({ body }) => {
          expect(body).toEqual({ refreshToken: 'rt-biz' });
          return json({ success: true, business });
        },
      },
    });
    const { router } = renderAt('/handler/oauth-callback?code=c&state=biz-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/business/dashboard'));
    const sent = sentRequests(api.fetch);
    expect(sent).toContain('POST /api/business/auth/identity-session');
    expect(sent).not.toContain('POST /api/auth/identity-session');
  });

  it('says so when the account is on no business team', async () => {
    sessionStorage.setItem(
      'ipick-oauth:biz-2',
      JSON.stringify({ verifier: 'v', returnTo: '/business/dashboard', target: 'business' }),
    );
    const words =
      "This account is not on any business's team. Ask the business's owner for an invitation, or register your business.";
    stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'POST /api/v1/auth/oauth/token': () =>
          json({ access_token: 'at', refresh_token: 'rt-x', token_type: 'Bearer' }),
        'POST /api/business/auth/identity-session': () => apiError(403, 'forbidden', words),
      },
    });
    renderAt('/handler/oauth-callback?code=c&state=biz-2');
    expect(await screen.findByText(words)).toBeTruthy();
  });

  it('asks a two-factor merchant for the code on the page, then opens the dashboard', async () => {
    const api = stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'GET /api/v1/projects/current': () =>
          json({
            id: 'p',
            display_name: 'ipick',
            config: { passkey_enabled: false, enabled_oauth_providers: [] },
          }),
        'POST /api/business/auth/login': () =>
          json(
            { code: 'mfa_required', error: 'Code needed.', details: { attemptCode: 'biz-a' } },
            400,
          ),
        'POST /api/v1/auth/mfa/sign-in': ({ body }) => {
          expect(body).toMatchObject({ type: 'totp', totp: '123456', code: 'biz-a' });
          return json({ access_token: 'at', refresh_token: 'rt-code' });
        },
        'POST /api/business/auth/identity-session': ({ body }) => {
          expect(body).toEqual({ refreshToken: 'rt-code' });
          return json({ success: true, business });
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/business-login');
    const main = within(await screen.findByRole('main'));
    await user.type(await main.findByLabelText('Email'), 'owner@lamps.example');
    await user.type(main.getByLabelText('Password'), 'correct horse');
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/business/dashboard'));
    expect(sentRequests(api.fetch)).not.toContain('POST /api/auth/identity-session');
  });
});
