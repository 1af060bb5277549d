import type { ApiErrorBody, ApiErrorCode } from '@ipick/contracts';
import type { FastifyContextConfig, FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';

/** How long a client should wait before retrying during a database outage. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers `{ success, … }` (spec §4's referral-tracking result), so each of its
     * failures, including a body Fastify could not parse and a refusal by a hook, carries
     * `success: false` beside the usual `{ error, code }`.
     */
    answersWithSuccess?: boolean;
    /**
     * The route is a page people open in a browser (a link they follow): an error asked for by
     * a browser, which accepts HTML, is answered with this page rather than JSON.
     */
    errorPage?: (error: ApiErrorBody, request: FastifyRequest) => string;
  }
}

/** Fastify's own client errors that deserve a specific product-API code. */
const fastifyErrorCodes: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

function statusCodeOf(error: FastifyError): number {
  return typeof error.statusCode === 'number' ? error.statusCode : 500;
}

/**
 * The only place that writes product-API error responses (code-style §7). Client errors keep
 * their message; anything else becomes a generic 500 whose details stay in the log, tagged
 * with the request id.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status: number;
      let body: ApiErrorBody;
      if (error instanceof AppError) {
        status = error.status;
        body = { error: error.message, code: error.code };
        if (error.details) body.details = error.details;
        if (error.retryAfterSeconds !== undefined) {
          void reply.header('retry-after', String(error.retryAfterSeconds));
        }
      } else if (statusCodeOf(error) >= 400 && statusCodeOf(error) < 500) {
        status = statusCodeOf(error);
        body = {
          error: clientErrorMessage(error, request),
          code: fastifyErrorCodes[error.code] ?? codeForStatus(status),
        };
      } else if (isDatabaseUnavailable(error)) {
        // An outage, not a bug: the client may try again shortly (spec §8: Retry-After).
        status = 503;
        body = {
          error: 'ipick cannot reach its database just now. Please try again in a few seconds.',
          code: 'service_unavailable',
        };
        void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      } else {
        status = 500;
        body = { error: 'Internal server error', code: 'internal_error' };
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.code, message: body.error }, 'request refused');
      // Fastify's own contexts (not-found, early errors) may have no route config.
      const config = request.routeOptions.config as FastifyContextConfig | undefined;
      if (config?.errorPage && acceptsHtml(request)) {
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .send(config.errorPage(body, request));
      }
      if (config?.answersWithSuccess) {
        return reply.code(status).send({ success: false, ...body });
      }
      return reply.code(status).send(body);
    });
  },
  { name: 'error-handler' },
);

/** A browser's navigation asks for HTML; `fetch`, curl and API clients do not. */
function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

/**
 * Fastify's own words, except where they do not say what to change: a body over the route's
 * limit is told the limit, and a body of a type no route reads is told to be JSON.
 */
function clientErrorMessage(error: FastifyError, request: FastifyRequest): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions.bodyLimit;
    return typeof limit === 'number'
      ? `body: must be at most ${formatBytes(limit)}`
      : 'body: is too large';
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const type = request.headers['content-type']?.split(';')[0]?.trim();
    return `body: must be JSON sent with Content-Type: application/json${
      type ? `, not ${type.slice(0, 100)}` : ''
    }`;
  }
  return error.message;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return 'invalid_request';
  }
}
