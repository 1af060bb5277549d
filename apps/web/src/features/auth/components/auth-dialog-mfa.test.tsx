import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const access = () =>
  json({
    projectId: 'a1b2c3d4-0000-4000-8000-000000000000',
    publishableClientKey: 'pck_test',
    accessToken: null,
  });

const project = () =>
  json({
    id: 'p',
    display_name: 'ipick',
    config: { passkey_enabled: true, enabled_oauth_providers: [{ id: 'github' }] },
  });

describe('the sign-in modal, other methods and two-factor', () => {
  it('offers each configured OAuth provider and a passkey', async () => {
    stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'GET /api/v1/projects/current': project,
      },
    });
    const user = userEvent.setup();
    renderAt('/');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(
      await within(dialog).findByRole('button', { name: 'Continue with GitHub' }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
  });

  it('asks for the authenticator code in the modal after the password, then signs in', async () => {
    const shopper = buildUser({ email: 'two@example.com' });
    let tries = 0;
    const api = stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'GET /api/v1/projects/current': project,
        'POST /api/auth/login': () =>
          json(
            {
              code: 'mfa_required',
              error: 'Enter the code from your authenticator app.',
              details: { attemptCode: 'attempt-9' },
            },
            400,
          ),
        'POST /api/v1/auth/mfa/sign-in': ({ body }) => {
          expect(body).toMatchObject({ type: 'totp', code: 'attempt-9' });
          return ++tries === 1
            ? json({ code: 'INVALID_TOTP_CODE', error: 'The TOTP code is invalid.' }, 400)
            : json({ access_token: 'at', refresh_token: 'rt-9' });
        },
        'POST /api/auth/identity-session': ({ body }, session) => {
          expect(body).toEqual({ refreshToken: 'rt-9' });
          session.user = shopper;
          return json({ success: true, user: shopper });
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/history');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await user.type(within(dialog).getByLabelText('Email'), 'two@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    const codeDialog = await screen.findByRole('dialog', { name: 'Two-step verification' });
    const field = within(codeDialog).getByLabelText('Code from your authenticator app');
    await user.type(field, '111111');
    await user.click(within(codeDialog).getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await within(codeDialog).findByText('Invalid TOTP code. Please try signing in again.'),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, '222222');
    await user.click(within(codeDialog).getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: /two@example\.com/ })).toBeTruthy();
    // The step happened in the modal: no page jump.
    expect(router.state.location.pathname).toBe('/history');
    expect(sentRequests(api.fetch)).toContain('POST /api/auth/identity-session');
  });

  it('takes a recovery code instead of the app code', async () => {
    const shopper = buildUser({ email: 'lost@example.com' });
    stubApi({
      routes: {
        'POST /api/auth/identity-token': access,
        'GET /api/v1/projects/current': project,
        'POST /api/auth/login': () =>
          json(
            { code: 'mfa_required', error: 'Code needed.', details: { attemptCode: 'a-1' } },
            400,
          ),
        'POST /api/v1/auth/mfa/sign-in': ({ body }) =>
          (body as { recovery_code?: string }).recovery_code === 'abcd-efgh-ijkl-mnop'
            ? json({ access_token: 'at', refresh_token: 'rt-r' })
            : json({ code: 'INVALID_RECOVERY_CODE', error: 'Invalid.' }, 400),
        'POST /api/auth/identity-session': (_request, session) => {
          session.user = shopper;
          return json({ success: true, user: shopper });
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await user.type(within(dialog).getByLabelText('Email'), 'lost@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    const codeDialog = await screen.findByRole('dialog', { name: 'Two-step verification' });
    await user.click(
      within(codeDialog).getByRole('button', { name: 'Use a recovery code instead' }),
    );
    const field = within(codeDialog).getByLabelText('Recovery code');
    await user.type(field, 'wrong-code');
    await user.click(within(codeDialog).getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await within(codeDialog).findByText('That recovery code is wrong or was already used.'),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'abcd-efgh-ijkl-mnop');
    await user.click(within(codeDialog).getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('button', { name: /lost@example\.com/ })).toBeTruthy();
  });
});
