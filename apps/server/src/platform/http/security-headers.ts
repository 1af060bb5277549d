import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers for every response, with a CSP that fits the built single-page app. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
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
      // Product images come from retailers' hosts.
      crossOriginEmbedderPolicy: false,
      // Retailers and merchants may see that a visit came from ipick, but not from which page.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  },
  { name: 'security-headers' },
);
