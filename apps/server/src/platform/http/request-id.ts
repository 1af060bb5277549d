import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID_HEADER = 'x-request-id';
const acceptableRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Keeps a request id set by a proxy in front of us (so logs line up across hops) when it is
 * a short token, and makes a fresh one otherwise; never logs caller-chosen junk.
 */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && acceptableRequestId.test(incoming)
    ? incoming
    : randomUUID();
}

export { REQUEST_ID_HEADER };
