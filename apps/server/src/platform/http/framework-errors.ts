import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isPageRequest } from './single-page-app.ts';

/**
 * Errors Fastify raises before routing, which skip the error handler. The common one is an
 * address it cannot decode: for a page, that is almost always a pasted product link with stray
 * `%` signs, so the visitor goes where any invalid product link goes (spec §2).
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL' && isPageRequest(request)) {
    void reply.redirect('/?error=invalid-url', 302);
    return;
  }
  const message =
    error.code === 'FST_ERR_BAD_URL' ? 'The request address is not a valid URL' : error.message;
  void reply.code(400).send({ error: message, code: 'invalid_request' });
}
