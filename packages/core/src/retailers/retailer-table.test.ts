import { describe, expect, it } from 'vitest';
import {
  RETAILERS,
  RETAILER_KEYS,
  findRetailerByHost,
  isRetailerKey,
  normalizeRetailerHost,
} from './retailer-table.ts';

describe('RETAILERS (spec §3, §9)', () => {
  it('lists the nine retailers of the spec, each under its own key', () => {
    expect(RETAILER_KEYS).toEqual([
      'amazon',
      'ebay',
      'walmart',
      'target',
      'bestbuy',
      'apple',
      'playstation',
      'newegg',
      'costco',
    ]);
    for (const key of RETAILER_KEYS) {
      expect(RETAILERS[key].key).toBe(key);
      expect(RETAILERS[key].name).not.toBe('');
      expect(RETAILERS[key].hosts.length).toBeGreaterThan(0);
    }
  });

  it('gives each host to one retailer only, in lowercase without www.', () => {
    const hosts = RETAILER_KEYS.flatMap((key) => RETAILERS[key].hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
    for (const host of hosts) expect(host).toBe(normalizeRetailerHost(host));
  });

  it('names the affiliate parameter of spec §9', () => {
    expect(RETAILERS.amazon.affiliateParameter).toBe('tag');
    expect(RETAILERS.ebay.affiliateParameter).toBe('partner');
    expect(RETAILERS.costco.affiliateParameter).toBe('affiliate');
  });
});

describe('findRetailerByHost', () => {
  it.each([
    ['www.amazon.com', 'amazon'],
    ['AMAZON.DE', 'amazon'],
    ['www.amazon.co.jp', 'amazon'],
    ['smile.amazon.co.uk', 'amazon'],
    ['m.amazon.in', 'amazon'],
    ['amazon.com:8080', 'amazon'],
    ['amzn.to', 'amazon'],
    ['m.ebay.com', 'ebay'],
    ['www.ebay.de', 'ebay'],
    ['www.walmart.com', 'walmart'],
    ['target.com', 'target'],
    ['www.bestbuy.ca', 'bestbuy'],
    ['www.apple.com', 'apple'],
    ['direct.playstation.com', 'playstation'],
    ['www.newegg.ca', 'newegg'],
    ['www.costco.ca', 'costco'],
    ['www.amazon.com.', 'amazon'],
    ['aws.amazon.com', null],
    ['store.playstation.com', null],
    ['playstation.com', null],
    ['notamazon.com', null],
    ['amazon.com.evil.example', null],
    ['example.com', null],
    ['', null],
  ])('%j -> %s', (host, key) => {
    expect(findRetailerByHost(host)).toBe(key);
  });
});

describe('normalizeRetailerHost', () => {
  it.each([
    ['WWW.Example.COM', 'example.com'],
    ['www.example.com.', 'example.com'],
    ['www.example.com.:8080', 'example.com:8080'],
    ['shop.www.example.com', 'shop.www.example.com'],
    ['[::1]:3000', '[::1]:3000'],
  ])('%s -> %s', (host, normalized) => {
    expect(normalizeRetailerHost(host)).toBe(normalized);
  });
});

describe('isRetailerKey', () => {
  it('accepts the keys and nothing else', () => {
    expect(isRetailerKey('bestbuy')).toBe(true);
    expect(isRetailerKey('best buy')).toBe(false);
    expect(isRetailerKey('Amazon')).toBe(false);
  });
});
