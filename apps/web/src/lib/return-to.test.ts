import { describe, expect, it } from 'vitest';
import { safeReturnTo, withReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each(['/', '/history', '/business/dashboard/checkout?tab=1#top', '/search/a/b'])(
    'keeps the site path %s',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it.each([
    '//evil.com',
    '//evil.com/history',
    'https://evil.com',
    'http://evil.com/',
    'javascript:alert(1)',
    '/\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'history',
    '',
    null,
    undefined,
  ])('rejects %j', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeReturnTo('https://evil.com', '/admin')).toBe('/admin');
    expect(safeReturnTo(null, '/business/dashboard')).toBe('/business/dashboard');
  });
});

describe('withReturnTo', () => {
  it('encodes the path as a query parameter', () => {
    expect(withReturnTo('/login', 'returnTo', '/history')).toBe('/login?returnTo=%2Fhistory');
    expect(withReturnTo('/handler/sign-in', 'after_auth_return_to', '/a?b=c')).toBe(
      '/handler/sign-in?after_auth_return_to=%2Fa%3Fb%3Dc',
    );
  });
});
