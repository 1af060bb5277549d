import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** A year, and subdomains too: browsers keep to https for ipick once they have seen it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's settings for ipick: a CSP that fits the built single-page app, and one framing
 * policy: no page may be framed (`frame-ancestors 'none'` and `X-Frame-Options: DENY`, for
 * browsers that know only the latter).
 */
const helmetOptions: HelmetOptions = {
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
  // Set by the plugin, only over https.
  strictTransportSecurity: false,
  // Product images come from retailers' hosts.
  crossOriginEmbedderPolicy: false,
  // Retailers and merchants may see that a visit came from ipick, but not from which page.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The headers Helmet sets with `options`, read once: none of ipick's depends on the request,
 * so building Helmet's middleware for each request (as @fastify/helmet does) would only cost
 * every answer its time.
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet throws a bad option itself (since 8.1), so a broken setting stops the start.
  helmet(options)({} as never, response as never, () => {});
  return Object.freeze(headers);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: the route sets its own, narrower headers (the redirect, whose 302 has no page
     * to protect and is ipick's hottest answer); it still gets HSTS over https.
     */
    securityHeaders?: false;
  }
}

/**
 * Security headers for every response, 404s and errors included. HSTS only over https
 * (`isSecure`: PUBLIC_URL is https, or the request came over https): sent over plain http on a
 * LAN it means nothing.
 */
export const securityHeadersPlugin = fp(
  (app: FastifyInstance, { isSecure }: { isSecure: boolean }, done: () => void) => {
    const pageHeaders = helmetHeaders(helmetOptions);
    const securePageHeaders = Object.freeze({ ...pageHeaders, 'strict-transport-security': HSTS });
    // One callback hook: an async one costs every request a promise.
    app.addHook('onRequest', (request, reply, next) => {
      const secure = isSecure || request.protocol === 'https';
      if (request.routeOptions.config.securityHeaders === false) {
        if (secure) reply.header('strict-transport-security', HSTS);
      } else {
        reply.headers(secure ? securePageHeaders : pageHeaders);
      }
      next();
    });
    done();
  },
  { name: 'security-headers' },
);
