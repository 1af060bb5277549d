import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, buildBusiness, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import { EVENTS_POLL_INTERVAL_MS, businessEventsQueryOptions } from '../api/get-business-events';
import { buildApiKey, buildEvent, PUBLISHABLE_KEY } from '../test/fixtures';
import { INJECTED_SNIPPET_ID, PLACEHOLDER_KEY, type IpickFunction } from '../utils/snippet';

interface TestWindow {
  ipick?: IpickFunction;
}
const testWindow = window as unknown as TestWindow;

function injectedScript(): HTMLScriptElement | null {
  return document.getElementById(INJECTED_SNIPPET_ID) as HTMLScriptElement | null;
}

function stubSignedIn(events = [buildEvent()]) {
  return stubApi({
    business: buildBusiness(),
    routes: {
      'GET /api/business/keys': () =>
        json({ keys: [buildApiKey({ kind: 'secret', key: null }), buildApiKey()] }),
      'GET /api/business/events': () => json({ events }),
    },
  });
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await Promise.all([
    import('@/app/routes/tracking-test'),
    import('@/app/routes/real-tracking-test'),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  injectedScript()?.remove();
  delete testWindow.ipick;
});

describe('the tracking test page', { timeout: 15_000 }, () => {
  it('renders signed out: the origin warning, the form and a sign-in link, no events call', async () => {
    const { fetch } = stubApi();
    renderAt('/tracking-test');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Tracking test');
    expect(await screen.findByRole('link', { name: 'Sign in as a business' })).toHaveProperty(
      'pathname',
      '/business-login',
    );
    expect(screen.getByText('Events from this page are test events')).toBeTruthy();
    expect(screen.getByText(/leaves them out of your\s+dashboard/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send page view' })).toHaveProperty('disabled', true);
    expect(sentRequests(fetch)).not.toContain('GET /api/business/events');
    expect(sentRequests(fetch)).not.toContain('GET /api/business/keys');
  });

  it('injects the snippet tag with the key and domain, and logs what it sends', async () => {
    stubApi();
    const user = userEvent.setup();
    renderAt('/tracking-test');

    await user.type(await screen.findByLabelText('Publishable key'), 'pk_live_abc');
    await user.type(screen.getByLabelText('Shop domain'), 'shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Install snippet' }));

    const script = injectedScript();
    expect(script?.getAttribute('src')).toBe('/tracker.js');
    expect(script?.getAttribute('data-key')).toBe('pk_live_abc');
    expect(script?.getAttribute('data-domain')).toBe('shop.example.com');
    expect(document.querySelectorAll('script[src="/tracker.js"]')).toHaveLength(1);
    expect(screen.getByText('Loading /tracker.js…')).toBeTruthy();

    // Before the script loads, calls go to the queue stub for the snippet to replay.
    await user.click(screen.getByRole('button', { name: 'Send page view' }));
    expect(testWindow.ipick?.q).toEqual([['track', 'page_view', {}]]);
    expect(screen.getByText('Queued until the snippet loads')).toBeTruthy();

    // The snippet loads (jsdom fetches no scripts): it replaces the stub, as tracker.js does.
    const calls: unknown[][] = [];
    const snippet: IpickFunction = (...args: unknown[]) => {
      calls.push(args);
      return true;
    };
    snippet.loaded = true;
    testWindow.ipick = snippet;
    fireEvent.load(script!);
    expect(await screen.findByText('Installed')).toBeTruthy();

    await user.clear(screen.getByLabelText('Purchase amount'));
    await user.type(screen.getByLabelText('Purchase amount'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    const [purchase, addToCart] = calls;
    expect(purchase?.slice(0, 2)).toEqual(['track', 'purchase']);
    expect(purchase?.[2]).toMatchObject({ amountMinor: 1250, currency: 'USD' });
    expect((purchase?.[2] as { orderId: string }).orderId).toMatch(/^TEST-/);
    expect(addToCart?.slice(0, 2)).toEqual(['track', 'add_to_cart']);

    const log = screen.getByRole('list', { name: 'Sent events' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.font-mono')?.textContent)).toEqual([
      'add_to_cart',
      'purchase',
      'page_view',
      'page_view',
    ]);
    // The page view queued before loading was sent by the snippet once it loaded.
    expect(within(log).getAllByText('Sent')).toHaveLength(4);
    expect(within(log).queryByText('Queued until the snippet loads')).toBeNull();
  });

  it('refuses a key that is not a publishable key, in the key field, without installing', async () => {
    stubApi();
    const user = userEvent.setup();
    renderAt('/tracking-test');

    const keyField = await screen.findByLabelText('Publishable key');
    await user.type(keyField, 'not-a-key');
    await user.type(screen.getByLabelText('Shop domain'), 'shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Install snippet' }));

    expect(injectedScript()).toBeNull();
    expect(screen.getByText('Not installed')).toBeTruthy();
    expect(keyField.getAttribute('aria-invalid')).toBe('true');
    expect(keyField.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(keyField.getAttribute('aria-describedby')!)?.textContent,
    ).toMatch(/^Enter a publishable key: pk_live_ followed by letters and digits/);
    expect(document.activeElement).toBe(keyField);

    await user.clear(keyField);
    await user.type(keyField, 'sk_live_abc');
    await user.click(screen.getByRole('button', { name: 'Install snippet' }));
    expect(injectedScript()).toBeNull();
    expect(
      screen.getByText(/^This is a secret key, which must never be put in a web page/),
    ).toBeTruthy();

    await user.clear(keyField);
    await user.type(keyField, 'pk_live_abc');
    await user.click(screen.getByRole('button', { name: 'Install snippet' }));
    expect(injectedScript()?.getAttribute('data-key')).toBe('pk_live_abc');
    expect(keyField.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends no purchase for an amount or currency it cannot read exactly', async () => {
    stubApi();
    const user = userEvent.setup();
    renderAt('/tracking-test');

    await user.type(await screen.findByLabelText('Publishable key'), 'pk_live_abc');
    await user.type(screen.getByLabelText('Shop domain'), 'shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Install snippet' }));
    const calls: unknown[][] = [];
    const snippet: IpickFunction = (...args: unknown[]) => {
      calls.push(args);
      return true;
    };
    snippet.loaded = true;
    testWindow.ipick = snippet;
    fireEvent.load(injectedScript()!);
    expect(await screen.findByText('Installed')).toBeTruthy();

    const amountField = screen.getByLabelText('Purchase amount');
    const currencyField = screen.getByLabelText('Currency');
    const purchaseButton = screen.getByRole('button', { name: 'Purchase' });
    const purchases = () => calls.filter((call) => call[1] === 'purchase');

    for (const [typed, message] of [
      ['1e9', /^Enter an amount such as 49\.99/],
      ['12.345', /^Enter an amount such as 49\.99/],
      ['-5', /^Enter an amount such as 49\.99/],
      ['1000000.01', /^Enter at most 1,000,000$/],
    ] as const) {
      await user.clear(amountField);
      await user.type(amountField, typed);
      await user.click(purchaseButton);
      expect(screen.getByText(message)).toBeTruthy();
      expect(amountField.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(amountField);
    }
    expect(purchases()).toEqual([]);

    await user.clear(amountField);
    await user.type(amountField, '0.5');
    await user.clear(currencyField);
    await user.type(currencyField, 'XXXX');
    // Typed in full, not cut to a valid-looking "XXX".
    expect(currencyField).toHaveProperty('value', 'XXXX');
    await user.click(purchaseButton);
    expect(screen.getByText('Enter three letters (ISO 4217), such as USD')).toBeTruthy();
    expect(currencyField.getAttribute('aria-invalid')).toBe('true');
    expect(amountField.getAttribute('aria-invalid')).toBeNull();
    expect(purchases()).toEqual([]);

    await user.clear(currencyField);
    await user.type(currencyField, 'eur');
    await user.click(purchaseButton);
    expect(currencyField.getAttribute('aria-invalid')).toBeNull();
    expect(purchases()).toHaveLength(1);
    expect(purchases()[0]?.[2]).toMatchObject({ amountMinor: 50, currency: 'EUR' });

    await user.clear(amountField);
    await user.type(amountField, '1000000');
    await user.click(purchaseButton);
    expect(purchases()[1]?.[2]).toMatchObject({ amountMinor: 100_000_000 });
  });

  it("lists ipick's answers where the browser reports them (Resource Timing)", async () => {
    let report: ((list: { getEntries: () => unknown[] }) => void) | undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    stubApi();
    renderAt('/tracking-test');
    await screen.findByRole('button', { name: 'Install snippet' });

    act(() =>
      report?.({
        getEntries: () => [
          { name: 'http://localhost/api/track/event?key=pk_live_abc', responseStatus: 403 },
          { name: 'http://localhost/assets/app.js', responseStatus: 200 },
          { name: 'http://localhost/api/track/event?key=pk_live_abc', responseStatus: 200 },
        ],
      }),
    );

    const answers = screen.getByRole('list', { name: "ipick's answers" });
    const items = within(answers).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'HTTP 200: accepted as a test event',
      expect.stringMatching(/^HTTP 403: refused \(the shop domain is not the key's business's/),
    ]);
  });

  it('shows on each sent event whether ipick accepted or refused it, where the browser reports it', async () => {
    let report: ((list: { getEntries: () => unknown[] }) => void) | undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    stubApi();
    const user = userEvent.setup();
    renderAt('/tracking-test');

    await user.type(await screen.findByLabelText('Publishable key'), 'pk_live_wrong');
    await user.type(screen.getByLabelText('Shop domain'), 'shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Install snippet' }));
    // Clicked while the snippet loads: queued, then sent after the snippet's own page view.
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const snippet: IpickFunction = () => true;
    snippet.loaded = true;
    testWindow.ipick = snippet;
    fireEvent.load(injectedScript()!);
    expect(await screen.findByText('Installed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send page view' }));

    const sentList = screen.getByRole('list', { name: 'Sent events' });
    const badges = () =>
      within(sentList)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('[aria-live] > span')?.textContent);
    // Newest first: the page view clicked, the automatic page view, the add to cart queued.
    expect(badges()).toEqual(['Sent', 'Sent', 'Sent']);

    const event = 'http://localhost/api/track/event?key=pk_live_wrong';
    act(() =>
      report?.({
        getEntries: () => [
          { name: event, responseStatus: 401, startTime: 30 },
          { name: event, responseStatus: 200, startTime: 10 },
        ],
      }),
    );
    // Answers go to requests in the order they started: the snippet's page view, then the
    // add to cart it replayed, then the page view clicked; the third answer is not in yet.
    expect(badges()).toEqual(['Sent', 'Accepted', 'Refused: the publishable key is not valid']);
    act(() =>
      report?.({ getEntries: () => [{ name: event, responseStatus: 403, startTime: 20 }] }),
    );
    // An answer reported late, to a request that started earlier, takes its place in order.
    expect(badges()).toEqual([
      'Refused: the publishable key is not valid',
      'Accepted',
      "Refused: the shop domain is not the key's business's, or the business is suspended",
    ]);
  });

  it('signed in: prefills the key and domain and lists the live events with badges', async () => {
    const { fetch } = stubSignedIn([
      buildEvent({
        id: 'b1a2c3d4-0000-4000-8000-000000000001',
        eventType: 'purchase',
        eventData: { orderId: 'ORDER-7', amountMinor: 4999, currency: 'USD' },
        attributed: true,
      }),
      buildEvent({ id: 'b1a2c3d4-0000-4000-8000-000000000002', isTest: true }),
    ]);
    renderAt('/tracking-test');

    const list = await screen.findByRole('list', { name: 'Received events' });
    const [purchase, pageView] = within(list).getAllByRole('listitem');
    expect(purchase?.textContent).toContain('purchase');
    expect(purchase?.textContent).toContain('Attributed');
    expect(purchase?.textContent).toContain('Order ORDER-7 · $49.99');
    expect(pageView?.textContent).toContain('Unattributed');
    expect(pageView?.textContent).toContain('Test, not counted');
    expect(purchase?.textContent).not.toContain('Test');
    await waitFor(() =>
      expect(screen.getByLabelText('Publishable key')).toHaveProperty('value', PUBLISHABLE_KEY),
    );
    expect(screen.getByLabelText('Shop domain')).toHaveProperty('value', 'lamps.example.com');
    const addresses = fetch.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    expect(addresses).toContain('/api/business/events?limit=50');
  });

  it('shows a signed-in merchant no shopper "Sign in" in the header', async () => {
    stubSignedIn([]);
    renderAt('/tracking-test');
    await screen.findByText(/No events yet/);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('says why the events could not be loaded, and keeps trying', async () => {
    let answers = 0;
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/keys': () => json({ keys: [] }),
        'GET /api/business/events': () => {
          answers += 1;
          return answers === 1
            ? apiError(500, 'internal_error', 'Internal server error')
            : json({ events: [buildEvent({ eventType: 'add_to_cart' })] });
        },
      },
    });
    renderAt('/tracking-test');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load your events: Internal server error. Retrying…',
    );
    const list = await screen.findByRole(
      'list',
      { name: 'Received events' },
      { timeout: EVENTS_POLL_INTERVAL_MS + 3000 },
    );
    expect(list.textContent).toContain('add_to_cart');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the live list stops updating, instead of showing old events as live', async () => {
    let answers = 0;
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/keys': () => json({ keys: [] }),
        'GET /api/business/events': () => {
          answers += 1;
          // The merchant signed out in another tab after the first answer.
          return answers === 1
            ? json({ events: [buildEvent({ eventType: 'add_to_cart' })] })
            : apiError(401, 'unauthorized', 'Sign in as a business.');
        },
      },
    });
    renderAt('/real-tracking-test');

    expect(await screen.findByRole('list', { name: 'Received events' })).toBeTruthy();
    const alert = await screen.findByRole('alert', {}, { timeout: EVENTS_POLL_INTERVAL_MS + 3000 });
    expect(alert.textContent).toMatch(
      /^This list stopped updating: your business session has ended; sign in again to see new events\. It shows the events as of \d{1,2}:\d{2}:\d{2} [AP]M\. Retrying…$/,
    );
    // The last events stay readable under the notice.
    expect(screen.getByRole('list', { name: 'Received events' }).textContent).toContain(
      'add_to_cart',
    );
  });

  it('polls the events every two seconds', async () => {
    expect(businessEventsQueryOptions().refetchInterval).toBe(EVENTS_POLL_INTERVAL_MS);
    let answers = 0;
    stubApi({
      business: buildBusiness(),
      routes: {
        'GET /api/business/keys': () => json({ keys: [] }),
        'GET /api/business/events': () => {
          answers += 1;
          const events =
            answers === 1 ? [] : [buildEvent({ eventType: 'add_to_cart', attributed: true })];
          return json({ events });
        },
      },
    });
    renderAt('/tracking-test');

    expect(await screen.findByText(/No events yet/)).toBeTruthy();
    const list = await screen.findByRole(
      'list',
      { name: 'Received events' },
      { timeout: EVENTS_POLL_INTERVAL_MS + 3000 },
    );
    expect(list.textContent).toContain('add_to_cart');
    expect(answers).toBeGreaterThanOrEqual(2);
  });
});

describe('the live tracking test page', { timeout: 15_000 }, () => {
  it('renders signed out with a placeholder key and a sign-in link', async () => {
    const { fetch } = stubApi();
    renderAt('/real-tracking-test');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Live tracking test',
    );
    expect(await screen.findByRole('link', { name: 'Sign in as a business' })).toHaveProperty(
      'search',
      '?returnTo=%2Freal-tracking-test',
    );
    const snippet = screen.getByLabelText('Snippet to paste').textContent;
    expect(snippet).toContain(`data-key="${PLACEHOLDER_KEY}"`);
    expect(screen.getByText(/^Paste it before/).textContent).toContain(
      'Replace the placeholders with your publishable key and shop domain.',
    );
    expect(snippet).toContain('/tracker.js');
    expect(screen.getByLabelText('Purchase call').textContent).toContain(
      "ipick('track', 'purchase'",
    );
    expect(screen.queryByRole('list', { name: 'Received events' })).toBeNull();
    expect(sentRequests(fetch)).not.toContain('GET /api/business/events');
  });

  it('signed in: puts the first publishable key in the snippet, copies it, lists events', async () => {
    stubSignedIn();
    const user = userEvent.setup();
    renderAt('/real-tracking-test');

    await waitFor(() =>
      expect(screen.getByLabelText('Snippet to paste').textContent).toContain(
        `data-key="${PUBLISHABLE_KEY}" data-domain="lamps.example.com"`,
      ),
    );
    expect(await screen.findByRole('list', { name: 'Received events' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy snippet' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toContain(PUBLISHABLE_KEY);
  });
});
