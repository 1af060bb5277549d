import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

async function fillPasswords(password: string, confirmation: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Reset password' });
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
  return user;
}

describe('/reset-password', () => {
  it('says when the passwords do not match, without calling the server', async () => {
    const api = stubApi();
    renderAt('/reset-password?code=abc123');
    await fillPasswords('new password 1', 'new password 2');

    const confirm = screen.getByLabelText('Confirm password');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(sentRequests(api.fetch)).not.toContain('POST /api/auth/reset-password');
  });

  it('sets the new password with the code from the link', async () => {
    stubApi({
      routes: {
        'POST /api/auth/reset-password': ({ body }) => {
          expect(body).toEqual({ code: 'abc123', password: 'new password 1' });
          return json({ success: true });
        },
      },
    });
    renderAt('/reset-password?code=abc123');
    await fillPasswords('new password 1', 'new password 1');

    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Your password has been changed.');
    expect(within(done).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's message for a used or expired code, with a way to a new email", async () => {
    stubApi({
      routes: {
        'POST /api/auth/reset-password': () =>
          apiError(400, 'invalid_code', 'This reset link has expired or was already used.'),
      },
    });
    const { router } = renderAt('/reset-password?code=old');
    const user = await fillPasswords('new password 1', 'new password 1');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This reset link has expired or was already used.');
    await user.click(within(alert).getByRole('link', { name: 'Request a new reset email' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('without a code, asks for the email to send a link to', async () => {
    stubApi({ routes: { 'POST /api/auth/forgot-password': () => json({ success: true }) } });
    const user = userEvent.setup();
    renderAt('/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Reset password' });
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "If an account exists for that email, we've sent a link to reset the password.",
    );
  });
});
