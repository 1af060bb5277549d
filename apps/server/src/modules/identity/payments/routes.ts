import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listAdminRoute } from '../admin/admin-route-list.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import type {
  PaymentsCustomerType,
  PaymentsProduct,
  ProjectRecord,
} from '../core/identity-repository.ts';
import { StatusError } from '../core/known-errors.ts';
import {
  clientOrHigher,
  requireAccess,
  resolveRequestContext,
  serverOrHigher,
  type IdentityRequestContext,
} from '../core/request-context.ts';
import { resolveUserId } from '../core/route-helpers.ts';
import type { Teams } from '../teams/teams.ts';
import { paymentsErrors } from './payments-errors.ts';
import type { Customer, Payments, ProductChoice } from './payments.ts';

interface PaymentRoutesOptions {
  identity: IdentityCore & { payments: Payments; teams: Teams };
}

const customerType = z.enum(['user', 'team', 'custom']);
const id = z.string().min(1).max(200);
const itemParams = z.strictObject({ customerType, customerId: id, itemId: id });
const shortItemParams = z.strictObject({ customerId: id, itemId: id });
const updateQuery = z.strictObject({ allow_negative: z.enum(['true', 'false']).optional() });
const updateBody = z.strictObject({
  delta: z.number().int().min(-1_000_000_000).max(1_000_000_000),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  description: z.string().max(1000).nullable().optional(),
});
const inlineProduct = z.object({
  display_name: z.string().max(200).optional(),
  customer_type: customerType,
  server_only: z.boolean().optional(),
  prices: z.record(
    z.string(),
    z.object({
      USD: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount in dollars such as "9.99"'),
      interval: z
        .tuple([z.number().int().min(1).max(365), z.enum(['day', 'week', 'month', 'year'])])
        .optional(),
    }),
  ),
  included_items: z.record(z.string(), z.object({ quantity: z.number().int().min(0) })).optional(),
});
const purchaseBody = z
  .strictObject({
    customer_type: customerType.optional(),
    customer_id: id,
    product_id: id.optional(),
    offer_id: id.optional(),
    product_inline: inlineProduct.optional(),
    inline_offer: inlineProduct.optional(),
    price_id: id.optional(),
    return_url: z.string().max(2048).optional(),
  })
  .refine(
    (body) =>
      [body.product_id, body.offer_id, body.product_inline, body.inline_offer].filter(
        (v) => v !== undefined,
      ).length === 1,
    'send one of product_id (offer_id) or product_inline (inline_offer)',
  );

/**
 * Payments (spec §7, stack-auth.md §3.20): items per customer, purchases through Stripe
 * Checkout, the project's Stripe account (admin tier) and Stripe's webhook. Items are read at
 * `/payments/items/{customer_type}/{customer_id}/{item_id}`, as the clients call it, or at
 * `/payments/items/{customer_id}/{item_id}` (spec §7), where the item's type names the customer.
 */
export async function paymentRoutes(app: FastifyInstance, { identity }: PaymentRoutesOptions) {
  const { payments, teams } = identity;

  /** The customer a request names; a client only names itself or a team it belongs to. */
  const customerOf = async (
    ctx: IdentityRequestContext,
    type: PaymentsCustomerType,
    customerId: string,
  ): Promise<Customer> => {
    if (type === 'user') return { type, id: resolveUserId(ctx, customerId, 'the items') };
    if (ctx.accessType === 'client') {
      const isMember =
        type === 'team' && ctx.user !== null && (await teams.isMember(customerId, ctx.user.id));
      if (!isMember) {
        throw new StatusError(
          403,
          `A client can only act for its own user or a team it belongs to; ${type} ${customerId} is neither.`,
        );
      }
    }
    return { type, id: customerId };
  };

  /** The short form names no customer type: the item's own says it. */
  const itemCustomerType = (project: ProjectRecord, itemId: string): PaymentsCustomerType => {
    const item = project.config.payments?.items?.[itemId];
    if (!item) throw paymentsErrors.itemNotFound(itemId);
    return item.customerType;
  };

  const readItem = async (
    request: FastifyRequest,
    params: { customerType?: PaymentsCustomerType; customerId: string; itemId: string },
  ) => {
    const ctx = requireAccess(await resolveRequestContext(request, identity), clientOrHigher);
    const type = params.customerType ?? itemCustomerType(ctx.project, params.itemId);
    const customer = await customerOf(ctx, type, params.customerId);
    return payments.getItem(ctx.project, customer, params.itemId);
  };

  const updateItem = async (
    request: FastifyRequest,
    params: { customerType?: PaymentsCustomerType; customerId: string; itemId: string },
  ) => {
    const ctx = requireAccess(await resolveRequestContext(request, identity), serverOrHigher);
    const query = parseIdentityInput(updateQuery, request.query, 'query');
    const body = parseIdentityInput(updateBody, request.body, 'body');
    const type = params.customerType ?? itemCustomerType(ctx.project, params.itemId);
    const customer = await customerOf(ctx, type, params.customerId);
    await payments.updateQuantity(
      ctx.project,
      customer,
      params.itemId,
      {
        delta: body.delta,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        description: body.description ?? null,
      },
      query.allow_negative === 'true',
    );
    return {};
  };

  app.get('/payments/items/:customerType/:customerId/:itemId', async (request) =>
    readItem(request, parseIdentityInput(itemParams, request.params, 'params')),
  );
  app.get('/payments/items/:customerId/:itemId', async (request) =>
    readItem(request, parseIdentityInput(shortItemParams, request.params, 'params')),
  );
  app.post('/payments/items/:customerType/:customerId/:itemId/update-quantity', async (request) =>
    updateItem(request, parseIdentityInput(itemParams, request.params, 'params')),
  );
  app.post('/payments/items/:customerId/:itemId/update-quantity', async (request) =>
    updateItem(request, parseIdentityInput(shortItemParams, request.params, 'params')),
  );

  app.post('/payments/purchases/create-purchase-url', async (request) => {
    const ctx = requireAccess(await resolveRequestContext(request, identity), clientOrHigher);
    const body = parseIdentityInput(purchaseBody, request.body, 'body');
    const productId = body.product_id ?? body.offer_id;
    const inline = body.product_inline ?? body.inline_offer;
    let product: ProductChoice;
    if (productId !== undefined) {
      product = { kind: 'id', id: productId };
    } else {
      if (ctx.accessType === 'client') {
        throw new StatusError(403, 'Only the server tier may buy an inline product.');
      }
      product = { kind: 'inline', product: toProduct(inline!) };
    }
    const type =
      body.customer_type ??
      (product.kind === 'inline'
        ? product.product.customerType
        : (ctx.project.config.payments?.products?.[product.id]?.customerType ??
          (() => {
            throw paymentsErrors.productDoesNotExist(product.id, null);
          })()));
    const customer = await customerOf(ctx, type, body.customer_id);
    const url = await payments.createPurchaseUrl(ctx.project, {
      customer,
      product,
      priceId: body.price_id,
      returnUrl: body.return_url,
      tier: ctx.accessType,
    });
    return { url };
  });

  // ---- the project's Stripe account (admin tier) ----

  const adminPost = (url: string, handler: (project: ProjectRecord) => Promise<unknown>) => {
    listAdminRoute('POST', url);
    app.post(url, async (request) => {
      const ctx = requireAccess(await resolveRequestContext(request, identity), ['admin']);
      return handler(ctx.project);
    });
  };
  adminPost('/internal/payments/setup', (project) => payments.setup(project));
  adminPost('/internal/payments/stripe-widgets/account-session', (project) =>
    payments.accountSession(project),
  );

  // ---- Stripe's webhook: the raw body is what Stripe signed ----

  await app.register(async (stripeApp) => {
    stripeApp.removeAllContentTypeParsers();
    stripeApp.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    stripeApp.post('/integrations/stripe/webhooks', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new StatusError(400, 'A Stripe webhook needs its Stripe-Signature header and body.');
      }
      const result = await payments.handleStripeEvent(request.body, signature);
      if (!result) throw new StatusError(400, 'The Stripe-Signature does not match this body.');
      return reply.send({ received: true, handled: result.handled });
    });
  });
}

function toProduct(inline: z.infer<typeof inlineProduct>): PaymentsProduct {
  return {
    ...(inline.display_name ? { displayName: inline.display_name } : {}),
    customerType: inline.customer_type,
    serverOnly: inline.server_only ?? false,
    prices: inline.prices,
    ...(inline.included_items ? { includedItems: inline.included_items } : {}),
  };
}
