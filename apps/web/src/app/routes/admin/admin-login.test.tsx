import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, buildUser, json, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const admin = buildUser({ email: 'root@example.com', isAdmin: true });

async function submitAdminLogin(email: string) {
  const user = userEvent.setup();
  const main = within(screen.getByRole('main'));
  await user.type(main.getByLabelText('Email'), email);
  await user.type(main.getByLabelText('Password'), 'secret password');
  await user.click(main.getByRole('button', { name: 'Sign in' }));
}

describe('admin sign-in', () => {
  it('sends a signed-out visitor of /admin/business to /admin-login and back', async () => {
    stubApi({
      routes: {
        'POST /api/admin/auth/login': ({ body }, session) => {
          expect(body).toEqual({ email: 'root@example.com', password: 'secret password' });
          session.user = admin;
          return json({ success: true, user: admin });
        },
      },
    });
    const { router } = renderAt('/admin/business');
    await screen.findByRole('heading', { level: 1, name: 'Admin sign in' });
    expect(router.state.location.search).toBe('?returnTo=%2Fadmin%2Fbusiness');

    await submitAdminLogin('root@example.com');
    await screen.findByRole('heading', { level: 1, name: 'Business management' });
    expect(router.state.location.pathname).toBe('/admin/business');
    expect(within(screen.getByRole('main')).getByText('root@example.com')).toBeTruthy();
  });

  it("refuses a non-admin with the server's message", async () => {
    stubApi({
      routes: {
        'POST /api/admin/auth/login': () =>
          apiError(403, 'forbidden', 'This account does not have admin access.'),
      },
    });
    const { router } = renderAt('/admin-login');
    await screen.findByRole('heading', { level: 1, name: 'Admin sign in' });
    await submitAdminLogin('shopper@example.com');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account does not have admin access.',
    );
    expect(router.state.location.pathname).toBe('/admin-login');
    // No session was created: the header still offers sign-in.
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(within(header).getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('tells a signed-in shopper why /admin sent them here', async () => {
    stubApi({ user: buildUser() });
    const { router } = renderAt('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Admin sign in' });
    expect(router.state.location.search).toBe('?returnTo=%2Fadmin');
    expect(screen.getByText('This account does not have admin access')).toBeTruthy();
  });

  it('lets a signed-in admin straight through to /admin', async () => {
    stubApi({ user: admin });
    const { router } = renderAt('/admin-login');
    await screen.findByRole('heading', { level: 1, name: 'Admin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
