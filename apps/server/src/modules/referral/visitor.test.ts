import { describe, expect, it } from 'vitest';
import { readVisitor, truncateIp } from './visitor.ts';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const ipad =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

function visitor(headers: Record<string, string>, method = 'GET', ip = '198.51.100.7') {
  return readVisitor({ method, ip, headers });
}

describe('truncateIp', () => {
  it.each([
    ['203.0.113.57', '203.0.113.0'],
    ['::ffff:203.0.113.57', '203.0.113.0'],
    ['::FFFF:10.1.2.3', '10.1.2.0'],
    ['256.1.2.3', null],
    ['2001:db8:abcd:12:34::1', '2001:db8:abcd::'],
    ['::1', '::'],
    ['not an address', null],
  ])('%s → %s', (address, expected) => {
    expect(truncateIp(address)).toBe(expected);
  });
});

describe('readVisitor', () => {
  it('reads device, browser, os, country and referrer', () => {
    expect(
      visitor({
        'user-agent': ipad,
        referer: 'https://ipick.example/browse',
        'x-vercel-ip-country': 'fr',
      }),
    ).toMatchObject({
      deviceType: 'tablet',
      browser: 'Safari',
      os: 'iOS',
      country: 'FR',
      referrer: 'https://ipick.example/browse',
      ipTruncated: '198.51.100.0',
      isBot: false,
      botReason: null,
    });
  });

  it("ignores a country header that names no country (Cloudflare's XX and T1)", () => {
    expect(visitor({ 'user-agent': chrome, 'cf-ipcountry': 'XX' }).country).toBeNull();
    expect(visitor({ 'user-agent': chrome, 'cf-ipcountry': 'T1' }).country).toBeNull();
    expect(visitor({ 'user-agent': chrome, 'x-country': 'gb' }).country).toBe('GB');
  });

  it.each([
    [{ 'user-agent': chrome }, 'HEAD', 'head_request'],
    [{ 'user-agent': chrome, 'sec-purpose': 'prefetch;prerender' }, 'GET', 'prefetch'],
    [{ 'user-agent': chrome, 'x-moz': 'prefetch' }, 'GET', 'prefetch'],
    [{ 'user-agent': chrome, 'sec-fetch-dest': 'image' }, 'GET', 'embedded'],
    [{ 'user-agent': chrome, 'sec-fetch-dest': 'iframe' }, 'GET', 'embedded'],
    [{ 'user-agent': chrome, 'sec-fetch-dest': 'empty' }, 'GET', 'embedded'],
    [{ 'user-agent': 'facebookexternalhit/1.1' }, 'GET', 'link_preview'],
    [{ 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0)' }, 'GET', 'link_preview'],
    [{ 'user-agent': 'Twitterbot/1.0' }, 'GET', 'link_preview'],
    [{ 'user-agent': 'curl/8.5.0' }, 'GET', 'user_agent'],
    [{}, 'GET', 'no_user_agent'],
  ] as const)('flags %j (%s) as %s', (headers, method, reason) => {
    expect(visitor(headers, method)).toMatchObject({ isBot: true, botReason: reason });
  });

  it('takes a link a person opened in the browser (Sec-Fetch-Dest: document) for a person', () => {
    expect(visitor({ 'user-agent': chrome, 'sec-fetch-dest': 'document' })).toMatchObject({
      isBot: false,
      botReason: null,
    });
  });
});
