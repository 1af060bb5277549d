import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { apiError, buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const shopper = buildUser({ email: 'ada@example.com', emailVerified: false });

/** As in the app's entry point: StrictMode runs effects twice in development. */
function renderStrictAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router };
}

function locationOf(router: ReturnType<typeof renderAt>['router']): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

describe('/handler/email-verification', () => {
  it('verifies the code from the link once, even under StrictMode', async () => {
    const api = stubApi({
      routes: {
        'POST /api/auth/verify-email': ({ body }) => {
          expect(body).toEqual({ code: 'code-1' });
          return json({ success: true });
        },
      },
    });
    renderStrictAt('/handler/email-verification?code=code-1');
    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    expect(
      sentRequests(api.fetch).filter((request) => request === 'POST /api/auth/verify-email'),
    ).toHaveLength(1);
  });

  it("shows the server's message for a bad code", async () => {
    stubApi({
      routes: {
        'POST /api/auth/verify-email': () =>
          apiError(400, 'invalid_code', 'This verification link has expired.'),
      },
    });
    renderAt('/handler/email-verification?code=old');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This verification link has expired.');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/handler/sign-in');
  });
});

describe('/handler/magic-link-callback', () => {
  it('signs in with the code and goes to after_auth_return_to', async () => {
    stubApi({
      routes: {
        'POST /api/auth/magic-link/sign-in': ({ body }, session) => {
          expect(body).toEqual({ code: 'link-1' });
          session.user = shopper;
          return json({ success: true, user: shopper });
        },
      },
    });
    const { router } = renderAt(
      '/handler/magic-link-callback?code=link-1&after_auth_return_to=%2Ffavorites',
    );
    await screen.findByRole('heading', { level: 1, name: 'Favorites' });
    expect(locationOf(router)).toBe('/favorites');
  });

  it('goes home instead of to another site', async () => {
    stubApi({
      routes: {
        'POST /api/auth/magic-link/sign-in': (_request, session) => {
          session.user = shopper;
          return json({ success: true, user: shopper });
        },
      },
    });
    const { router } = renderAt(
      '/handler/magic-link-callback?code=link-1&after_auth_return_to=%2F%2Fevil.com',
    );
    await screen.findByRole('heading', { level: 1, name: 'Compare prices before you buy' });
    expect(locationOf(router)).toBe('/');
  });
});

describe('/handler/sign-in and /handler/sign-up', () => {
  it('signs in, then opens after_auth_return_to', async () => {
    stubApi({
      routes: {
        'POST /api/auth/login': (_request, session) => {
          session.user = shopper;
          return json({ success: true, user: shopper });
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/handler/sign-in?after_auth_return_to=%2Fhistory');
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(main.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/handler/sign-up?after_auth_return_to=%2Fhistory',
    );
    await user.type(main.getByLabelText('Email'), 'ada@example.com');
    await user.type(main.getByLabelText('Password'), 'pw');
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Search history' });
    expect(locationOf(router)).toBe('/history');
  });

  it('after sign-up goes to the after-sign-in page (home)', async () => {
    stubApi({
      routes: {
        'POST /api/auth/register': (_request, session) => {
          session.user = shopper;
          return json({ success: true, user: shopper }, 201);
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/handler/sign-up');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough pw');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: 'Compare prices before you buy' });
    expect(locationOf(router)).toBe('/');
  });
});

describe('/handler/sign-out', () => {
  it('signs out, then goes home', async () => {
    const api = stubApi({
      user: shopper,
      routes: {
        'POST /api/auth/logout': (_request, session) => {
          session.user = null;
          return json({ success: true });
        },
      },
    });
    const { router } = renderAt('/handler/sign-out');
    await screen.findByRole('heading', { level: 1, name: 'Compare prices before you buy' });
    expect(locationOf(router)).toBe('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(sentRequests(api.fetch)).toContain('POST /api/auth/logout');
  });
});

describe('/handler/error', () => {
  it('shows the message and code from the address as plain text', async () => {
    stubApi();
    renderAt(
      `/handler/error?errorCode=REDIRECT_URL_NOT_WHITELISTED&message=${encodeURIComponent(
        '<img src=x onerror=alert(1)> Redirect URL not trusted',
      )}`,
    );
    await screen.findByRole('heading', { level: 1, name: 'Sign-in problem' });
    expect(screen.getByText('<img src=x onerror=alert(1)> Redirect URL not trusted')).toBeTruthy();
    expect(screen.getByText('REDIRECT_URL_NOT_WHITELISTED')).toBeTruthy();
    expect(document.querySelector('main img')).toBeNull();
  });
});

describe('/handler/account-settings', () => {
  it('asks a signed-out visitor to sign in first', async () => {
    stubApi();
    const { router } = renderAt('/handler/account-settings');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(locationOf(router)).toBe(
      '/handler/sign-in?after_auth_return_to=%2Fhandler%2Faccount-settings',
    );
  });

  const sessions = [
    {
      id: '11111111-1111-4111-8111-111111111111',
      createdAt: '2025-03-01T10:00:00.000Z',
      lastUsedAt: '2025-03-02T10:00:00.000Z',
      lastUsedIp: '203.0.113.5',
      isCurrent: true,
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      createdAt: '2025-02-01T10:00:00.000Z',
      lastUsedAt: null,
      lastUsedIp: '198.51.100.7',
      isCurrent: false,
    },
  ];

  it('shows the email with its state, resends verification and signs out another device', async () => {
    let current = sessions;
    const api = stubApi({
      user: shopper,
      routes: {
        'GET /api/auth/sessions': () => json({ sessions: current }),
        'DELETE /api/auth/sessions/22222222-2222-4222-8222-222222222222': () => {
          current = sessions.slice(0, 1);
          return json({ success: true });
        },
        'POST /api/auth/send-verification-email': () => json({ success: true }),
      },
    });
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    const main = within(screen.getByRole('main'));
    expect(main.getByText('ada@example.com')).toBeTruthy();
    expect(main.getByText('Not verified')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await main.findByText("We've sent a verification link to ada@example.com."),
    ).toBeTruthy();

    const signOut = await screen.findByRole('button', { name: /^Sign out the device at 198\.51/ });
    await user.click(signOut);
    await waitFor(() => expect(screen.queryByText('Device at 198.51.100.7')).toBeNull());
    expect(sentRequests(api.fetch)).toContain(
      'DELETE /api/auth/sessions/22222222-2222-4222-8222-222222222222',
    );
    const signOutOthers = screen.getByRole('button', { name: 'Sign out of all other devices' });
    expect(signOutOthers.hasAttribute('disabled')).toBe(true);
  });

  it('changes the password after checking the confirmation', async () => {
    const api = stubApi({
      user: shopper,
      routes: {
        'GET /api/auth/sessions': () => json({ sessions }),
        'POST /api/auth/change-password': ({ body }) => {
          expect(body).toEqual({ currentPassword: 'old password', newPassword: 'new password 1' });
          return json({ success: true });
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    await user.type(screen.getByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('Confirm password'), 'new password 2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(sentRequests(api.fetch)).not.toContain('POST /api/auth/change-password');

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password changed. Your other devices have been signed out.'),
    ).toBeTruthy();
  });

  it('saves the display name and shows it in the header', async () => {
    stubApi({
      user: shopper,
      routes: {
        'GET /api/auth/sessions': () => json({ sessions }),
        'PATCH /api/auth/me': ({ body }) =>
          json({
            user: { ...shopper, displayName: (body as { displayName: string }).displayName },
          }),
      },
    });
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    await user.type(screen.getByLabelText('Display name'), 'Ada L');
    await user.click(screen.getByRole('button', { name: 'Save display name' }));
    expect(await screen.findByText('Display name saved.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Ada L/ })).toBeTruthy();
  });

  it('says plainly that a display name is too long, without sending it', async () => {
    const api = stubApi({
      user: shopper,
      routes: { 'GET /api/auth/sessions': () => json({ sessions }) },
    });
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    const field = screen.getByLabelText('Display name');
    await user.click(field);
    await user.paste('a'.repeat(300));
    await user.click(screen.getByRole('button', { name: 'Save display name' }));
    expect(await screen.findByText('Display names are at most 256 characters')).toBeTruthy();
    expect(screen.queryByText(/Too big|expected string/)).toBeNull();
    expect(sentRequests(api.fetch)).not.toContain('PATCH /api/auth/me');
  });

  it('clearing the display name removes it (saves no name)', async () => {
    const named = { ...shopper, displayName: 'Ada L' };
    const bodies: unknown[] = [];
    stubApi({
      user: named,
      routes: {
        'GET /api/auth/sessions': () => json({ sessions }),
        'PATCH /api/auth/me': ({ body }) => {
          bodies.push(body);
          return json({ user: { ...named, displayName: null } });
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    expect(screen.getByRole('button', { name: /Ada L/ })).toBeTruthy();
    await user.clear(screen.getByLabelText('Display name'));
    await user.click(screen.getByRole('button', { name: 'Save display name' }));
    expect(await screen.findByText('Display name saved.')).toBeTruthy();
    expect(screen.queryByText('Enter a display name')).toBeNull();
    expect(bodies).toEqual([{ displayName: null }]);
    expect(screen.queryByRole('button', { name: /Ada L/ })).toBeNull();
  });
});
