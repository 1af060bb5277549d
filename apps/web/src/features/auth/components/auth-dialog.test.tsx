import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const shopper = buildUser({ email: 'ada@example.com' });

async function openSignIn() {
  const user = userEvent.setup();
  renderAt('/');
  await user.click(await screen.findByRole('button', { name: 'Sign in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
  return { user, dialog };
}

async function signIn(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  password = 'correct horse',
) {
  await user.type(within(dialog).getByLabelText('Email'), 'Ada@Example.com');
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in modal', () => {
  it('signs in and shows the user in the header', async () => {
    const api = stubApi({
      routes: {
        'POST /api/auth/login': ({ body }, session) => {
          expect(body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
          session.user = shopper;
          return json({ success: true, user: shopper });
        },
      },
    });
    const { user, dialog } = await openSignIn();
    await signIn(user, dialog);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: /ada@example\.com/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(sentRequests(api.fetch)).toContain('POST /api/auth/login');
  });

  it('puts focus on the account menu button that replaced "Sign in", not on the page body', async () => {
    stubApi({
      routes: {
        'POST /api/auth/login': (_request, session) => {
          session.user = shopper;
          return json({ success: true, user: shopper });
        },
      },
    });
    const { user, dialog } = await openSignIn();
    await signIn(user, dialog);

    const menuButton = await screen.findByRole('button', { name: /ada@example\.com/ });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
    // The dialog's own focus return runs a moment later; it must not undo this.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it("shows the server's message for a wrong password and stays open", async () => {
    stubApi({
      routes: {
        'POST /api/auth/login': () =>
          apiError(401, 'invalid_credentials', 'Wrong email or password.'),
      },
    });
    const { user, dialog } = await openSignIn();
    await signIn(user, dialog, 'wrong');

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Wrong email or password.');
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBe(dialog);
  });

  it("says 'Login failed' when the server gives no message", async () => {
    stubApi({
      routes: {
        'POST /api/auth/login': () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
      },
    });
    const { user, dialog } = await openSignIn();
    await signIn(user, dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Login failed');
  });

  it("says 'Network error occurred' when the request gets no answer", async () => {
    stubApi({
      routes: {
        'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')),
      },
    });
    const { user, dialog } = await openSignIn();
    await signIn(user, dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Network error occurred');
  });

  it('shows the server message of a rate limit', async () => {
    stubApi({
      routes: {
        'POST /api/auth/login': () =>
          json(
            { error: 'Too many attempts. Try again in 60 seconds.', code: 'rate_limited' },
            429,
            {
              'Retry-After': '60',
            },
          ),
      },
    });
    const { user, dialog } = await openSignIn();
    await signIn(user, dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 60 seconds.',
    );
  });

  it('says "Signing in…" and signs in once while the call is pending', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetch } = stubApi({
      routes: {
        'POST /api/auth/login': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const { user, dialog } = await openSignIn();
    await signIn(user, dialog);

    const pending = await within(dialog).findByRole('button', { name: 'Signing in…' });
    // aria-disabled, not disabled, so keyboard focus stays on it; pressing it again sends nothing.
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    expect(pending.hasAttribute('disabled')).toBe(false);
    await user.click(pending);
    expect(sentRequests(fetch).filter((call) => call === 'POST /api/auth/login')).toHaveLength(1);
    answer(json({ success: true, user: shopper }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names the missing fields, linked to their inputs, without calling the server', async () => {
    const api = stubApi();
    const { user, dialog } = await openSignIn();
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    const email = within(dialog).getByLabelText('Email');
    expect(await within(dialog).findByText('Enter your email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0]!)?.textContent).toBe(
      'Enter your email address',
    );
    expect(within(dialog).getByText('Enter your password')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(sentRequests(api.fetch)).not.toContain('POST /api/auth/login');
  });

  it('closes with Esc and gives focus back to the header button', async () => {
    stubApi();
    const { user } = await openSignIn();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in' }));
  });

  it('creates an account on the second tab', async () => {
    stubApi({
      routes: {
        'POST /api/auth/register': ({ body }, session) => {
          expect(body).toEqual({ email: 'new@example.com', password: 'long enough pw' });
          session.user = buildUser({ email: 'new@example.com', emailVerified: false });
          return json({ success: true, user: session.user }, 201);
        },
      },
    });
    const { user, dialog } = await openSignIn();
    await user.click(within(dialog).getByRole('tab', { name: 'Create account' }));
    const signUp = screen.getByRole('dialog', { name: 'Create an account' });
    await user.type(within(signUp).getByLabelText('Email'), 'new@example.com');
    await user.type(within(signUp).getByLabelText('Password'), 'long enough pw');
    await user.click(within(signUp).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: /new@example\.com/ })).toBeTruthy();
    expect(
      await screen.findByText("We've sent a verification link to new@example.com."),
    ).toBeTruthy();
    const menuButton = screen.getByRole('button', { name: /new@example\.com/ });
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it("says 'Registration failed' when the server gives no message, and its message otherwise", async () => {
    let attempt = 0;
    stubApi({
      routes: {
        'POST /api/auth/register': () => {
          attempt += 1;
          return attempt === 1
            ? new Response('', { status: 500 })
            : apiError(409, 'email_in_use', 'An account with this email already exists.');
        },
      },
    });
    const { user, dialog } = await openSignIn();
    await user.click(within(dialog).getByRole('tab', { name: 'Create account' }));
    const signUp = screen.getByRole('dialog', { name: 'Create an account' });
    await user.type(within(signUp).getByLabelText('Email'), 'taken@example.com');
    await user.type(within(signUp).getByLabelText('Password'), 'long enough pw');
    await user.click(within(signUp).getByRole('button', { name: 'Create account' }));
    expect((await within(signUp).findByRole('alert')).textContent).toBe('Registration failed');

    await user.click(within(signUp).getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(within(signUp).getByRole('alert').textContent).toBe(
        'An account with this email already exists.',
      ),
    );
  });

  it('asks for a new password by email and answers the same for any address', async () => {
    stubApi({
      routes: { 'POST /api/auth/forgot-password': () => json({ success: true }) },
    });
    const { user, dialog } = await openSignIn();
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = screen.getByRole('dialog', { name: 'Reset your password' });
    await user.type(within(forgot).getByLabelText('Email'), 'anyone@example.com');
    await user.click(within(forgot).getByRole('button', { name: 'Send reset link' }));
    expect((await within(forgot).findByRole('status')).textContent).toBe(
      "If an account exists for that email, we've sent a link to reset the password.",
    );
  });
});

describe('the header account menu', () => {
  it('lists the account pages, Admin only for admins', async () => {
    stubApi({ user: buildUser({ displayName: 'Ada', isAdmin: true }) });
    const user = userEvent.setup();
    renderAt('/');
    const button = await screen.findByRole('button', { name: /Ada/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Account settings', '/handler/account-settings'],
      ['History', '/history'],
      ['Favorites', '/favorites'],
      ['Admin', '/admin'],
    ]);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('signs out even when the logout call fails (spec §4)', async () => {
    const api = stubApi({
      user: shopper,
      routes: { 'POST /api/auth/logout': () => new Response('', { status: 500 }) },
    });
    const user = userEvent.setup();
    renderAt('/');
    await user.click(await screen.findByRole('button', { name: /ada@example\.com/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(sentRequests(api.fetch)).toContain('POST /api/auth/logout');
  });
});
