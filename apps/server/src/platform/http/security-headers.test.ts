import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers.ts';

// Issue 20: HSTS only over https, and one framing policy (no page may be framed).

async function appServing(isSecure: boolean) {
  const app = Fastify();
  await app.register(securityHeadersPlugin, { isSecure });
  app.get('/page', async () => 'ok');
  await app.ready();
  return app;
}

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

  it('refuse framing the same way in both headers', async () => {
    const app = await appServing(false);
    const response = await app.inject({ url: '/page' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await app.close();
  });
});
