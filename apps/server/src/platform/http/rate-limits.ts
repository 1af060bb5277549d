import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GuessCounters } from './guess-counters.ts';
import { DEFAULT_GUESS_LIMITS, guessLimitPlugin, type GuessLimits } from './guess-limits.ts';
import { rateLimitStoreOptions, type LimitStore } from './rate-limit-stores.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The counters of the limits' store, for a limit that is not a route's own (a page that
     * starts work an API route limits): shared by every process, like the routes' counters.
     */
    limitCounters: GuessCounters;
  }
}

export interface RateLimitSettings {
  /** Where the counters live: shared by every process on PostgreSQL or Redis. */
  store: LimitStore;
  /** The limits of failed guesses; tests use small ones. */
  guesses?: Partial<GuessLimits>;
}

/**
 * Rate limits are opt-in per route: `config.rateLimit` counts requests, `config.guesses`
 * counts failed guesses at secrets (guess-limits.ts). Both keep their counters in the store
 * of `settings`, so that several processes enforce one limit.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, settings: RateLimitSettings) => {
    const store = rateLimitStoreOptions(settings.store);
    app.addHook('onClose', store.close);
    app.decorate('limitCounters', store.guesses);
    await app.register(rateLimit, {
      global: false,
      // After body parsing, so that limits can count per account as well as per address.
      hook: 'preHandler',
      ...store.options,
      errorResponseBuilder: (_request, context) => {
        const error = new Error(
          `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ) as Error & { statusCode: number };
        error.statusCode = 429;
        return error;
      },
    });
    await app.register(guessLimitPlugin, {
      counters: store.guesses,
      limits: { ...DEFAULT_GUESS_LIMITS, ...settings.guesses },
    });
  },
  { name: 'rate-limits' },
);

/** One address asking about one email: the key of the request limits below. */
export function ipAndEmailKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.ip}|${email}`;
}

/**
 * Requests, successful or not, of one address about one email at endpoints that check a secret
 * (failed guesses are counted apart, in guess-limits.ts).
 */
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

/**
 * Starting a sign-in that waits for approval elsewhere (a command line's login): each start
 * stores a row, so one address may start 30 an hour; a person needs a handful.
 */
export const pendingSignInStartLimit = {
  max: 30,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => request.ip,
};
