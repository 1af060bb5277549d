import { describe, expect, it } from 'vitest';
import { FetchRefusedError, type FetchRefusalReason } from './fetch-refused-error.ts';
import { checkRedirectTarget, checkTargetUrl } from './url-policy.ts';

const STRICT = { allowPrivate: false };
const LOCAL = { allowPrivate: true };

function refusalOf(run: () => unknown): FetchRefusedError {
  try {
    run();
  } catch (error) {
    if (error instanceof FetchRefusedError) return error;
    throw error;
  }
  throw new Error('expected a FetchRefusedError');
}

function reasonOf(run: () => unknown): FetchRefusalReason {
  return refusalOf(run).reason;
}

describe('how the WHATWG URL parser normalises IPv4 hosts', () => {
  // The fetcher relies on this: a socket is given the normalised host, never the raw text.
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['http://\u2460\u2461\u2466.0.0.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://0xa9fea9fe/', '169.254.169.254'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', '[::ffff:7f00:1]'],
    ['http://[::127.0.0.1]/', '[::7f00:1]'],
  ])('%s has host %s', (input, host) => {
    expect(new URL(input).hostname).toBe(host);
  });
});

describe('checkTargetUrl', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:3000/admin',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://127.1/',
    'http://127.0.0.1.:8080/',
    'http://%31%32%37.0.0.1/',
    'http://\u2460\u2461\u2466.0.0.1/',
    'http://0/',
    'http://0.0.0.0:3000/',
    'http://10.0.0.5/',
    'http://012.0.0.5/',
    'https://192.168.1.1:8443/',
    'http://172.16.0.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9fea9fe/',
    'http://2852039166/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::1]/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.GOOGLE.INTERNAL./',
    'http://metadata.goog/',
    'http://localhost/',
    'http://LOCALHOST.:3000/',
    'http://shop.localhost/',
  ])('refuses %s as a private address', (input) => {
    const refusal = refusalOf(() => checkTargetUrl(input, STRICT));
    expect(refusal.reason).toBe('private_address');
    expect(refusal.message).toBe(
      'That address points inside a private network, so ipick will not fetch it.',
    );
    expect(refusal.url).toBe(new URL(input).href);
  });

  it.each([
    'http://169.254.169.254/',
    'http://2852039166/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00:ec2::254]/',
    'http://metadata.google.internal/',
    'http://169.254.1.1/',
    'http://0.0.0.0/',
    'http://[fe80::1]/',
  ])('refuses %s even when private addresses are allowed', (input) => {
    expect(reasonOf(() => checkTargetUrl(input, LOCAL))).toBe('private_address');
  });

  it.each([
    ['http://127.0.0.1:3000/', false],
    ['http://0x7f.1/', false],
    ['http://[::1]:3000/', false],
    ['http://10.1.2.3/', false],
    ['http://localhost:3000/', true],
  ])('allows %s when private addresses are allowed', (input, needsLookup) => {
    expect(checkTargetUrl(input, LOCAL)).toEqual({ url: new URL(input), needsLookup });
  });

  it.each([
    ['https://www.amazon.com/dp/B08N5WRWNW', true],
    ['http://shop.example:8080/p/1?ref=x', true],
    ['https://xn--bcher-kva.example/', true],
    ['http://93.184.216.34/', false],
    ['http://[2606:4700:4700::1111]/', false],
    ['http://1.1.1.1:65535/', false],
  ])('allows the public %s', (input, needsLookup) => {
    expect(checkTargetUrl(input, STRICT)).toEqual({ url: new URL(input), needsLookup });
  });

  it.each([
    'ftp://example.com/file',
    'file:///etc/passwd',
    'gopher://example.com/',
    'javascript:alert(1)',
    'data:text/html,<p>hi</p>',
    'ws://example.com/',
    'mailto:shop@example.com',
  ])('refuses the scheme of %s', (input) => {
    expect(reasonOf(() => checkTargetUrl(input, LOCAL))).toBe('scheme_not_allowed');
  });

  it.each([
    '',
    'not a url',
    'example.com/product',
    'http://',
    'http://256.0.0.1/',
    'http://1.2.3.4.5/',
    'http://0x100000000/',
    'http://[fe80::1%25eth0]/',
    'http://exa mple.com/',
  ])('refuses %j as an invalid URL', (input) => {
    expect(reasonOf(() => checkTargetUrl(input, LOCAL))).toBe('invalid_url');
  });

  it('refuses credentials in the URL without repeating them', () => {
    for (const input of ['http://user:secret@example.com/p', 'http://user@example.com/p']) {
      const refusal = refusalOf(() => checkTargetUrl(input, STRICT));
      expect(refusal.reason).toBe('invalid_url');
      expect(refusal.url).toBe('http://example.com/p');
      expect(refusal.message).toMatch(/user name or password/);
    }
  });
});

describe('checkRedirectTarget', () => {
  const from = new URL('https://shop.example/products/1?x=1');

  it('resolves relative and protocol-relative locations against the hop that sent them', () => {
    expect(checkRedirectTarget('/products/2', from, STRICT).url.href).toBe(
      'https://shop.example/products/2',
    );
    expect(checkRedirectTarget('3', from, STRICT).url.href).toBe('https://shop.example/products/3');
    expect(checkRedirectTarget('//cdn.example/p', from, STRICT).url.href).toBe(
      'https://cdn.example/p',
    );
  });

  it('checks the target with the same rules as the first URL', () => {
    expect(reasonOf(() => checkRedirectTarget('http://127.0.0.1/', from, STRICT))).toBe(
      'private_address',
    );
    expect(reasonOf(() => checkRedirectTarget('//2130706433/', from, STRICT))).toBe(
      'private_address',
    );
    expect(reasonOf(() => checkRedirectTarget('http://169.254.169.254/', from, LOCAL))).toBe(
      'private_address',
    );
    expect(reasonOf(() => checkRedirectTarget('file:///etc/passwd', from, LOCAL))).toBe(
      'scheme_not_allowed',
    );
    expect(reasonOf(() => checkRedirectTarget('http://[::1', from, LOCAL))).toBe('invalid_url');
  });
});
