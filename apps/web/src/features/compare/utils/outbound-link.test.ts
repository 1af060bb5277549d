import { describe, expect, it } from 'vitest';
import { outboundHref, type OutboundContext } from './outbound-link';

const OFFER_ID = '1a2b3c4d-5e6f-4a7b-8c9d-000000000001';

function paramsOf(href: string): Record<string, string> {
  const url = new URL(href, 'http://ipick.test');
  expect(url.pathname).toBe('/api/redirect');
  return Object.fromEntries(url.searchParams);
}

describe('outboundHref', () => {
  const context: OutboundContext = {
    sessionId: 'session-1',
    utm: { source: 'newsletter', campaign: 'spring sale' },
    from: '/new-search/abc/amazon-com-x?sort=price',
  };

  it('sends an offer through the redirect with the session, stored UTM values and page', () => {
    const href = outboundHref({ offerId: OFFER_ID }, context);
    expect(href.startsWith(`/api/redirect?offer=${OFFER_ID}&session_id=session-1&`)).toBe(true);
    expect(paramsOf(href)).toEqual({
      offer: OFFER_ID,
      session_id: 'session-1',
      utm_source: 'newsletter',
      utm_campaign: 'spring sale',
      from: '/new-search/abc/amazon-com-x?sort=price',
    });
  });

  it('encodes an address given with `to`, with the offer it came from', () => {
    const to = 'https://shop.example/p/1?ipick_ref=aff_x&a=b c';
    const href = outboundHref({ to, offerId: OFFER_ID }, { ...context, utm: null });
    expect(href).toMatch(/^\/api\/redirect\?to=https%3A%2F%2Fshop\.example%2Fp%2F1%3F/);
    expect(paramsOf(href)).toEqual({
      to,
      offer: OFFER_ID,
      session_id: 'session-1',
      from: context.from,
    });
  });

  it('leaves out what is empty', () => {
    const href = outboundHref(
      { to: 'https://www.amazon.com/dp/B0' },
      { sessionId: '', utm: {}, from: '' },
    );
    expect(paramsOf(href)).toEqual({ to: 'https://www.amazon.com/dp/B0' });
  });
});
