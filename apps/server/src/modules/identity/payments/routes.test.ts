import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as stack2_8_108 from '@stackframe/js';
import Stripe from 'stripe';
import * as stack2_8_102 from 'stackframe-js-2-8-102';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';

const WEBHOOK_SECRET = 'whsec_test_payments_secret';

/** Stripe's API on loopback: answers the few calls payments make, and records them. */
interface StripeStandIn {
  server: Server;
  port: number;
  calls: { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams }[];
}

async function startStripeStandIn(): Promise<StripeStandIn> {
  const standIn: StripeStandIn = { server: createServer(), port: 0, calls: [] };
  standIn.server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      standIn.calls.push({ method: request.method ?? '', path, headers: request.headers, form });
      const answers: Record<string, object> = {
        '/v1/accounts': { id: 'acct_standin', object: 'account' },
        '/v1/account_links': {
          object: 'account_link',
          url: 'https://connect.stripe.test/setup/acct_standin',
        },
        '/v1/account_sessions': { object: 'account_session', client_secret: 'accs_secret_standin' },
        '/v1/checkout/sessions': {
          id: 'cs_test_standin',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/pay/cs_test_standin',
        },
      };
      const answer = answers[path];
      response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: 'no such' } }),
      );
    });
  });
  await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
  standIn.port = (standIn.server.address() as AddressInfo).port;
  return standIn;
}

let ctx: IdentityApp;
let stripe: StripeStandIn;
let user: { id: string; token: string };

function adminCall(method: 'POST' | 'PATCH' | 'GET', path: string, body?: unknown) {
  return ctx.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: {
      'x-stack-project-id': ctx.keys.projectId,
      'x-stack-access-type': 'admin',
      'x-stack-super-secret-admin-key': ctx.keys.superSecretAdminKey,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const updateQuantity = (customer: string, item: string, body: object, allowNegative?: boolean) =>
  ctx.api.call(
    'POST',
    `/payments/items/${customer}/${item}/update-quantity${
      allowNegative === undefined ? '' : `?allow_negative=${allowNegative}`
    }`,
    { tier: 'server', body },
  );

const quantityOf = async (customer: string, item: string) => {
  const response = await ctx.api.call('GET', `/payments/items/${customer}/${item}`, {
    tier: 'server',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ quantity: number }>().quantity;
};

beforeAll(async () => {
  stripe = await startStripeStandIn();
  ctx = await startIdentityApp({
    listen: true,
    identityOptions: {
      stripe: {
        secretKey: 'sk_test_standin',
        webhookSecret: WEBHOOK_SECRET,
        host: '127.0.0.1',
        port: stripe.port,
        protocol: 'http',
      },
    },
  });
  // Items and products come from the project's config.
  const override = await adminCall('PATCH', '/internal/config/override', {
    config_override_string: JSON.stringify({
      'payments.items.credits': { displayName: 'Credits', customerType: 'user' },
      'payments.items.seats': { displayName: 'Seats', customerType: 'team' },
      'payments.products.credit-pack': {
        displayName: 'Credit pack',
        customerType: 'user',
        prices: { once: { USD: '9.99' } },
        includedItems: { credits: { quantity: 100 } },
      },
      'payments.offers.internal-only': {
        customerType: 'user',
        serverOnly: true,
        prices: { monthly: { USD: '5', interval: [1, 'month'] } },
      },
    }),
  });
  expect(override.statusCode, override.body).toBe(200);
  user = await signUpWithPassword(ctx.api);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => stripe?.server.close(resolve));
});

describe('item quantities', () => {
  it('adds and takes away; a decrease below zero is refused unless allow_negative=true', async () => {
    expect(await quantityOf(`user/${user.id}`, 'credits')).toBe(0);
    const added = await updateQuantity(`user/${user.id}`, 'credits', {
      delta: 5,
      description: 'welcome gift',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await quantityOf(`user/${user.id}`, 'credits')).toBe(5);

    const tooMuch = await updateQuantity(`user/${user.id}`, 'credits', { delta: -6 }, false);
    expectKnownError(tooMuch, 400, 'ITEM_QUANTITY_INSUFFICIENT_AMOUNT');
    expect(tooMuch.json()).toMatchObject({
      details: { item_id: 'credits', customer_id: user.id, quantity: 6 },
    });
    // Without the query the default is the same (spec §9).
    const noQuery = await updateQuantity(`user/${user.id}`, 'credits', { delta: -6 });
    expectKnownError(noQuery, 400, 'ITEM_QUANTITY_INSUFFICIENT_AMOUNT');
    expect(await quantityOf(`user/${user.id}`, 'credits')).toBe(5);

    const allowed = await updateQuantity(`user/${user.id}`, 'credits', { delta: -6 }, true);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await quantityOf(`user/${user.id}`, 'credits')).toBe(-1);

    // The spec's short path: the item's customer type names the customer.
    const short = await ctx.api.call('GET', `/payments/items/${user.id}/credits`, {
      tier: 'server',
    });
    expect(short.json()).toEqual({ id: 'credits', display_name: 'Credits', quantity: -1 });
  });

  it('does not count an expired grant, and spends the last unit only once', async () => {
    const other = await signUpWithPassword(ctx.api);
    await updateQuantity(`user/${other.id}`, 'credits', {
      delta: 10,
      expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    await updateQuantity(`user/${other.id}`, 'credits', { delta: 1 });
    expect(await quantityOf(`user/${other.id}`, 'credits')).toBe(1);
    const both = await Promise.all([
      updateQuantity(`user/${other.id}`, 'credits', { delta: -1 }, false),
      updateQuantity(`user/${other.id}`, 'credits', { delta: -1 }, false),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await quantityOf(`user/${other.id}`, 'credits')).toBe(0);
  });

  it('names an unknown item, a wrong customer type and an unknown customer', async () => {
    const unknown = await ctx.api.call('GET', `/payments/items/user/${user.id}/gold`, {
      tier: 'server',
    });
    expectKnownError(unknown, 404, 'ITEM_NOT_FOUND');
    expect(unknown.json<{ error: string }>().error).toBe('Item with ID "gold" not found.');
    const wrongType = await ctx.api.call('GET', `/payments/items/team/${user.id}/credits`, {
      tier: 'server',
    });
    expectKnownError(wrongType, 400, 'ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH');
    const nobody = await ctx.api.call(
      'GET',
      '/payments/items/user/00000000-0000-4000-8000-000000000000/credits',
      { tier: 'server' },
    );
    expectKnownError(nobody, 400, 'CUSTOMER_DOES_NOT_EXIST');
    const badDelta = await updateQuantity(`user/${user.id}`, 'credits', { delta: 1.5 });
    expectKnownError(badDelta, 400, 'SCHEMA_ERROR');
    expect(badDelta.json<{ error: string }>().error).toMatch(/body\.delta/);
  });

  it('lets a client read its own items only, and change none', async () => {
    const own = await ctx.api.call('GET', `/payments/items/user/me/credits`, {
      accessToken: user.token,
    });
    expect(own.statusCode, own.body).toBe(200);
    const stranger = await signUpWithPassword(ctx.api);
    const others = await ctx.api.call('GET', `/payments/items/user/${user.id}/credits`, {
      accessToken: stranger.token,
    });
    expect(others.statusCode).toBe(403);
    const change = await ctx.api.call(
      'POST',
      `/payments/items/user/${user.id}/credits/update-quantity?allow_negative=false`,
      { accessToken: user.token, body: { delta: 100 } },
    );
    expectKnownError(change, 401, 'INSUFFICIENT_ACCESS_TYPE');
  });
});

describe('purchases through Stripe', () => {
  it('connects the project, makes a Checkout URL, and gives the items once Stripe says it is paid', async () => {
    const beforeSetup = await ctx.api.call('POST', '/payments/purchases/create-purchase-url', {
      accessToken: user.token,
      body: { customer_type: 'user', customer_id: user.id, product_id: 'credit-pack' },
    });
    expectKnownError(beforeSetup, 404, 'STRIPE_ACCOUNT_INFO_NOT_FOUND');

    const setup = await adminCall('POST', '/internal/payments/setup', {});
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json()).toEqual({ url: 'https://connect.stripe.test/setup/acct_standin' });
    const widgets = await adminCall(
      'POST',
      '/internal/payments/stripe-widgets/account-session',
      {},
    );
    expect(widgets.json()).toEqual({ client_secret: 'accs_secret_standin' });
    const session = stripe.calls.find((c) => c.path === '/v1/account_sessions')!;
    expect(session.form.get('account')).toBe('acct_standin');
    expect(session.headers.authorization).toBe('Bearer sk_test_standin');

    const purchase = await ctx.api.call('POST', '/payments/purchases/create-purchase-url', {
      accessToken: user.token,
      body: { customer_type: 'user', customer_id: user.id, product_id: 'credit-pack' },
    });
    expect(purchase.statusCode, purchase.body).toBe(200);
    expect(purchase.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_standin' });
    const checkout = stripe.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(checkout.headers['stripe-account']).toBe('acct_standin');
    expect(checkout.form.get('mode')).toBe('payment');
    expect(checkout.form.get('line_items[0][price_data][unit_amount]')).toBe('999');
    expect(checkout.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(checkout.form.get('metadata[customer_id]')).toBe(user.id);

    // A server-only offer (spec's offer_id) is not for clients; an untrusted return URL is refused.
    const serverOnly = await ctx.api.call('POST', '/payments/purchases/create-purchase-url', {
      accessToken: user.token,
      body: { customer_id: user.id, offer_id: 'internal-only' },
    });
    expectKnownError(serverOnly, 400, 'PRODUCT_DOES_NOT_EXIST');
    const untrusted = await ctx.api.call('POST', '/payments/purchases/create-purchase-url', {
      tier: 'server',
      body: { customer_id: user.id, offer_id: 'internal-only', return_url: 'https://evil.example' },
    });
    expectKnownError(untrusted, 400, 'REDIRECT_URL_NOT_WHITELISTED');
    const inline = await ctx.api.call('POST', '/payments/purchases/create-purchase-url', {
      tier: 'server',
      body: {
        customer_id: user.id,
        inline_offer: {
          display_name: 'One-off',
          customer_type: 'user',
          prices: { p: { USD: '1.50', interval: [1, 'month'] } },
        },
      },
    });
    expect(inline.statusCode, inline.body).toBe(200);
    const subscription = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(subscription.form.get('mode')).toBe('subscription');
    expect(subscription.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');

    // Stripe's webhook, signed with the secret: the items arrive, once.
    const before = await quantityOf(`user/${user.id}`, 'credits');
    const signer = new Stripe('sk_test_standin');
    const payload = JSON.stringify({
      id: 'evt_paid',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_standin',
          object: 'checkout.session',
          metadata: Object.fromEntries(
            [...checkout.form.entries()]
              .filter(([key]) => key.startsWith('metadata['))
              .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
          ),
        },
      },
    });
    const deliver = (signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/integrations/stripe/webhooks',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const forged = await deliver(
      signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(await quantityOf(`user/${user.id}`, 'credits')).toBe(before);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const paid = await deliver(header);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ received: true, handled: true });
    expect(await quantityOf(`user/${user.id}`, 'credits')).toBe(before + 100);
    await deliver(header); // Stripe sends again: nothing more
    expect(await quantityOf(`user/${user.id}`, 'credits')).toBe(before + 100);
  });

  it('names a bad payments key in the config override', async () => {
    const bad = await adminCall('PATCH', '/internal/config/override', {
      config_override_string: JSON.stringify({
        'payments.items.gems': { customerType: 'planet' },
      }),
    });
    expectKnownError(bad, 400, 'SCHEMA_ERROR');
    expect(bad.json<{ error: string }>().error).toMatch(/payments\.items\.gems\.customerType/);
    const config = await adminCall('GET', '/internal/config');
    const rendered = JSON.parse(config.json<{ config_string: string }>().config_string) as {
      payments: { items: Record<string, unknown> };
    };
    expect(rendered.payments.items).toEqual({
      credits: { displayName: 'Credits', customerType: 'user' },
      seats: { displayName: 'Seats', customerType: 'team' },
    });
  });
});

type Sdk = typeof stack2_8_108;
const sdks: { version: string; sdk: Sdk }[] = [
  { version: '2.8.108', sdk: stack2_8_108 },
  { version: '2.8.102', sdk: stack2_8_102 as unknown as Sdk },
];

describe.each(sdks)('@stackframe/js $version items', ({ sdk }) => {
  it('reads, increases and decreases a user item; tryDecreaseQuantity refuses going below zero', async () => {
    const server = new sdk.StackServerApp({
      baseUrl: ctx.baseUrl,
      projectId: ctx.keys.projectId,
      publishableClientKey: ctx.keys.publishableClientKey,
      secretServerKey: ctx.keys.secretServerKey,
      tokenStore: 'memory',
      noAutomaticPrefetch: true,
      redirectMethod: 'none',
    });
    const customer = await signUpWithPassword(ctx.api);
    const item = await server.getItem({ userId: customer.id, itemId: 'credits' });
    expect(item.quantity).toBe(0);
    await item.increaseQuantity(5);
    expect(await item.tryDecreaseQuantity(10)).toBe(false);
    expect(await item.tryDecreaseQuantity(3)).toBe(true);
    const after = await server.getItem({ userId: customer.id, itemId: 'credits' });
    expect(after).toMatchObject({ displayName: 'Credits', quantity: 2, nonNegativeQuantity: 2 });
    await expect(server.getItem({ userId: customer.id, itemId: 'gold' })).rejects.toMatchObject({
      errorCode: 'ITEM_NOT_FOUND',
    });
  });
});

describe('without Stripe', () => {
  it('answers 503 saying payments are not set up, while items keep working', async () => {
    const bare = await startIdentityApp();
    try {
      const headers = {
        'x-stack-project-id': bare.keys.projectId,
        'x-stack-access-type': 'admin',
        'x-stack-super-secret-admin-key': bare.keys.superSecretAdminKey,
      };
      const setup = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/internal/payments/setup',
        headers,
        payload: {},
      });
      expect(setup.statusCode).toBe(503);
      expect(setup.body).toMatch(/Payments are not set up on this server: set STRIPE_SECRET_KEY/);
      const webhook = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/integrations/stripe/webhooks',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
