import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers.ts';

// Issue 20: HSTS only over https, and one framing policy (no page may be framed).

async function appServing(isSecure: boolean) {
  const app = Fastify();
  await app.register(securityHeadersPlugin, { isSecure });
  app.get('/page', async () => 'ok');
  app.get('/broken', async () => {
    throw new Error('a bug');
  });
  app.get('/own-headers', { config: { securityHeaders: false } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send('ok'),
  );
  await app.ready();
  return app;
}

/** What every page, API answer, 404 and error carries. */
const pageHeaders = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
    "frame-ancestors 'none';img-src 'self' data: https: http:;object-src 'none';" +
    "script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('send HSTS when ipick is served over https', async () => {
    const app = await appServing(true);
    const response = await app.inject({ url: '/page' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    await app.close();
  });

  it('send no HSTS over plain http', async () => {
    const app = await appServing(false);
    const response = await app.inject({ url: '/page' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it('are the same full set on a page, a 404 and an error', async () => {
    const app = await appServing(false);
    for (const url of ['/page', '/nowhere', '/broken']) {
      const response = await app.inject({ url });
      expect(response.headers, url).toMatchObject(pageHeaders);
    }
    await app.close();
  });

  it('leave a route that sets its own to its own, but for HSTS over https', async () => {
    for (const isSecure of [false, true]) {
      const app = await appServing(isSecure);
      const response = await app.inject({ url: '/own-headers' });
      for (const name of Object.keys(pageHeaders)) expect(response.headers[name]).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['strict-transport-security']).toBe(
        isSecure ? 'max-age=31536000; includeSubDomains' : undefined,
      );
      await app.close();
    }
  });

  it('refuse framing the same way in both headers', async () => {
    const app = await appServing(false);
    const response = await app.inject({ url: '/page' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await app.close();
  });
});
