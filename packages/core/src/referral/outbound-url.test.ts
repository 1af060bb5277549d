import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_AFFILIATE_IDS } from './affiliate-link.ts';
import { addMissingOutboundParameters, buildOutboundUrl } from './outbound-url.ts';

const affiliateIds = PLACEHOLDER_AFFILIATE_IDS;

function paramsOf(link: string): Record<string, string> {
  return Object.fromEntries(new URL(link).searchParams);
}

describe('buildOutboundUrl', () => {
  it('adds the affiliate id, ref, default UTM values and the session id (spec §9)', () => {
    const link = buildOutboundUrl({
      target: 'https://www.amazon.com/dp/B08P2HBBLX?th=1',
      sessionId: 's-1',
      affiliateIds,
    });
    expect(paramsOf(link)).toEqual({
      th: '1',
      tag: 'ipick-20',
      ref: 'ipick',
      utm_source: 'ipick',
      utm_medium: 'price_comparison',
      utm_campaign: 'product_referral',
      session_id: 's-1',
    });
    expect(link.startsWith('https://www.amazon.com/dp/B08P2HBBLX?')).toBe(true);
  });

  it("lets the visit's stored UTM values override the defaults", () => {
    const link = buildOutboundUrl({
      target: 'https://www.bestbuy.com/site/6505727.p',
      utm: { source: 'newsletter', campaign: 'spring', term: 'tv', content: null, medium: '' },
      sessionId: 's-2',
      affiliateIds,
    });
    expect(paramsOf(link)).toMatchObject({
      affiliate: 'ipick',
      utm_source: 'newsletter',
      utm_medium: 'price_comparison',
      utm_campaign: 'spring',
      utm_term: 'tv',
    });
    expect(paramsOf(link)).not.toHaveProperty('utm_content');
  });

  it('adds the business domain and product name when known, encoded', () => {
    const link = buildOutboundUrl({
      target: 'https://shop.example.com/p/kettle',
      sessionId: 's-3',
      businessDomain: 'shop.example.com',
      productName: 'Kettle 1.7 l & cups',
      affiliateIds,
    });
    const params = paramsOf(link);
    expect(params).toMatchObject({
      business_domain: 'shop.example.com',
      product_name: 'Kettle 1.7 l & cups',
      ref: 'ipick',
    });
    // A shop that is not one of the named retailers gets no affiliate parameter.
    expect(params).not.toHaveProperty('affiliate');
    expect(params).not.toHaveProperty('tag');
  });

  it('replaces tracking values already on the link with ipick ones', () => {
    const link = buildOutboundUrl({
      target: 'https://www.walmart.com/ip/123?utm_source=other&ref=x',
      sessionId: 's-4',
      affiliateIds,
    });
    expect(new URL(link).searchParams.getAll('utm_source')).toEqual(['ipick']);
    expect(new URL(link).searchParams.getAll('ref')).toEqual(['ipick']);
  });

  it.each(['not a link', 'javascript:alert(1)', 'mailto:a@example.com'])(
    'gives back %j unchanged (spec §5)',
    (target) => {
      expect(buildOutboundUrl({ target, sessionId: 's', affiliateIds })).toBe(target);
    },
  );
});

describe('addMissingOutboundParameters', () => {
  it("adds only what the link lacks: the visit's values first, then ipick's defaults", () => {
    const url = new URL('https://www.walmart.com/ip/1?utm_source=partner&ref=ipick');
    addMissingOutboundParameters(url, {
      utm: { source: 'newsletter', campaign: 'spring' },
      sessionId: 's-1',
    });
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: 'partner',
      ref: 'ipick',
      utm_campaign: 'spring',
      utm_medium: 'price_comparison',
      session_id: 's-1',
    });
  });

  it('reads encoded parameter names as the browser does, and encodes the values it adds', () => {
    const url = new URL('https://www.walmart.com/ip/1?utm%5Fsource=partner&re+f&x=%ZZ#reviews');
    addMissingOutboundParameters(url, {
      utm: { campaign: 'spring sale & more' },
      sessionId: 's/1',
    });
    expect(url.searchParams.getAll('utm_source')).toEqual(['partner']);
    expect(url.searchParams.get('utm_campaign')).toBe('spring sale & more');
    expect(url.searchParams.get('ref')).toBe('ipick');
    expect(url.searchParams.get('session_id')).toBe('s/1');
    expect(url.hash).toBe('#reviews');
  });

  it('leaves a complete link as it is', () => {
    const href =
      'https://www.target.com/p/-/A-1?ref=ipick&utm_source=ipick&utm_medium=price_comparison&utm_campaign=product_referral&session_id=s';
    const url = new URL(href);
    addMissingOutboundParameters(url, { sessionId: 'other' });
    expect(url.href).toBe(href);
  });
});
