import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). Counters live in process memory, so
 * with several processes each enforces its own share; that still stops password guessing.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      // After body parsing, so that limits can count per account as well as per address.
      hook: 'preHandler',
      errorResponseBuilder: (_request, context) => {
        const error = new Error(
          `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ) as Error & { statusCode: number };
        error.statusCode = 429;
        return error;
      },
    });
  },
  { name: 'rate-limits' },
);

/** Guesses are counted per address and per account, so one attacker cannot spread them. */
export function ipAndEmailKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.ip}|${email}`;
}

/** Limits for endpoints that check a secret (passwords, emailed codes). */
export const credentialAttemptLimit = {
  max: 10,
  timeWindow: '5 minutes',
  keyGenerator: ipAndEmailKey,
};

/** Limits for endpoints that send email, so ipick cannot be used to flood an inbox. */
export const mailSendingLimit = {
  max: 5,
  timeWindow: '15 minutes',
  keyGenerator: ipAndEmailKey,
};
