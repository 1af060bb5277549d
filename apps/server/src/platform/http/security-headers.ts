import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A year, and subdomains too: browsers keep to https for ipick once they have seen it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers for every response, with a CSP that fits the built single-page app. One
 * framing policy: no page may be framed (`frame-ancestors 'none'` and `X-Frame-Options: DENY`,
 * for browsers that know only the latter). HSTS only over https (`isSecure`: PUBLIC_URL is
 * https, or the request came over https): sent over plain http on a LAN it means nothing.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { isSecure }: { isSecure: boolean }) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isSecure || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done(null, payload);
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix and sonner position popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Product images come from retailers' and shops' hosts, a few still over plain http
          // (a browser upgrades them on an https page, or leaves them out as mixed content).
          imgSrc: ["'self'", 'data:', 'https:', 'http:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // ipick may be served over plain http on a LAN; upgrading would break it there.
          upgradeInsecureRequests: null,
        },
      },
      frameguard: { action: 'deny' },
      // Set above, only over https.
      strictTransportSecurity: false,
      // Product images come from retailers' hosts.
      crossOriginEmbedderPolicy: false,
      // Retailers and merchants may see that a visit came from ipick, but not from which page.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  },
  { name: 'security-headers' },
);
