import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const access = () =>
  json({
    projectId: 'a1b2c3d4-0000-4000-8000-000000000000',
    publishableClientKey: 'pck_test',
    accessToken: null,
  });

afterEach(() => sessionStorage.clear());

describe('/handler/oauth-callback', () => {
  it('exchanges the code with this tab’s verifier, starts the session and goes on', async () => {
    sessionStorage.setItem(
      'ipick-oauth:state-1',
      JSON.stringify({ verifier: 'the-verifier', returnTo: '/favorites' }),
    );
    const user = buildUser({ email: 'oauth@example.com' });
    const api = stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'POST /api/v1/auth/oauth/token': ({ body }) => {
          expect(body).toMatchObject({
            grant_type: 'authorization_code',
            code: 'one-time',
            code_verifier: 'the-verifier',
            redirect_uri: 'http://localhost:3000/handler/oauth-callback',
            client_id: 'a1b2c3d4-0000-4000-8000-000000000000',
          });
          return json({ access_token: 'at', refresh_token: 'rt', token_type: 'Bearer' });
        },
        'POST /api/auth/identity-session': ({ body }, session) => {
          expect(body).toEqual({ refreshToken: 'rt' });
          session.user = user;
          return json({ success: true, user });
        },
      },
    });
    const { router } = renderAt('/handler/oauth-callback?code=one-time&state=state-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/favorites'));
    expect(sentRequests(api.fetch)).toContain('POST /api/auth/identity-session');
    // The verifier is spent with the code.
    expect(sessionStorage.getItem('ipick-oauth:state-1')).toBeNull();
  });

  it('says the §8 words when the provider refused, and offers to sign in again', async () => {
    stubApi({ routes: { 'POST /api/auth/identity-token': access } });
    renderAt(
      '/handler/oauth-callback?error=server_error&errorCode=OAUTH_PROVIDER_ACCESS_DENIED&state=x',
    );
    expect(
      await screen.findByText('Error signing in during OAuth callback. Please try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/handler/sign-in',
    );
  });

  it('sends a user with two-step verification to the code page, then signs them in', async () => {
    sessionStorage.setItem(
      'ipick-oauth:state-2',
      JSON.stringify({ verifier: 'v', returnTo: '/history' }),
    );
    const user = buildUser({ email: 'mfa@example.com' });
    let totpTries = 0;
    stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'POST /api/v1/auth/oauth/token': () =>
          json(
            {
              code: 'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
              error: 'Multi-factor authentication is required for this user.',
              details: { attempt_code: 'attempt-1' },
            },
            400,
          ),
        'POST /api/v1/auth/mfa/sign-in': ({ body }) => {
          expect(body).toMatchObject({ type: 'totp', code: 'attempt-1' });
          if (++totpTries === 1) {
            return json(
              { code: 'INVALID_TOTP_CODE', error: 'The TOTP code is invalid. Please try again.' },
              400,
            );
          }
          return json({ access_token: 'at', refresh_token: 'rt-mfa' });
        },
        'POST /api/auth/identity-session': (_request, session) => {
          session.user = user;
          return json({ success: true, user });
        },
      },
    });
    const { router } = renderAt('/handler/oauth-callback?code=c&state=state-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/handler/mfa'));
    const field = await screen.findByLabelText('Code from your authenticator app');
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Invalid TOTP code. Please try signing in again.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
  });
});

describe('/handler/mfa without a sign-in waiting', () => {
  it('says the step follows a sign-in', async () => {
    stubApi();
    renderAt('/handler/mfa');
    expect(await screen.findByText('This step follows a sign-in')).toBeTruthy();
  });
});

describe('the sign-in page', () => {
  it('offers each configured OAuth provider and a passkey', async () => {
    stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'GET /api/v1/projects/current': () =>
          json({
            id: 'p',
            display_name: 'ipick',
            config: {
              passkey_enabled: true,
              enabled_oauth_providers: [{ id: 'github' }, { id: 'local' }],
            },
          }),
      },
    });
    renderAt('/handler/sign-in');
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Local' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
  });

  it('shows only the password and link when the project offers nothing else', async () => {
    stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'GET /api/v1/projects/current': () => apiError(500, 'boom', 'boom'),
      },
    });
    renderAt('/handler/sign-in');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});

describe('/handler/cli-auth-confirm', () => {
  it('sends someone signed out to sign in and back', async () => {
    stubApi();
    renderAt('/handler/cli-auth-confirm?login_code=abc');
    const link = await screen.findByRole('link', { name: 'Sign in to continue' });
    expect(link.getAttribute('href')).toBe(
      `/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/cli-auth-confirm?login_code=abc')}`,
    );
  });

  it('lets a signed-in user approve the tool, and says when the code has expired', async () => {
    let confirmations = 0;
    stubApi({
      user: buildUser({ email: 'cli@example.com' }),
      routes: {
        'POST /api/auth/cli-confirm': ({ body }) => {
          expect(body).toEqual({ loginCode: 'abc' });
          return ++confirmations === 1
            ? apiError(400, 'invalid_code', 'CLI authentication request expired. Please try again.')
            : json({ success: true });
        },
      },
    });
    renderAt('/handler/cli-auth-confirm?login_code=abc');
    expect(await screen.findByText(/asks to sign in to ipick as/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve sign-in' }));
    expect(
      await screen.findByText('CLI authentication request expired. Please try again.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve sign-in' }));
    expect(await screen.findByText('The command-line tool is signed in')).toBeTruthy();
  });
});
