import { describe, expect, it } from 'vitest';
import { domainsOfHost } from './host-domains.ts';

describe('domainsOfHost', () => {
  it('lists the host and its parents, most specific first, down to two labels', () => {
    expect(domainsOfHost('A.b.Shop.com.')).toEqual(['a.b.shop.com', 'b.shop.com', 'shop.com']);
    expect(domainsOfHost('shop.com')).toEqual(['shop.com']);
    expect(domainsOfHost('localhost')).toEqual([]);
  });
});
