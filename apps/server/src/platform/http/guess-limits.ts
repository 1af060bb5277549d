import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { GuessCounters } from './guess-counters.ts';

/** How many failed guesses a counter allows within its window. */
export interface GuessWindow {
  max: number;
  windowMs: number;
}

/**
 * Failed guesses at secrets (passwords, emailed codes), counted three ways, each in its own
 * window: per address (one address spraying many accounts), per account from one address,
 * and per account from every address (many addresses guessing one account).
 */
export interface GuessLimits {
  address: GuessWindow;
  pair: GuessWindow;
  account: GuessWindow;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * One address: 30 failures an hour, whatever it guesses at (an office behind one address still
 * has room for its typos). One address at one account: 5 per 15 minutes. One account from
 * every address: 10 an hour, and after that one more guess per address that failed nothing
 * in the past hour (see `refuseWhileLimited`).
 */
export const DEFAULT_GUESS_LIMITS: GuessLimits = {
  address: { max: 30, windowMs: HOUR_MS },
  pair: { max: 5, windowMs: 15 * MINUTE_MS },
  account: { max: 10, windowMs: HOUR_MS },
};

/** What a route's failed answers count against: route config `guesses`. */
export interface GuessCounting {
  /** The account guessed at (its email), when the request names one. */
  accountOf?: (request: FastifyRequest) => string | null;
  /** Which answers are failed guesses: by default every 4xx but the 429 of a limit. */
  isFailure?: (statusCode: number) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    guesses?: GuessCounting;
  }
}

/** The email of a sign-in body (`{ email }`), as accounts are looked up: trimmed, lower case. */
export function emailOfBody(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return email === '' ? null : email;
}

/**
 * The counters' name of a signed-in user's account: its email as sign-in names it, so that
 * guesses at the current password (changing it) and at sign-in fill the same counters.
 */
export function accountKeyOf(user: { id: string; primaryEmail: string | null }): string {
  const email = user.primaryEmail?.trim().toLowerCase();
  return email ? email : `user:${user.id}`;
}

/** Guesses at an account: a sign-in with an email and a password. */
export const accountGuesses: GuessCounting = { accountOf: emailOfBody };

/** Guesses at an emailed code: the code names no account, so only its address counts. */
export const codeGuesses: GuessCounting = {};

/**
 * Asking about an email that has an account (registering it again): the answer tells, so each
 * such answer counts toward the address's limit, like a wrong guess.
 */
export const accountProbes: GuessCounting = { isFailure: (status) => status === 409 };

const isClientError = (status: number) => status >= 400 && status < 500 && status !== 429;

/** The slots one guess took, given back unless the guess fails. */
type Reservation = string[];

/**
 * Counts failed guesses on every route whose config has `guesses`, and refuses a guess with 429
 * and Retry-After (spec §8) while one of its counters is full. Each guess takes its slot in
 * every counter before its secret is checked (one atomic step per counter, see
 * guess-counters.ts), so guesses sent at the same instant cannot all pass; a guess that does
 * not fail gives its slots back.
 */
export const guessLimitPlugin = fp(
  async (app: FastifyInstance, options: { limits: GuessLimits; counters: GuessCounters }) => {
    const { limits, counters } = options;
    const reservations = new WeakMap<FastifyRequest, Reservation>();
    const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);

    const giveBack = (keys: Reservation) => Promise.all(keys.map((key) => counters.remove(key)));

    /**
     * An account whose limit is spent is not locked: that would let anyone lock anyone out by
     * guessing wrong on purpose. An address with no other guess in its window may still try
     * (the account's owner, at home), while every address that took part in the guessing is
     * refused until the account's window or its own ends. A botnet thus gets one guess per
     * address per hour once the account's limit is spent, and the owner also keeps the emailed
     * sign-in link and password reset, whose codes are counted apart.
     */
    async function reserveOrRefuse(
      counting: GuessCounting,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const account = counting.accountOf?.(request) ?? null;
      const address = addressOf(request);
      const keys = [`guesses:address:${address}`];
      if (account !== null) {
        keys.push(`guesses:pair:${address}|${account}`, `guesses:account:${account}`);
      }
      const windows = [limits.address, limits.pair, limits.account];
      const states = await Promise.all(
        keys.map((key, i) => counters.add(key, windows[i]!.windowMs)),
      );
      const [ofAddress, ofPair, ofAccount] = states;
      let refusedForMs: number | null = null;
      if (ofAddress!.count > limits.address.max) refusedForMs = ofAddress!.ttlMs;
      else if (ofPair && ofPair.count > limits.pair.max) refusedForMs = ofPair.ttlMs;
      else if (ofAccount && ofAccount.count > limits.account.max && ofAddress!.count > 1) {
        refusedForMs = Math.min(ofAccount.ttlMs, ofAddress!.ttlMs);
      }
      if (refusedForMs !== null) {
        await giveBack(keys);
        refuse(reply, refusedForMs);
      }
      reservations.set(request, keys);
    }

    /** Keeps a failed guess's slots before its answer is sent; gives any other answer's back. */
    async function settle(
      counting: GuessCounting,
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
    ) {
      const keys = reservations.get(request);
      if (!keys) return payload;
      reservations.delete(request);
      const isFailure = counting.isFailure ?? isClientError;
      if (!isFailure(reply.statusCode)) await giveBack(keys);
      return payload;
    }

    app.addHook('onRoute', (route: RouteOptions) => {
      const counting = route.config?.guesses;
      if (!counting) return;
      route.preHandler = [
        ...hooksOf(route.preHandler),
        (request, reply) => reserveOrRefuse(counting, request, reply),
      ];
      route.onSend = [
        ...hooksOf(route.onSend),
        (request, reply, payload) => settle(counting, request, reply, payload),
      ];
    });
  },
  { name: 'guess-limits', dependencies: ['@fastify/rate-limit'] },
);

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * A 429 as @fastify/rate-limit makes them: an error with a status, which the product API's
 * error handler and the identity API's (Stack's shape) both answer with their own bodies.
 */
function refuse(reply: FastifyReply, ttlMs: number): never {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  void reply.header('retry-after', String(seconds));
  const error = new Error(
    `Too many failed attempts. Try again in ${describe(seconds)}.`,
  ) as Error & { statusCode: number };
  error.statusCode = 429;
  throw error;
}

function describe(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
