import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { json } from '@/test/fake-api';
import type { OutboundContext } from '../utils/outbound-link';
import { openMerchantOffer } from './open-merchant-offer';
import { merchantOfferHref, trackReferral, type MerchantOffer } from './track-referral';

const OFFER: MerchantOffer = {
  offerId: '1a2b3c4d-5e6f-4a7b-8c9d-000000000007',
  url: 'https://www.lamps.example.com/p/desk-lamp',
  title: 'Desk lamp',
  merchantDomain: 'lamps.example.com',
};
const CONTEXT: OutboundContext = {
  sessionId: 'session-7',
  utm: { source: 'newsletter', medium: 'email' },
  from: '/new-search/r/lamps',
};
const SOURCE = 'http://localhost:3000/new-search/r/lamps';
/** The offer's address with the outbound parameters of spec §9; the visit's UTM values win. */
const LANDING =
  `${OFFER.url}?ref=ipick&utm_source=newsletter&utm_medium=email&utm_campaign=product_referral` +
  '&session_id=session-7&business_domain=lamps.example.com&product_name=Desk+lamp';
const TRACKED = `${LANDING}&ipick_ref=aff_lampsexamplecom_1_abc`;

let fetchMock: ReturnType<typeof vi.fn>;
let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  warn.mockRestore();
});

function sentBody(): Record<string, unknown> {
  const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(path).toBe('/api/track/referral');
  expect(init.method).toBe('POST');
  return JSON.parse(init.body as string) as Record<string, unknown>;
}

function paramsOf(href: string): Record<string, string> {
  const url = new URL(href, 'http://localhost:3000');
  expect(url.pathname).toBe('/api/redirect');
  return Object.fromEntries(url.searchParams);
}

describe('merchantOfferHref', () => {
  it('tracks the referral, then goes through the redirect to the tracked address', async () => {
    fetchMock.mockResolvedValue(
      json({ success: true, referralId: 'aff_lampsexamplecom_1_abc', targetUrl: TRACKED }),
    );
    const href = await merchantOfferHref(OFFER, CONTEXT, SOURCE);
    expect(sentBody()).toEqual({
      referralId: expect.stringMatching(/^aff_lampsexamplecom_\d+_[A-Za-z0-9]+$/) as string,
      businessDomain: 'lamps.example.com',
      targetUrl: LANDING,
      sourceUrl: SOURCE,
      productName: 'Desk lamp',
      utmSource: 'newsletter',
      utmMedium: 'email',
    });
    expect(paramsOf(href)).toEqual({
      to: TRACKED,
      offer: OFFER.offerId,
      session_id: 'session-7',
      utm_source: 'newsletter',
      utm_medium: 'email',
      from: '/new-search/r/lamps',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs a refused referral and still sends the shopper through the offer redirect', async () => {
    fetchMock.mockResolvedValue(
      json({ success: false, error: 'No merchant on that domain', code: 'not_found' }, 404),
    );
    const href = await merchantOfferHref(OFFER, CONTEXT, SOURCE);
    expect(paramsOf(href)).toMatchObject({ offer: OFFER.offerId, session_id: 'session-7' });
    expect(paramsOf(href)).not.toHaveProperty('to');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('No merchant on that domain'));
  });

  it('logs a network failure and still sends the shopper on', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const href = await merchantOfferHref(OFFER, CONTEXT, SOURCE);
    expect(paramsOf(href)).toMatchObject({ offer: OFFER.offerId });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('trackReferral', () => {
  it('returns the failure body of a refused referral instead of throwing', async () => {
    fetchMock.mockResolvedValue(
      json({ success: false, error: 'Suspended', code: 'forbidden' }, 403),
    );
    await expect(
      trackReferral({ businessDomain: 'lamps.example.com', targetUrl: OFFER.url }),
    ).resolves.toEqual({ success: false, error: 'Suspended', code: 'forbidden' });
  });
});

describe('openMerchantOffer', () => {
  it('opens the tab at once and points it at the tracked redirect when the call answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const tab = { opener: {} as unknown, location: { href: 'about:blank' } };
    const browser = {
      open: vi.fn(() => tab as unknown as Window),
      location: { href: SOURCE, assign: vi.fn() } as unknown as Location,
    };
    const done = openMerchantOffer(OFFER, CONTEXT, browser);
    expect(browser.open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    answer(json({ success: true, referralId: 'aff_x', targetUrl: TRACKED }));
    await done;
    expect(tab.location.href.startsWith('http://localhost:3000/api/redirect?to=')).toBe(true);
    expect(paramsOf(tab.location.href).to).toBe(TRACKED);
  });

  it('goes in this tab when no new tab could be opened', async () => {
    fetchMock.mockResolvedValue(json({ success: false, error: 'x', code: 'not_found' }, 404));
    const assign = vi.fn();
    const browser = {
      open: vi.fn(() => null),
      location: { href: SOURCE, assign } as unknown as Location,
    };
    await openMerchantOffer(OFFER, CONTEXT, browser);
    expect(paramsOf(assign.mock.calls[0]![0] as string)).toMatchObject({ offer: OFFER.offerId });
  });
});
