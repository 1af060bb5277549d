import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../../platform/errors.ts';
import { KnownError, knownErrors, StatusError } from './known-errors.ts';
import { identityHeader } from './request-context.ts';

/**
 * Parses a request part for the identity API. Unknown keys are refused, as upstream does;
 * the SCHEMA_ERROR message names each bad field.
 */
export function parseIdentityInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  part: 'body' | 'query' | 'params',
): z.infer<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const message = result.error.issues
    .map((issue) => `${[part, ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('\n');
  throw knownErrors.schemaError(message);
}

/**
 * The identity API's error handler (stack-auth.md §1.5): known errors as `{code, error,
 * details}` with the known-error header in both spellings; with `override-error-status`,
 * 4xx answers become 200 and carry the real status in `actual-status`.
 */
export function handleIdentityError(
  error: FastifyError | KnownError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  let known: KnownError | null = error instanceof KnownError ? error : null;
  if (!known && error instanceof AppError && error.code === 'invalid_request') {
    known = knownErrors.schemaError(error.message); // from app-wide checks (nul-characters.ts)
  } else if (!known && 'code' in error) {
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      known = knownErrors.bodyParsingError(error.message);
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      known = knownErrors.bodyParsingError('The content type of the body is not supported.');
    }
  }
  const status = known?.status ?? (error as FastifyError).statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'identity request failed');

  const overrideStatus =
    identityHeader(request, 'override-error-status') === 'true' && status < 500;
  if (overrideStatus) {
    reply
      .header('x-stack-actual-status', String(status))
      .header('x-hexclave-actual-status', String(status));
  }
  reply.code(overrideStatus ? 200 : status);
  if (known) {
    return reply
      .header('x-stack-known-error', known.code)
      .header('x-hexclave-known-error', known.code)
      .send({
        code: known.code,
        error: known.message,
        ...(known.details ? { details: known.details } : {}),
      });
  }
  // Other errors are plain text, as upstream's are; 5xx never carry internals, except a
  // StatusError's words, written for the caller (a 503 saying what is not set up).
  const told = status < 500 || error instanceof StatusError;
  return reply
    .type('text/plain; charset=utf-8')
    .send(told ? (error as Error).message : 'Internal server error');
}
