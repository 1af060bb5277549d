import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  buildBusiness,
  buildUser,
  json,
  sentRequests,
  stubApi,
  type FakeRoute,
} from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import { STATUS_POLL_INTERVAL_MS } from '../api/integration-status';
import { buildDomain, buildKey, buildStatus, buildTeam, PUBLISHABLE_KEY } from '../test/fixtures';
import { DASHBOARD_CHOICE_KEY } from '../utils/dashboard-choice';

const IMPORT_ID = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

function stubMerchant(routes: Record<string, FakeRoute> = {}) {
  return stubApi({
    business: buildBusiness(),
    routes: {
      'GET /api/business/integration/status': () => json(buildStatus()),
      'GET /api/business/keys': () => json({ keys: [] }),
      'GET /api/business/domains': () => json({ domains: [buildDomain()] }),
      // The signed-in merchant is the owner, who manages keys.
      'GET /api/business/team': () => json(buildTeam()),
      ...routes,
    },
  });
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await Promise.all([
    import('@/app/routes/business/dashboard/integrate'),
    import('@/app/routes/business/integration-wizard'),
    import('@/app/routes/business/integrate'),
    import('@/app/routes/business/connect'),
    import('@/app/routes/business/dashboard-selector'),
    import('@/app/routes/business/accept-invitation'),
  ]);
});
beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard integrate page', { timeout: 20_000 }, () => {
  it('asks for a new publishable key when the only one was revoked', async () => {
    stubMerchant({
      'GET /api/business/keys': () =>
        json({ keys: [buildKey({ revokedAt: '2025-01-04T00:00:00.000Z' })] }),
    });
    renderAt('/business/dashboard/checkout/integrate');
    expect(await screen.findByText('Your shop has no publishable key in use')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create publishable key' })).toBeTruthy();
  });

  it('offers a member of the staff no key to make', async () => {
    stubMerchant({ 'GET /api/business/team': () => json(buildTeam({ canManage: false })) });
    renderAt('/business/dashboard/checkout/integrate');
    expect(await screen.findByLabelText('Snippet to paste')).toBeTruthy();
    expect(await screen.findByText(/Your shop has no publishable key in use/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create publishable key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create secret key' })).toBeNull();
  });

  it('makes a publishable key on click and puts it in the snippet', async () => {
    let keys = [] as ReturnType<typeof buildKey>[];
    const { fetch } = stubMerchant({
      'GET /api/business/keys': () => json({ keys }),
      'POST /api/business/keys': () => {
        keys = [buildKey()];
        return json({ apiKey: keys[0], secret: PUBLISHABLE_KEY }, 201);
      },
    });
    const user = userEvent.setup();
    renderAt('/business/dashboard/checkout/integrate');

    expect((await screen.findByLabelText('Snippet to paste')).textContent).toContain(
      'pk_live_YOUR_PUBLISHABLE_KEY" data-domain="lamps.example.com"',
    );
    // The domain is filled in already: only the key is left to do.
    const snippetCard = screen.getByText(/^Paste it before/);
    expect(snippetCard.textContent).toContain(
      'It already holds your shop domain. It still needs your publishable key in place of pk_live_YOUR_PUBLISHABLE_KEY.',
    );
    expect(snippetCard.textContent).not.toContain('placeholders');
    await user.click(screen.getByRole('button', { name: 'Create publishable key' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Snippet to paste').textContent).toContain(
        `data-key="${PUBLISHABLE_KEY}" data-domain="lamps.example.com"`,
      ),
    );
    expect(screen.getByText(/^Paste it before/).textContent).toContain(
      'It already holds your publishable key and shop domain.',
    );
    expect(sentRequests(fetch)).toContain('POST /api/business/keys');
    expect(screen.queryByRole('button', { name: 'Create publishable key' })).toBeNull();
    // The button is gone with its notice: focus is on the filled-in snippet, not the page.
    expect(document.activeElement).toBe(screen.getByLabelText('Snippet to paste'));
  });

  it('shows how to report add-to-cart, which the snippet does not send by itself', async () => {
    stubMerchant({ 'GET /api/business/keys': () => json({ keys: [buildKey()] }) });
    renderAt('/business/dashboard/checkout/integrate');

    const call = await screen.findByLabelText('Add-to-cart call');
    expect(call.textContent).toContain("ipick('track', 'add_to_cart', {");
    expect(screen.getByLabelText('Purchase call').textContent).toContain(
      "ipick('track', 'purchase', {",
    );
    expect(screen.getByText(/^The snippet sends a page view/).textContent).toContain(
      'add-to-cart and purchases it reports when your pages call it',
    );
  });

  it('does not say the shop has no secret key when its keys could not be loaded', async () => {
    stubMerchant({
      'GET /api/business/keys': () =>
        apiError(500, 'internal', 'Something went wrong on our side.'),
    });
    renderAt('/business/dashboard/checkout/integrate');

    expect(await screen.findByText('Your API keys could not be loaded')).toBeTruthy();
    const serverApi = screen.getByRole('region', { name: 'Server API' });
    expect(serverApi.textContent).not.toContain('You need a secret key');
    expect(serverApi.textContent).toContain('Replace the placeholder with your secret key');
  });

  it('shows server examples with a placeholder, and a new secret key once made', async () => {
    stubMerchant({
      'POST /api/business/keys': () =>
        json(
          {
            apiKey: buildKey({ kind: 'secret', key: null, prefix: 'sk_live_Zz12' }),
            secret: 'sk_live_Zz12FreshSecret',
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderAt('/business/dashboard/checkout/integrate');

    const curl = await screen.findByLabelText('curl example');
    expect(curl.textContent).toContain('Authorization: Bearer sk_live_YOUR_SECRET_KEY');
    expect(curl.textContent).toContain('/api/conversions');
    expect(screen.getByLabelText('Node fetch example').textContent).toContain("method: 'POST'");
    // Each copy button names what it copies (one page holds several), Node with its capital.
    expect(await screen.findByRole('button', { name: 'Copy snippet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy curl example' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Node fetch example' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create secret key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new secret key' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByLabelText('curl example').textContent).toContain(
      'Bearer sk_live_Zz12FreshSecret',
    );
  });

  it('sends a test event and turns the status green when the first event arrives', async () => {
    let statusCalls = 0;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { fetch } = stubMerchant({
      'GET /api/business/integration/status': () => {
        statusCalls += 1;
        return json(statusCalls === 1 ? buildStatus() : buildStatus({ snippet: true }));
      },
      'POST /api/business/test-event': async () => {
        await answered;
        return json(
          {
            event: {
              id: '8d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a',
              eventType: 'ipick_test',
              receivedAt: new Date().toISOString(),
            },
          },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderAt('/business/dashboard/checkout/integrate');

    expect(await screen.findByText('Waiting for your shop’s first event')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send test event' });
    send.focus();
    await user.keyboard('{Enter}');
    // While it is sent the button says so but is not disabled: browsers move focus off a
    // disabled button, to the page.
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    expect(sending).toHaveProperty('disabled', false);
    answer();
    expect(await screen.findByText(/ipick received a test event/)).toBeTruthy();
    // Keyboard focus stays on the button while the event is sent and after.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send test event' }));
    expect(sentRequests(fetch)).toContain('POST /api/business/test-event');

    expect(
      await screen.findByText(
        'Integration active',
        {},
        { timeout: STATUS_POLL_INTERVAL_MS + 3000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/lamps\.example\.com\/lamps/)).toBeTruthy();
  });
});

describe('the integration wizard', { timeout: 20_000 }, () => {
  it('opens on the first step not done and moves with Next and Back', async () => {
    stubMerchant({
      'GET /api/business/integration/status': () => json(buildStatus({ domain: true })),
      'GET /api/business/keys': () => json({ keys: [buildKey()] }),
    });
    const user = userEvent.setup();
    const { router } = renderAt('/business/integrate/wizard');

    const heading = await screen.findByRole('heading', { level: 2, name: /^Step 2 of 4/ });
    expect(heading.textContent).toContain('Install the snippet');
    const steps = screen.getByRole('navigation', { name: 'Integration steps' });
    expect(
      within(steps).getByRole('button', { name: 'Step 1: Verify your domain (done)' }),
    ).toBeTruthy();
    expect(
      within(steps)
        .getByRole('button', { name: 'Step 2: Install the snippet' })
        .getAttribute('aria-current'),
    ).toBe('step');
    expect((await screen.findByLabelText('Snippet to paste')).textContent).toContain(
      PUBLISHABLE_KEY,
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: /Step 3 of 4: Send a test event/ }),
    ).toBe(document.activeElement);
    expect(router.state.location.search).toBe('?step=3');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: /^Step 2 of 4/ })).toBeTruthy();
  });

  it('says where a test event can be seen: not in the activity, which leaves tests out', async () => {
    stubMerchant({
      'GET /api/business/integration/status': () =>
        json(buildStatus({ domain: true, snippet: true })),
    });
    renderAt('/business/integrate/wizard?step=3');

    const step = await screen.findByRole('region', { name: /Step 3 of 4: Send a test event/ });
    expect(step.textContent).not.toContain('shows in the activity list');
    expect(step.textContent).toContain('never counts in your figures or shows in your activity');
    expect(within(step).getByRole('link', { name: 'tracking test page' })).toHaveProperty(
      'pathname',
      '/real-tracking-test',
    );
  });

  it('checks the installation against the server', async () => {
    let installed = false;
    let statusCalls = 0;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubMerchant({
      'GET /api/business/integration/status': async () => {
        statusCalls += 1;
        // The first check (the second call) waits, to look at the button meanwhile.
        if (statusCalls === 2) await answered;
        return json(buildStatus({ domain: true, snippet: installed }));
      },
      'GET /api/business/keys': () => json({ keys: [buildKey()] }),
    });
    const user = userEvent.setup();
    renderAt('/business/integrate/wizard?step=2');

    const check = await screen.findByRole('button', { name: 'Check installation' });
    check.focus();
    await user.keyboard('{Enter}');
    // Not disabled while checking: browsers move focus off a disabled button, to the page.
    const checking = await screen.findByRole('button', { name: 'Checking…' });
    expect(checking.getAttribute('aria-disabled')).toBe('true');
    expect(checking).toHaveProperty('disabled', false);
    answer();
    expect(await screen.findByText(/No event from your shop yet/)).toBeTruthy();
    // Keyboard focus stays on the button, ready to check again once the tag is on the shop.
    expect(document.activeElement).toBe(check);
    installed = true;
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Integration active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Step 2: Install the snippet (done)' })).toBeTruthy();
  });

  it('moves focus to the filled-in snippet once step 2 makes a publishable key', async () => {
    let keys = [] as ReturnType<typeof buildKey>[];
    stubMerchant({
      'GET /api/business/integration/status': () => json(buildStatus({ domain: true })),
      'GET /api/business/keys': () => json({ keys }),
      'POST /api/business/keys': () => {
        keys = [buildKey()];
        return json({ apiKey: keys[0], secret: PUBLISHABLE_KEY }, 201);
      },
    });
    const user = userEvent.setup();
    renderAt('/business/integrate/wizard?step=2');

    const create = await screen.findByRole('button', { name: 'Create publishable key' });
    create.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('Snippet to paste').textContent).toContain(PUBLISHABLE_KEY),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Create publishable key' })).toBeNull(),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Snippet to paste'));
  });

  it('verifies the domain in step 1', async () => {
    let verified = false;
    stubMerchant({
      'GET /api/business/integration/status': () => json(buildStatus({ domain: verified })),
      'GET /api/business/domains': () =>
        json({
          domains: [buildDomain({ verifiedAt: verified ? new Date().toISOString() : null })],
        }),
      'POST /api/business/domains/1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f/verify': () => {
        verified = true;
        return json({ domain: buildDomain({ verifiedAt: new Date().toISOString() }) });
      },
    });
    const user = userEvent.setup();
    renderAt('/business/integrate/wizard');

    expect(await screen.findByRole('heading', { level: 2, name: /Step 1 of 4/ })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Verify domain' }));
    expect(await screen.findByText(/Events from these domains are accepted/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Step 1: Verify your domain (done)' })).toBeTruthy();
  });

  it('uploads a feed, shows its progress, then the row report', async () => {
    let polls = 0;
    const { fetch } = stubMerchant({
      'GET /api/business/integration/status': () =>
        json(buildStatus({ domain: true, snippet: true, testEvent: true })),
      'POST /api/business/catalog/feeds': () => json({ importId: IMPORT_ID }, 202),
      [`GET /api/business/catalog/feeds/${IMPORT_ID}`]: () => {
        polls += 1;
        const running = polls === 1;
        return json({
          id: IMPORT_ID,
          source: 'lamps.csv',
          status: running ? 'running' : 'completed',
          isFullFeed: false,
          phase: running ? 'reading' : null,
          bytesRead: running ? 500 : 1000,
          bytesTotal: 1000,
          startedAt: new Date().toISOString(),
          finishedAt: running ? null : new Date().toISOString(),
          itemsSeen: running ? 3 : 6,
          created: running ? 0 : 4,
          updated: 0,
          unchanged: 0,
          rejected: running ? 0 : 2,
          markedOutOfStock: 0,
          rejections: running
            ? []
            : [{ row: 5, id: 'LAMP-5', reasons: ['price: must be a number'] }],
          error: null,
        });
      },
    });
    const user = userEvent.setup();
    renderAt('/business/integrate/wizard');

    expect(await screen.findByRole('heading', { level: 2, name: /Step 4 of 4/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload feed' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose your feed file first.');

    const file = new File(['id,title\n1,Lamp\n'], 'lamps.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Feed file'), file);
    await user.click(screen.getByRole('button', { name: 'Upload feed' }));

    const imported = await screen.findByRole('region', { name: 'Feed import' });
    // Reading is the first half of the bar.
    const progress = await within(imported).findByRole('progressbar', {
      name: 'Feed import progress',
    });
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(progress.getAttribute('aria-valuetext')).toBe('25% · Reading the feed: 3 rows so far');
    await within(imported).findByText(/^Import finished/, {}, { timeout: 4000 });
    const report = within(imported).getByRole('region', { name: 'Import report' });
    expect(report.textContent).toContain('Added4');
    expect(within(report).getByRole('table', { name: /Rejected rows/ }).textContent).toContain(
      'price: must be a number',
    );
    // The finished import re-checks the steps.
    await waitFor(() =>
      expect(
        sentRequests(fetch).filter((r) => r === 'GET /api/business/integration/status').length,
      ).toBeGreaterThan(1),
    );
    expect(sentRequests(fetch)).toContain('POST /api/business/catalog/feeds');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeTruthy();
  });
});

describe('the integration and connect pages', { timeout: 20_000 }, () => {
  it('/business-integrate shows the three ways in, with links into the wizard', async () => {
    stubMerchant();
    renderAt('/business-integrate');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Integrate ipick with your shop',
    );
    expect(screen.getByRole('link', { name: 'Install the snippet' })).toHaveProperty(
      'search',
      '?step=2',
    );
    // Only page views are automatic; the card must not promise more.
    expect(screen.getByText(/^A small script on your shop pages/).textContent).toContain(
      'reports page views by itself, and add-to-cart and purchases when your pages call it',
    );
    expect(screen.getByRole('link', { name: 'See the server API' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload a feed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start the integration wizard' })).toHaveProperty(
      'pathname',
      '/business/integrate/wizard',
    );
  });

  it('/business/connect adds a domain and shows how to verify it', async () => {
    let domains = [buildDomain({ verifiedAt: '2025-01-02T00:00:00.000Z' })];
    stubMerchant({
      'GET /api/business/domains': () => json({ domains }),
      'POST /api/business/domains': (request) => {
        const added = buildDomain({
          id: '9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
          domain: (request.body as { domain: string }).domain,
          isPrimary: false,
          verificationToken: 'ipick-new-token',
        });
        domains = [...domains, added];
        return json({ domain: added }, 201);
      },
    });
    const user = userEvent.setup();
    renderAt('/business/connect');

    await user.type(await screen.findByLabelText('Shop domain'), 'https://www.Outlet.Example.com/');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    const list = await screen.findByRole('list', { name: 'Shop domains' });
    await waitFor(() => expect(list.textContent).toContain('outlet.example.com'));
    expect(within(list).getByLabelText('Verification token').textContent).toBe('ipick-new-token');
    expect(within(list).getByRole('button', { name: 'Remove outlet.example.com' })).toBeTruthy();
  });
});

describe('the dashboard selector', { timeout: 20_000 }, () => {
  it('remembers the choice and goes straight there next time when asked', async () => {
    stubMerchant();
    const user = userEvent.setup();
    const first = renderAt('/business/dashboard');

    await user.click(
      await screen.findByLabelText('Go straight to the dashboard I choose next time'),
    );
    await user.click(screen.getByRole('link', { name: /Customer journeys/ }));
    expect(JSON.parse(window.localStorage.getItem(DASHBOARD_CHOICE_KEY)!)).toEqual({
      dashboard: 'journey',
      skipSelector: true,
    });
    first.unmount();

    const second = renderAt('/business/dashboard');
    await waitFor(() =>
      expect(second.router.state.location.pathname).toBe('/business/dashboard/journey'),
    );
    second.unmount();

    renderAt('/business/dashboard?choose=1');
    expect(await screen.findByText('Last used')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Forget my choice' }));
    expect(window.localStorage.getItem(DASHBOARD_CHOICE_KEY)).toBeNull();
  });

  it('remembers without skipping when the box is not ticked', async () => {
    stubMerchant();
    const user = userEvent.setup();
    const first = renderAt('/business/dashboard');
    await user.click(await screen.findByRole('link', { name: /Checkout dashboard/ }));
    first.unmount();
    renderAt('/business/dashboard');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Business dashboards',
    );
    expect(screen.getByText('Last used')).toBeTruthy();
  });
});

describe('the invitation page', { timeout: 20_000 }, () => {
  const details = {
    businessName: 'Lamp Shop',
    businessDomain: 'lamps.example.com',
    email: 'shopper@example.com',
    expiresAt: '2030-01-01T00:00:00.000Z',
  };

  it('asks a signed-out visitor to sign in and come back', async () => {
    stubApi({ routes: { 'GET /api/business/invitations/details': () => json(details) } });
    renderAt('/business/invitations/accept?token=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByText(/You are invited to join/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveProperty(
      'search',
      `?returnTo=${encodeURIComponent('/business/invitations/accept?token=abcdefghijklmnopqrstuvwxyz')}`,
    );
  });

  it('lets the invited user accept', async () => {
    const { fetch } = stubApi({
      user: buildUser(),
      routes: {
        'GET /api/business/invitations/details': () => json(details),
        'POST /api/business/invitations/accept': () =>
          json({ success: true, business: buildBusiness() }),
      },
    });
    const user = userEvent.setup();
    renderAt('/business/invitations/accept?token=abcdefghijklmnopqrstuvwxyz');
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('You joined Lamp Shop')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to business sign in' })).toBeTruthy();
    expect(sentRequests(fetch)).toContain('POST /api/business/invitations/accept');
  });

  it('tells another signed-in user the invitation is not theirs', async () => {
    stubApi({
      user: buildUser({ email: 'someone@example.com' }),
      routes: { 'GET /api/business/invitations/details': () => json(details) },
    });
    renderAt('/business/invitations/accept?token=abcdefghijklmnopqrstuvwxyz');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'this invitation is for shopper@example.com',
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });
});
