import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry one-time secrets in ipick's links: reset, magic-link and email
 * verification codes (`code`), invitation tokens (`token`) and the CLI's codes. Whoever reads a
 * log must not be able to use them.
 */
const SECRET_PARAMETERS = /^(code|token|login_code|polling_code|refresh_token|access_token)$/i;

/** `url` with the values of its secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const parts = url
    .slice(query + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals === -1 ? part : part.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return equals !== -1 && SECRET_PARAMETERS.test(decoded) ? `${name}=[redacted]` : part;
    });
  return `${url.slice(0, query)}?${parts.join('&')}`;
}

/** Fastify's request log fields, with the URL's one-time secrets redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
