import { describe, expect, it } from 'vitest';
import { domainsOfHost } from './host-domains.ts';

describe('domainsOfHost', () => {
  it('lists the host and its parents, most specific first, down to two labels', () => {
    expect(domainsOfHost('A.b.Shop.com.')).toEqual(['a.b.shop.com', 'b.shop.com', 'shop.com']);
    expect(domainsOfHost('shop.com')).toEqual(['shop.com']);
  });

  it('lists an address or a one-label name only as itself', () => {
    expect(domainsOfHost('localhost')).toEqual(['localhost']);
    expect(domainsOfHost('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(domainsOfHost('')).toEqual([]);
  });

  it('puts the host with its port first, then the names without it', () => {
    expect(domainsOfHost('localhost:3920')).toEqual(['localhost:3920', 'localhost']);
    expect(domainsOfHost('127.0.0.1:8080')).toEqual(['127.0.0.1:8080', '127.0.0.1']);
    expect(domainsOfHost('www.Shop.com:8443')).toEqual([
      'www.shop.com:8443',
      'www.shop.com',
      'shop.com',
    ]);
  });
});
