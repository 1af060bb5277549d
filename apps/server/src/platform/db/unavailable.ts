/**
 * Whether an error means the database could not be reached or did not answer in time (an
 * outage: the request may succeed again in a moment), as opposed to a query the database
 * refused. Covers pg's connection errors and timeouts, PostgreSQL's connection-class and
 * shutdown SQLSTATEs, and PGlite's worker having stopped.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE class 08: connection exception (08000, 08003, 08006…).
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    if (UNAVAILABLE_SQLSTATES.has(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

/** Node's socket errors when the server is down, unreachable or drops the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
]);

/** What pg and ipick's PGlite worker say when there is no database to talk to. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'The database worker stopped',
];
