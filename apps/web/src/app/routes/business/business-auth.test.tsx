import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { apiError, buildBusiness, buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

describe('business accounts', () => {
  it('registers a business and opens its dashboard', async () => {
    const created = buildBusiness({ name: 'Lamp Shop', status: 'pending' });
    stubApi({
      routes: {
        'POST /api/business/auth/register': ({ body }, session) => {
          expect(body).toEqual({
            name: 'Lamp Shop',
            domain: 'lamps.example.com',
            email: 'owner@lamps.example.com',
            password: 'long enough pw',
          });
          session.business = created;
          return json({ success: true, business: created }, 201);
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/business/register');
    await screen.findByRole('heading', { level: 1, name: 'Register your business' });
    await user.type(screen.getByLabelText('Business name'), 'Lamp Shop');
    await user.type(screen.getByLabelText('Shop domain'), 'https://www.Lamps.example.com/shop');
    await user.type(screen.getByLabelText('Email'), 'owner@lamps.example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough pw');
    await user.click(screen.getByRole('button', { name: 'Register business' }));

    await screen.findByRole('heading', { level: 1, name: 'Business dashboards' });
    expect(router.state.location.pathname).toBe('/business/dashboard');
    const account = screen.getByRole('region', { name: 'Business account' });
    expect(within(account).getByText('Lamp Shop')).toBeTruthy();
    expect(within(account).getByText('Pending')).toBeTruthy();
    expect(within(account).getByText(/pending approval/)).toBeTruthy();
  });

  it('keeps keyboard focus on "Register business" when the server refuses', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      routes: {
        'POST /api/business/auth/register': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const user = userEvent.setup();
    renderAt('/business/register');
    await screen.findByRole('heading', { level: 1, name: 'Register your business' });
    await user.type(screen.getByLabelText('Business name'), 'Lamp Shop');
    await user.type(screen.getByLabelText('Shop domain'), 'lamps.example.com');
    await user.type(screen.getByLabelText('Email'), 'owner@lamps.example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough pw');
    const button = screen.getByRole('button', { name: 'Register business' });
    button.focus();
    await user.keyboard('{Enter}');

    // Browsers move focus off a disabled button to the page: it says so without being disabled.
    const pending = await screen.findByRole('button', { name: 'Registering…' });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    expect(pending.hasAttribute('disabled')).toBe(false);
    answer(apiError(409, 'conflict', 'The shop domain lamps.example.com is already registered.'));
    expect((await screen.findByRole('alert')).textContent).toContain('already registered');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Register business' }));
  });

  it('names invalid registration fields', async () => {
    stubApi();
    const user = userEvent.setup();
    renderAt('/business/register');
    await user.click(await screen.findByRole('button', { name: 'Register business' }));
    expect(await screen.findByText('Enter your business name')).toBeTruthy();
    expect(screen.getByText('Enter your shop domain')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('Shop domain').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a visitor to /business-login and back to the page they asked for', async () => {
    const shop = buildBusiness({ status: 'suspended' });
    stubApi({
      routes: {
        'POST /api/business/auth/login': (_request, session) => {
          session.business = shop;
          return json({ success: true, business: shop });
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/business/dashboard/checkout/products');
    await screen.findByRole('heading', { level: 1, name: 'Business sign in' });
    expect(router.state.location.search).toBe(
      '?returnTo=%2Fbusiness%2Fdashboard%2Fcheckout%2Fproducts',
    );
    const main = within(screen.getByRole('main'));
    await user.type(main.getByLabelText('Email'), 'owner@lamps.example.com');
    await user.type(main.getByLabelText('Password'), 'pw');
    await user.click(main.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { level: 1, name: 'Products' });
    expect(screen.getByText('Suspended')).toBeTruthy();
    expect(screen.getByText(/is suspended/)).toBeTruthy();
  });

  it("shows the server's message when business sign-in fails", async () => {
    stubApi({
      routes: {
        'POST /api/business/auth/login': () =>
          apiError(401, 'invalid_credentials', 'Wrong email or password.'),
      },
    });
    const user = userEvent.setup();
    renderAt('/business-login');
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { level: 1, name: 'Business sign in' });
    await user.type(main.getByLabelText('Email'), 'owner@lamps.example.com');
    await user.type(main.getByLabelText('Password'), 'wrong');
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    expect((await main.findByRole('alert')).textContent).toBe('Wrong email or password.');
  });

  it('logs out from the dashboard even when the call fails', async () => {
    const api = stubApi({
      business: buildBusiness(),
      routes: { 'POST /api/business/auth/logout': () => new Response('', { status: 500 }) },
    });
    const user = userEvent.setup();
    const { router } = renderAt('/business/dashboard/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await screen.findByRole('heading', { level: 1, name: 'Business sign in' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/business-login'));
    expect(router.state.location.search).toBe(''); // logged out on purpose: no way back in
    expect(sentRequests(api.fetch)).toContain('POST /api/business/auth/logout');
  });

  it('shows no shopper "Sign in" beside the merchant account bar, and again once logged out', async () => {
    stubApi({ business: buildBusiness() });
    const user = userEvent.setup();
    const { queryClient } = renderAt('/business/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Business dashboards' });
    const account = screen.getByRole('region', { name: 'Business account' });
    // The shopper session check has answered: nobody is signed in as a shopper.
    await waitFor(() =>
      expect(queryClient.getQueryState(meQueryOptions().queryKey)?.status).toBe('success'),
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(
      within(nav)
        .getAllByRole('listitem')
        .every((item) => item.textContent !== ''),
    ).toBe(true);

    await user.click(within(account).getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { level: 1, name: 'Business sign in' });
    expect(await within(nav).findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it("keeps a signed-in shopper's menu on merchant pages", async () => {
    stubApi({ business: buildBusiness(), user: buildUser({ displayName: 'Sam Shopper' }) });
    renderAt('/business/dashboard');
    await screen.findByRole('region', { name: 'Business account' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: 'Sam Shopper' })).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('never asks for a merchant session on shopper pages', async () => {
    const api = stubApi();
    renderAt('/browse');
    await screen.findByRole('heading', { level: 1, name: 'Browse' });
    await screen.findByText('Service status: available');
    expect(sentRequests(api.fetch)).not.toContain('GET /api/business/auth/me');
  });
});
