import {
  changePasswordRequestSchema,
  emailCodeRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  magicLinkRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  updateProfileRequestSchema,
  type AccountSession,
} from '@ipick/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { credentialAttemptLimit, mailSendingLimit } from '../../platform/http/rate-limits.ts';
import {
  accountGuesses,
  accountKeyOf,
  accountProbes,
  codeGuesses,
  type GuessCounting,
} from '../../platform/http/guess-limits.ts';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService, CurrentSession } from './auth-service.ts';
import {
  clearSessionCookie,
  readSessionCookie,
  setSessionCookie,
  SHOPPER_COOKIE,
} from './session-cookies.ts';

interface AuthRoutesOptions {
  auth: AuthService;
  /** Whether ipick is served over https, which decides the cookies' Secure flag. */
  isSecure: boolean;
}

const success = { success: true } as const;
const sessionIdParams = z.object({ id: z.uuid('The session id is not valid') });

/**
 * The shopper's and admin's sign-in (spec §7): `/api/auth/*` and `/api/admin/auth/login`,
 * with a cookie session backed by an identity session.
 */
export async function authRoutes(app: FastifyInstance, { auth, isSecure }: AuthRoutesOptions) {
  app.addHook('onRequest', refuseCrossSiteWrites);

  const ipOf = (request: FastifyRequest) => request.ip ?? null;

  // Once per request: the guess limits of a password change need the session's account first.
  const sessions = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();
  function currentSession(request: FastifyRequest): Promise<CurrentSession | null> {
    let session = sessions.get(request);
    if (!session) {
      const token = readSessionCookie(request, SHOPPER_COOKIE);
      session = token ? auth.resolve(token, ipOf(request)) : Promise.resolve(null);
      sessions.set(request, session);
    }
    return session;
  }

  /**
   * Wrong current passwords count against the signed-in account, per address and from every
   * address, as wrong passwords at sign-in do (one counter for both): a stolen session must not
   * become a way to guess its password without limit.
   */
  const accountOfSession = new WeakMap<FastifyRequest, string>();
  const currentPasswordGuesses: GuessCounting = {
    accountOf: (request) => accountOfSession.get(request) ?? null,
  };
  async function findAccountOfSession(request: FastifyRequest) {
    const current = await currentSession(request).catch(() => null);
    if (current) accountOfSession.set(request, accountKeyOf(current.user));
  }

  async function requireSession(request: FastifyRequest): Promise<CurrentSession> {
    const current = await currentSession(request);
    if (!current) throw new AppError('unauthorized', 'Sign in first.');
    return current;
  }

  async function startSession(
    reply: FastifyReply,
    signedIn: { user: CurrentSession['user']; refreshToken: string },
  ) {
    setSessionCookie(reply, SHOPPER_COOKIE, signedIn.refreshToken, isSecure);
    return { success: true as const, user: await auth.toSessionUser(signedIn.user) };
  }

  app.get('/api/auth/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const current = await currentSession(request);
    if (!current && request.cookies[SHOPPER_COOKIE])
      clearSessionCookie(reply, SHOPPER_COOKIE, isSecure);
    return { user: current ? await auth.toSessionUser(current.user) : null };
  });

  app.post(
    '/api/auth/login',
    { config: { rateLimit: credentialAttemptLimit, guesses: accountGuesses } },
    async (request, reply) => {
      const body = parseRequestPart(loginRequestSchema, request.body, 'body');
      return startSession(reply, await auth.signIn(body.email, body.password, ipOf(request)));
    },
  );

  app.post(
    '/api/auth/register',
    { config: { rateLimit: mailSendingLimit, guesses: accountProbes } },
    async (request, reply) => {
      const body = parseRequestPart(registerRequestSchema, request.body, 'body');
      return startSession(reply, await auth.register(body.email, body.password, ipOf(request)));
    },
  );

  app.post(
    '/api/admin/auth/login',
    { config: { rateLimit: credentialAttemptLimit, guesses: accountGuesses } },
    async (request, reply) => {
      const body = parseRequestPart(loginRequestSchema, request.body, 'body');
      return startSession(reply, await auth.signInAdmin(body.email, body.password, ipOf(request)));
    },
  );

  app.post('/api/auth/logout', async (request, reply) => {
    const token = readSessionCookie(request, SHOPPER_COOKIE);
    if (token) await auth.signOut(token);
    clearSessionCookie(reply, SHOPPER_COOKIE, isSecure);
    return success;
  });

  app.post(
    '/api/auth/forgot-password',
    { config: { rateLimit: mailSendingLimit } },
    async (request) => {
      const body = parseRequestPart(forgotPasswordRequestSchema, request.body, 'body');
      await auth.sendPasswordReset(body.email);
      return success; // the same answer whether or not the email has an account
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: { rateLimit: credentialAttemptLimit, guesses: codeGuesses } },
    async (request) => {
      const body = parseRequestPart(resetPasswordRequestSchema, request.body, 'body');
      await auth.resetPassword(body.code, body.password);
      return success;
    },
  );

  app.post(
    '/api/auth/verify-email',
    { config: { rateLimit: credentialAttemptLimit, guesses: codeGuesses } },
    async (request) => {
      const body = parseRequestPart(emailCodeRequestSchema, request.body, 'body');
      await auth.verifyEmail(body.code);
      return success;
    },
  );

  app.post(
    '/api/auth/send-verification-email',
    { config: { rateLimit: mailSendingLimit } },
    async (request) => {
      const { user } = await requireSession(request);
      await auth.sendEmailVerification(user);
      return success;
    },
  );

  app.post('/api/auth/magic-link', { config: { rateLimit: mailSendingLimit } }, async (request) => {
    const body = parseRequestPart(magicLinkRequestSchema, request.body, 'body');
    await auth.sendMagicLink(body.email);
    return success;
  });

  app.post(
    '/api/auth/magic-link/sign-in',
    { config: { rateLimit: credentialAttemptLimit, guesses: codeGuesses } },
    async (request, reply) => {
      const body = parseRequestPart(emailCodeRequestSchema, request.body, 'body');
      return startSession(reply, await auth.signInWithMagicLink(body.code, ipOf(request)));
    },
  );

  app.patch('/api/auth/me', async (request) => {
    const { user } = await requireSession(request);
    const body = parseRequestPart(updateProfileRequestSchema, request.body, 'body');
    return { user: await auth.toSessionUser(await auth.rename(user, body.displayName)) };
  });

  app.post(
    '/api/auth/change-password',
    // The account is found before the guess limits look at the request (they run in preHandler).
    { config: { guesses: currentPasswordGuesses }, preValidation: findAccountOfSession },
    async (request) => {
      const current = await requireSession(request);
      const body = parseRequestPart(changePasswordRequestSchema, request.body, 'body');
      await auth.changePassword(current, body.currentPassword, body.newPassword);
      return success;
    },
  );

  app.get('/api/auth/sessions', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const current = await requireSession(request);
    const sessions = await auth.listSessions(current.user);
    return {
      sessions: sessions
        .filter((session) => !session.is_impersonation)
        .map((session): AccountSession => ({
          id: session.id,
          createdAt: session.created_at.toISOString(),
          lastUsedAt: session.last_used_at?.toISOString() ?? null,
          lastUsedIp: session.last_used_ip,
          isCurrent: session.id === current.session.id,
        })),
    };
  });

  app.delete('/api/auth/sessions/:id', async (request) => {
    const current = await requireSession(request);
    const { id } = parseRequestPart(sessionIdParams, request.params, 'params');
    if (id === current.session.id)
      throw new AppError('invalid_request', 'Sign out to end this session.');
    await auth.endSession(current.user, id);
    return success;
  });
}
