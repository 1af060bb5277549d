import { describe, expect, it } from 'vitest';
import { canonicalizeGenericUrl, isTrackingParameter } from './canonical-url.ts';

describe('isTrackingParameter', () => {
  it.each([
    'utm_source',
    'UTM_Campaign',
    'utm_whatever',
    'gclid',
    'fbclid',
    'msclkid',
    'mc_cid',
    'mc_eid',
    'ref',
    'ref_',
    'tag',
    'affiliate',
    'aff_id',
    'aff_sub3',
    '_ga',
    'srsltid',
    'spm',
    'psc',
    'th',
    'pd_rd_w',
    'hsa_acc',
    'session_id',
  ])('drops %s', (name) => {
    expect(isTrackingParameter(name)).toBe(true);
  });

  it.each(['variant', 'sku', 'skuId', 'color', 'colour', 'size', 'preselect', 'id', 'q', 'page'])(
    'keeps %s',
    (name) => {
      expect(isTrackingParameter(name)).toBe(false);
    },
  );
});

describe('canonicalizeGenericUrl', () => {
  it.each([
    [
      'https://Shop.Example.COM/products/tee?size=M&utm_medium=email&color=red&gclid=abc#reviews',
      'https://shop.example.com/products/tee?color=red&size=M',
    ],
    ['https://example.com/x?b=2&a=1&b=1', 'https://example.com/x?a=1&b=2&b=1'],
    ['https://example.com/x?utm%5Fsource=mail&q=a%20b', 'https://example.com/x?q=a%20b'],
    ['https://example.com/x?flag&&utm_source=x', 'https://example.com/x?flag'],
    ['https://example.com/x?utm_source=x&fbclid=y', 'https://example.com/x'],
    ['http://example.com/x', 'http://example.com/x'],
    ['http://example.com:80/x', 'http://example.com/x'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
    ['https://example.com./x/', 'https://example.com/x/'],
    ['https://user:pass@example.com/x', 'https://example.com/x'],
    ['https://example.com', 'https://example.com/'],
    ['https://example.com/a;jsessionid=0A1B2C/b', 'https://example.com/a/b'],
    ['https://bücher.de/Buch', 'https://xn--bcher-kva.de/Buch'],
    [
      'https://example.com/p/1?ref=ipick&utm_source=ipick&utm_medium=price_comparison&utm_campaign=product_referral&session_id=abc&business_domain=shop.example&product_name=Kettle',
      'https://example.com/p/1',
    ],
    [
      'https://example.com/products/tee?variant=3&skuId=1&sku=2&size=L&colour=blue&color=red&preselect=4',
      'https://example.com/products/tee?color=red&colour=blue&preselect=4&size=L&sku=2&skuId=1&variant=3',
    ],
  ])('%s -> %s', (input, canonical) => {
    expect(canonicalizeGenericUrl(new URL(input))).toBe(canonical);
  });

  it('is idempotent', () => {
    const once = canonicalizeGenericUrl(new URL('https://EXAMPLE.com/x?z=1&a=2&utm_source=q#f'));
    expect(canonicalizeGenericUrl(new URL(once))).toBe(once);
  });
});
