import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, json, stubApi, type FakeRoute } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const shopper = buildUser({ email: 'ada@example.com' });

const acceptLogin: FakeRoute = (_request, session) => {
  session.user = shopper;
  return json({ success: true, user: shopper });
};

async function signInOnPage() {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  // The header has a "Sign in" button too; this is the form's.
  await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }));
}

function locationOf(router: ReturnType<typeof renderAt>['router']): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

describe('pages for signed-in shoppers', () => {
  it('send a signed-out visitor to /login and back after signing in', async () => {
    stubApi({ routes: { 'POST /api/auth/login': acceptLogin } });
    const { router } = renderAt('/history');

    await waitFor(() => expect(locationOf(router)).toBe('/login?returnTo=%2Fhistory'));
    await signInOnPage();

    await screen.findByRole('heading', { level: 1, name: 'Search history' });
    expect(locationOf(router)).toBe('/history');
  });

  it('show the page skeleton, not the sign-in page, while the session is checked', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      routes: {
        'GET /api/auth/me': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const { router } = renderAt('/favorites');
    expect(await screen.findByText('Loading…')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/favorites');

    answer(json({ user: shopper }));
    await screen.findByRole('heading', { level: 1, name: 'Favorites' });
    expect(router.state.location.pathname).toBe('/favorites');
  });

  it('go home, not to the sign-in page, when the shopper signs out on them', async () => {
    stubApi({ user: shopper });
    const user = userEvent.setup();
    const { router } = renderAt('/history');
    await screen.findByRole('heading', { level: 1, name: 'Search history' });
    await user.click(screen.getByRole('button', { name: /ada@example\.com/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await screen.findByRole('heading', { level: 1, name: 'Compare prices before you buy' });
    expect(locationOf(router)).toBe('/');
  });

  it('send a visitor whose session check failed to sign in', async () => {
    stubApi({ routes: { 'GET /api/auth/me': () => new Response('', { status: 500 }) } });
    const { router } = renderAt('/favorites');
    await waitFor(() => expect(locationOf(router)).toBe('/login?returnTo=%2Ffavorites'));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  });
});

describe('/login', () => {
  it.each(['//evil.com', 'https://evil.com', '/\\evil.com'])(
    'ignores returnTo=%s and goes home after signing in',
    async (returnTo) => {
      stubApi({ routes: { 'POST /api/auth/login': acceptLogin } });
      const { router } = renderAt(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await signInOnPage();
      await screen.findByRole('heading', { level: 1, name: 'Compare prices before you buy' });
      expect(locationOf(router)).toBe('/');
    },
  );

  it('sends a visitor who is already signed in straight to returnTo', async () => {
    stubApi({ user: shopper });
    const { router } = renderAt('/login?returnTo=%2Ffavorites');
    await screen.findByRole('heading', { level: 1, name: 'Favorites' });
    expect(locationOf(router)).toBe('/favorites');
  });

  it('links to creating an account (keeping returnTo) and to the forgotten-password form', async () => {
    stubApi();
    renderAt('/login?returnTo=%2Fhistory');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/handler/sign-up?after_auth_return_to=%2Fhistory',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/reset-password',
    );
  });

  it('offers an emailed sign-in link instead of the password', async () => {
    stubApi({ routes: { 'POST /api/auth/magic-link': () => json({ success: true }) } });
    const user = userEvent.setup();
    renderAt('/login');
    await user.click(
      await screen.findByRole('button', { name: 'Email me a sign-in link instead' }),
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe(
      "If an account exists for that email, we've sent a link to sign in.",
    );
  });
});
