import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors.ts';
import type { BusinessRecord } from './auth-repository.ts';
import type { AuthService } from './auth-service.ts';
import {
  canManageMerchantStaffAndKeys,
  merchantRefusal,
  type MerchantAction,
} from '@ipick/contracts';
import { BUSINESS_COOKIE, readSessionCookie } from './session-cookies.ts';

/** The merchant signed in on a request and the business they work for. */
export interface MerchantActor {
  userId: string;
  business: BusinessRecord;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a `/api/business/*` route does, for the merchant-access guard: a GET reads and any
     * other method writes unless a route says more (`send-mail`, `import-feed`,
     * `create-live-key`). `public`: no merchant session is needed (sign-in, invitation links).
     */
    merchantAction?: MerchantAction | 'public';
    /** Only an owner or admin of the business may take the route (API keys, the team). */
    merchantManagersOnly?: boolean;
  }
  interface FastifyRequest {
    /** Set by the merchant-access guard on every merchant route it lets through. */
    merchant?: MerchantActor;
  }
  interface FastifyInstance {
    /** Every merchant route and the action it is guarded as (for the guard's test). */
    merchantRoutes: { method: string; url: string; action: MerchantAction | 'public' }[];
  }
}

export const MERCHANT_PREFIX = '/api/business/';

function actionOf(route: RouteOptions, method: string): MerchantAction | 'public' {
  const declared = route.config?.merchantAction;
  if (declared) return declared;
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/**
 * The one guard in front of every merchant route (`/api/business/*`; code-style §8: decided on
 * the server). Registered before the routes, it adds itself to each of them as it is declared:
 * signed out (or disabled) is a 401, and a business that may not take the route's action in its
 * status (pending, suspended) a 403 saying why. Routes read the merchant from `request.merchant`
 * (through `requireBusiness`), so none checks this again.
 */
export const merchantAccessPlugin = fp(
  async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
    app.decorate('merchantRoutes', []);
    app.decorateRequest('merchant', undefined);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(MERCHANT_PREFIX)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const action = actionOf(route, methods[0]!);
      for (const method of methods) app.merchantRoutes.push({ method, url: route.url, action });
      if (action === 'public') return;
      const guard = async (request: FastifyRequest) => {
        const merchant = await resolveMerchant(request, auth);
        if (!merchant)
          throw new AppError('unauthorized', 'Sign in to your business account first.');
        const refusal = merchantRefusal(merchant.business.status, action);
        if (refusal) throw new AppError('forbidden', refusal);
        if (route.config?.merchantManagersOnly) {
          const role = await auth.staffRoleOf(merchant.business.id, merchant.userId);
          if (!canManageMerchantStaffAndKeys(role)) {
            throw new AppError(
              'forbidden',
              'Only an owner or admin of the business can do this; ask one of them.',
            );
          }
        }
        request.merchant = merchant;
      };
      const existing = route.preHandler;
      route.preHandler = [guard, ...(existing ? [existing].flat() : [])];
    });
  },
  { name: 'merchant-access' },
);

/** The merchant of the request's business session cookie, or null. */
export async function resolveMerchant(
  request: FastifyRequest,
  auth: AuthService,
): Promise<MerchantActor | null> {
  const token = readSessionCookie(request, BUSINESS_COOKIE);
  const current = token ? await auth.resolve(token, request.ip ?? null) : null;
  const business = current ? await auth.findBusinessOf(current.user.id) : undefined;
  return current && business ? { userId: current.user.id, business } : null;
}
