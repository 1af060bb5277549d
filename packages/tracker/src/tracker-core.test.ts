import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLandingParameters, startTracker, type TrackerWindow } from './tracker-core.ts';

const CLICK_ID = '0b6f1a52-5a3c-4c8e-9a53-2f4f0c3b9d10';
const win = window as TrackerWindow;

interface SentEvent {
  url: string;
  eventType: string;
  businessDomain: string;
  eventData: Record<string, unknown>;
}

let sent: SentEvent[];
let beacon: ReturnType<typeof vi.fn>;

function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
}

function clearCookies() {
  for (const name of Object.keys(cookies())) document.cookie = `${name}=; path=/; max-age=0`;
}

function visit(path: string) {
  window.history.replaceState({}, '', path);
}

/** The snippet's own tag, as a merchant pastes it. */
function scriptTag(attributes: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = 'https://ipick.example/tracker.js';
  script.setAttribute('data-key', 'pk_live_test');
  script.setAttribute('data-domain', 'shop.example.com');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

/** A fresh page load: the previous snippet is gone, storage and cookies stay. */
function load(attributes: Record<string, string> = {}) {
  delete win.ipick;
  startTracker(win, scriptTag(attributes));
}

beforeEach(() => {
  sent = [];
  beacon = vi.fn((url: string, body: string) => {
    sent.push({ url, ...(JSON.parse(body) as Omit<SentEvent, 'url'>) });
    return true;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  Object.defineProperty(navigator, 'globalPrivacyControl', {
    value: undefined,
    configurable: true,
  });
  window.localStorage.clear();
  clearCookies();
  delete win.ipick;
  delete win.ipickConsent;
  visit('/');
});
afterEach(() => {
  delete win.ipick;
  delete win.ipickConsent;
});

describe('readLandingParameters', () => {
  it('reads the referral id, click id, ipick session id and UTM values', () => {
    expect(
      readLandingParameters(
        `?ipick_ref=aff_shop_1_abc&ipick_cid=${CLICK_ID}&session_id=s-1&utm_source=ipick&utm_campaign=spring`,
      ),
    ).toEqual({
      ref: 'aff_shop_1_abc',
      cid: CLICK_ID,
      sid: 's-1',
      utm: { source: 'ipick', campaign: 'spring' },
    });
    expect(readLandingParameters('?referral_id=aff_2')?.ref).toBe('aff_2');
    expect(readLandingParameters(`?click_id=${CLICK_ID}`)?.cid).toBe(CLICK_ID);
  });

  it('takes `ref` only when it is an ipick referral id', () => {
    expect(readLandingParameters('?ref=aff_shop_1_abc')?.ref).toBe('aff_shop_1_abc');
    // ipick's default `ref=ipick` (spec §9) and other programmes' refs are not ids.
    expect(readLandingParameters('?ref=ipick')).toBeNull();
    expect(readLandingParameters('?ref=partner42')).toBeNull();
  });

  it('ignores visits ipick did not send and values that are not ids', () => {
    expect(readLandingParameters('?utm_source=newsletter')).toBeNull();
    expect(readLandingParameters('?ipick_ref=<script>')).toBeNull();
    expect(readLandingParameters('?ipick_cid=not-a-uuid')).toBeNull();
  });
});

describe('the snippet', () => {
  it('sends a page view with the landing ids by beacon to its own origin', () => {
    visit(
      `/p/kettle?ipick_ref=aff_shop_1_abc&ipick_cid=${CLICK_ID}&session_id=s-1&utm_source=ipick`,
    );
    load();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [event] = sent;
    expect(event!.url).toBe('https://ipick.example/api/track/event?key=pk_live_test');
    expect(event).toMatchObject({
      eventType: 'page_view',
      businessDomain: 'shop.example.com',
      eventData: {
        referralId: 'aff_shop_1_abc',
        clickId: CLICK_ID,
        sessionId: 's-1',
        url: `${window.location.origin}/p/kettle?ipick_ref=aff_shop_1_abc&ipick_cid=${CLICK_ID}&session_id=s-1&utm_source=ipick`,
        utm: { source: 'ipick' },
      },
    });
    expect(event!.eventData.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(event!.eventData.timestamp as string)).toBeGreaterThan(Date.now() - 5000);
    // Sent as a string, so as text/plain: no CORS preflight.
    expect(typeof beacon.mock.calls[0]![1]).toBe('string');
  });

  it('keeps the ids first-party for later pages and for the merchant server', () => {
    visit('/landing?ipick_ref=aff_shop_1_abc&session_id=s-1');
    load();
    const visitorId = sent[0]!.eventData.visitorId;
    expect(cookies()).toMatchObject({ ipick_ref: 'aff_shop_1_abc', ipick_vid: visitorId });
    expect(JSON.parse(window.localStorage.getItem('ipick')!)).toMatchObject({
      ref: 'aff_shop_1_abc',
      sid: 's-1',
    });

    visit('/checkout');
    load();
    expect(sent[1]!.eventData).toMatchObject({
      referralId: 'aff_shop_1_abc',
      sessionId: 's-1',
      visitorId,
    });
  });

  it('lets the last ipick click win, keeping the visitor', () => {
    visit(`/a?ipick_ref=aff_first&ipick_cid=${CLICK_ID}`);
    load();
    visit('/b?ipick_ref=aff_second');
    load();
    expect(sent[1]!.eventData).toMatchObject({ referralId: 'aff_second' });
    expect(sent[1]!.eventData.clickId).toBeUndefined();
    expect(sent[1]!.eventData.visitorId).toBe(sent[0]!.eventData.visitorId);
  });

  it('replays calls queued before it loaded, after the page view, and tracks later calls', () => {
    // The stub merchants paste before the script tag.
    const stub = function (...args: unknown[]) {
      (stub.q = stub.q ?? []).push(args);
    } as unknown as NonNullable<TrackerWindow['ipick']>;
    win.ipick = stub;
    win.ipick('track', 'add_to_cart', { sku: 'K-1' });
    win.ipick('track', 'purchase', { orderId: 'o-1', amountMinor: 4999, currency: 'USD' });
    startTracker(win, scriptTag());
    expect(sent.map((event) => event.eventType)).toEqual(['page_view', 'add_to_cart', 'purchase']);
    expect(sent[2]!.eventData).toMatchObject({
      orderId: 'o-1',
      amountMinor: 4999,
      currency: 'USD',
    });

    expect(win.ipick('track', 'newsletter signup', { list: 'weekly' })).toBe(true);
    expect(sent[3]).toMatchObject({
      eventType: 'newsletter signup',
      eventData: { list: 'weekly' },
    });
    expect(win.ipick('unknown')).toBe(false);
  });

  it('falls back to fetch with keepalive when the beacon is refused', () => {
    beacon.mockReturnValue(false);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    load();
    expect(fetchMock).toHaveBeenCalledWith(
      'https://ipick.example/api/track/event?key=pk_live_test',
      expect.objectContaining({
        method: 'POST',
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'text/plain' },
      }),
    );
  });

  it('stores and sends nothing under Global Privacy Control, whatever the page says', () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    visit('/p?ipick_ref=aff_shop_1_abc');
    load();
    expect(
      win.ipick!('track', 'purchase', { orderId: 'o-2', amountMinor: 100, currency: 'USD' }),
    ).toBe(false);
    win.ipick!('consent', true);
    win.ipick!('track', 'add_to_cart');
    expect(beacon).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('ipick')).toBeNull();
    expect(document.cookie).toBe('');
  });

  it('stores and sends nothing when the page set window.ipickConsent = false', () => {
    win.ipickConsent = false;
    visit('/p?ipick_ref=aff_shop_1_abc');
    load();
    win.ipick!('track', 'add_to_cart');
    expect(beacon).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('ipick')).toBeNull();
    expect(document.cookie).toBe('');
  });

  it('forgets the ids of an earlier visit once the visitor turns on Global Privacy Control', () => {
    visit('/p?ipick_ref=aff_shop_1_abc');
    load();
    expect(cookies().ipick_ref).toBe('aff_shop_1_abc');

    // A later visit, now with GPC: the merchant's server must not find ipick's ids to credit.
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    visit('/checkout');
    load();
    expect(window.localStorage.getItem('ipick')).toBeNull();
    expect(document.cookie).toBe('');
    expect(sent).toHaveLength(1);
  });

  it('forgets the ids of an earlier visit when the page loads with window.ipickConsent = false', () => {
    visit('/p?ipick_ref=aff_shop_1_abc');
    load();
    win.ipickConsent = false;
    visit('/checkout');
    load();
    expect(window.localStorage.getItem('ipick')).toBeNull();
    expect(document.cookie).toBe('');
  });

  it('with data-consent="required" waits for consent, then sends what happened meanwhile', () => {
    visit('/p?ipick_ref=aff_shop_1_abc');
    load({ 'data-consent': 'required' });
    win.ipick!('track', 'add_to_cart');
    expect(beacon).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('ipick')).toBeNull();

    win.ipick!('consent', true);
    expect(sent.map((event) => event.eventType)).toEqual(['page_view', 'add_to_cart']);
    expect(sent[1]!.eventData.referralId).toBe('aff_shop_1_abc');
    expect(cookies().ipick_ref).toBe('aff_shop_1_abc');

    // Withdrawing consent forgets everything stored.
    win.ipick!('consent', false);
    expect(window.localStorage.getItem('ipick')).toBeNull();
    expect(document.cookie).toBe('');
    win.ipick!('track', 'add_to_cart');
    expect(sent).toHaveLength(2);
  });

  it('follows the page flag when it changes later', () => {
    load();
    win.ipickConsent = false;
    win.ipick!('track', 'add_to_cart');
    expect(sent.map((event) => event.eventType)).toEqual(['page_view']);
    expect(window.localStorage.getItem('ipick')).toBeNull();
  });

  it('refuses wrong calls with a console warning saying what is wrong, never throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    load();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const calls: [unknown[], RegExp][] = [
      [[], /unknown command undefined/],
      [['trak', 'purchase'], /unknown command trak/],
      [['consent', 'yes'], /consent takes true or false/],
      [['track'], /event names are 1-64 letters/],
      [['track', 42], /event names are 1-64 letters/],
      [['track', '<b>'], /event names are 1-64 letters/],
      [['track', 'x'.repeat(65)], /event names are 1-64 letters/],
      [['track', 'add_to_cart', 'K-1'], /add_to_cart data must be an object/],
      [['track', 'add_to_cart', ['K-1']], /add_to_cart data must be an object/],
      [['track', 'purchase', { orderId: 'o-1' }], /purchase needs amountMinor in whole cents/],
      [
        ['track', 'purchase', { orderId: 'o-1', amountMinor: 49.99, currency: 'USD' }],
        /purchase needs amountMinor in whole cents/,
      ],
      [
        ['track', 'purchase', { orderId: 'o-1', amountMinor: '4999', currency: 'USD' }],
        /purchase needs amountMinor in whole cents/,
      ],
      [['track', 'purchase', { orderId: 'o-1', amountMinor: 4999 }], /purchase needs currency/],
      [
        ['track', 'purchase', { orderId: 'o-1', amountMinor: 4999, currency: 'dollars' }],
        /purchase needs currency/,
      ],
      [
        ['track', 'purchase', { orderId: 1234, amountMinor: 4999, currency: 'USD' }],
        /purchase orderId must be a string/,
      ],
      [
        ['track', 'purchase', { orderId: 'o-1', amountMinor: BigInt(4999), currency: 'USD' }],
        /purchase needs amountMinor/,
      ],
      [['track', 'add_to_cart', { quantity: BigInt(1) }], /BigInt/],
      [['track', 'add_to_cart', circular], /circular/i],
      [['track', 'add_to_cart', { note: 'x'.repeat(9000) }], /add_to_cart data is over 8192 bytes/],
    ];
    for (const [args, message] of calls) {
      warn.mockClear();
      let answer: unknown;
      expect(() => {
        answer = (win.ipick as (...a: unknown[]) => unknown)(...args);
      }).not.toThrow();
      expect(answer, JSON.stringify(args.map(String))).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatch(/^ipick: /);
      expect(warn.mock.calls[0]![0]).toMatch(message);
    }
    // Only the page view went out: nothing ipick would refuse was sent.
    expect(sent.map((event) => event.eventType)).toEqual(['page_view']);

    // What ipick accepts still goes, without a warning.
    warn.mockClear();
    expect(
      win.ipick!('track', 'purchase', { orderId: 'o-1', amountMinor: 0, currency: 'eur' }),
    ).toBe(true);
    expect(win.ipick!('track', 'newsletter signup')).toBe(true);
    expect(win.ipick!('track', 'add_to_cart', null)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns about a wrong call made before it loaded, without breaking the calls after it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stub = function (...args: unknown[]) {
      (stub.q = stub.q ?? []).push(args);
    } as unknown as NonNullable<TrackerWindow['ipick']>;
    win.ipick = stub;
    win.ipick('track', 'purchase', { orderId: 'o-1', amountMinor: 10n, currency: 'USD' });
    win.ipick('track', 'add_to_cart', { sku: 'K-1' });
    startTracker(win, scriptTag());
    expect(sent.map((event) => event.eventType)).toEqual(['page_view', 'add_to_cart']);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^ipick: purchase needs amountMinor/));
  });

  it('says in the console that a tag without data-key cannot send, and that GPC keeps it off', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const script = scriptTag();
    script.removeAttribute('data-key');
    startTracker(win, script);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^ipick: .*data-key/));

    warn.mockClear();
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    load();
    expect(win.ipick!('consent', true)).toBe(true);
    expect(warn).toHaveBeenCalledWith('ipick: Global Privacy Control is on: nothing is sent');
    expect(beacon).not.toHaveBeenCalled();
  });

  it('sends nothing without a key, and starts only once', () => {
    delete win.ipick;
    const script = scriptTag();
    script.removeAttribute('data-key');
    startTracker(win, script);
    expect(win.ipick!('track', 'add_to_cart')).toBe(false);
    expect(beacon).not.toHaveBeenCalled();

    load();
    const first = win.ipick;
    startTracker(win, scriptTag());
    expect(win.ipick).toBe(first);
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('uses the page host when data-domain is missing', () => {
    delete win.ipick;
    const script = scriptTag();
    script.removeAttribute('data-domain');
    startTracker(win, script);
    expect(sent[0]!.businessDomain).toBe(window.location.hostname);
  });
});
