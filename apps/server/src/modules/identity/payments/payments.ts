import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type {
  PaymentsCustomerType,
  PaymentsProduct,
  ProjectRecord,
} from '../core/identity-repository.ts';
import { knownErrors } from '../core/known-errors.ts';
import { resolveTrustedUrl } from '../core/trusted-urls.ts';
import { paymentsErrors } from './payments-errors.ts';
import type { CustomerItem, PaymentsRepository } from './payments-repository.ts';

/** The server's Stripe platform account (STRIPE_SECRET_KEY) and where its API is. */
export interface StripeSettings {
  secretKey: string;
  /** Signs Stripe's webhooks (STRIPE_WEBHOOK_SECRET); without it they are refused. */
  webhookSecret: string | null;
  /** Another address for Stripe's API (tests point it at a loopback stand-in). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export interface Customer {
  type: PaymentsCustomerType;
  id: string;
}

export interface PaymentsOptions {
  repository: PaymentsRepository;
  stripe: StripeSettings | null;
  publicUrl: string;
  /** Whether a user or team of the project exists (custom customers always do). */
  customerExists: (projectId: string, customer: Customer) => Promise<boolean>;
}

/** A product by id from the config, or given inline by the server tier. */
export type ProductChoice =
  { kind: 'id'; id: string } | { kind: 'inline'; product: PaymentsProduct };

/**
 * Payments (spec §7, stack-auth.md §3.20): item quantities per customer, kept as a ledger of
 * changes; Stripe Checkout for purchases, on the project's connected Stripe account; and the
 * Stripe webhook that gives a paid purchase's items to its customer.
 */
export class Payments {
  readonly #repository: PaymentsRepository;
  readonly #settings: StripeSettings | null;
  readonly #stripe: Stripe | null;
  readonly #publicUrl: string;
  readonly #customerExists: PaymentsOptions['customerExists'];

  constructor(options: PaymentsOptions) {
    this.#repository = options.repository;
    this.#settings = options.stripe;
    this.#publicUrl = options.publicUrl;
    this.#customerExists = options.customerExists;
    const s = options.stripe;
    this.#stripe = s
      ? new Stripe(s.secretKey, {
          maxNetworkRetries: 1,
          timeout: 20_000,
          ...(s.host ? { host: s.host } : {}),
          ...(s.port ? { port: s.port } : {}),
          ...(s.protocol ? { protocol: s.protocol } : {}),
        })
      : null;
  }

  // ---- items ----

  async #itemKey(project: ProjectRecord, customer: Customer, itemId: string) {
    const item = project.config.payments?.items?.[itemId];
    if (!item) throw paymentsErrors.itemNotFound(itemId);
    if (item.customerType !== customer.type) {
      throw paymentsErrors.itemCustomerTypeDoesNotMatch(
        itemId,
        customer.id,
        item.customerType,
        customer.type,
      );
    }
    if (!(await this.#customerExists(project.id, customer))) {
      throw paymentsErrors.customerDoesNotExist(customer.id);
    }
    const key: CustomerItem = {
      projectId: project.id,
      customerType: customer.type,
      customerId: customer.id,
      itemId,
    };
    return { item, key };
  }

  async getItem(project: ProjectRecord, customer: Customer, itemId: string) {
    const { item, key } = await this.#itemKey(project, customer, itemId);
    return {
      id: itemId,
      display_name: item.displayName ?? itemId,
      quantity: await this.#repository.quantity(key),
    };
  }

  /**
   * Adds `delta` (negative to take away) to the customer's quantity. Without `allowNegative`
   * a change that would leave less than zero is refused (spec §9).
   */
  async updateQuantity(
    project: ProjectRecord,
    customer: Customer,
    itemId: string,
    change: { delta: number; expiresAt: Date | null; description: string | null },
    allowNegative: boolean,
  ): Promise<void> {
    const { key } = await this.#itemKey(project, customer, itemId);
    const result = await this.#repository.change(
      key,
      { id: randomUUID(), ...change },
      allowNegative,
    );
    if (!result.applied) {
      throw paymentsErrors.itemQuantityInsufficientAmount(itemId, customer.id, -change.delta);
    }
  }

  // ---- purchases ----

  #requireStripe(): Stripe {
    if (!this.#stripe) throw paymentsErrors.paymentsNotConfigured();
    return this.#stripe;
  }

  /** A Stripe Checkout URL for the customer to buy a product (or one of its prices). */
  async createPurchaseUrl(
    project: ProjectRecord,
    input: {
      customer: Customer;
      product: ProductChoice;
      priceId?: string;
      returnUrl?: string;
      tier: 'client' | 'server' | 'admin';
    },
  ): Promise<string> {
    const payments = project.config.payments;
    if (payments?.blockNewPurchases) throw paymentsErrors.newPurchasesBlocked();
    const { customer } = input;
    let productId: string | null = null;
    let product: PaymentsProduct;
    if (input.product.kind === 'id') {
      productId = input.product.id;
      const found = payments?.products?.[productId];
      if (!found) throw paymentsErrors.productDoesNotExist(productId, null);
      if (found.serverOnly && input.tier === 'client') {
        throw paymentsErrors.productDoesNotExist(productId, 'server_only');
      }
      product = found;
    } else {
      product = input.product.product;
    }
    if (product.customerType !== customer.type) {
      throw paymentsErrors.productCustomerTypeDoesNotMatch(
        productId,
        customer.id,
        product.customerType,
        customer.type,
      );
    }
    if (!(await this.#customerExists(project.id, customer))) {
      throw paymentsErrors.customerDoesNotExist(customer.id);
    }
    const priceIds = Object.keys(product.prices);
    const priceId = input.priceId ?? priceIds[0];
    const price = priceId === undefined ? undefined : product.prices[priceId];
    if (!price) {
      throw knownErrors.schemaError(
        input.priceId
          ? `body.price_id: the product has no price "${input.priceId}"`
          : 'body: the product has no price to buy it at',
      );
    }
    const returnUrl = input.returnUrl
      ? resolveTrustedUrl(input.returnUrl, project.config, this.#publicUrl).toString()
      : `${this.#publicUrl}/`;
    const stripe = this.#requireStripe();
    const account = await this.#repository.findAccount(project.id);
    if (!account) throw paymentsErrors.stripeAccountInfoNotFound();

    const metadata = {
      project_id: project.id,
      customer_type: customer.type,
      customer_id: customer.id,
      product_id: productId ?? '',
      price_id: priceId!,
      included_items: JSON.stringify(product.includedItems ?? {}),
    };
    const cents = Math.round(Number(price.USD) * 100);
    const session = await stripe.checkout.sessions.create(
      {
        mode: price.interval ? 'subscription' : 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: cents,
              product_data: { name: product.displayName ?? productId ?? 'Purchase' },
              ...(price.interval
                ? {
                    recurring: {
                      interval: price.interval[1],
                      interval_count: price.interval[0],
                    },
                  }
                : {}),
            },
          },
        ],
        success_url: returnUrl,
        cancel_url: returnUrl,
        client_reference_id: `${customer.type}:${customer.id}`,
        metadata,
      },
      { stripeAccount: account },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout session without a URL');
    return session.url;
  }

  // ---- the project's Stripe account ----

  /**
   * Connects the project to Stripe (POST /internal/payments/setup): a connected account on the
   * server's platform account, made on first use, and a link to its onboarding.
   */
  async setup(project: ProjectRecord): Promise<{ url: string }> {
    const stripe = this.#requireStripe();
    let account = await this.#repository.findAccount(project.id);
    if (!account) {
      const created = await stripe.accounts.create({
        controller: {
          stripe_dashboard: { type: 'express' },
          fees: { payer: 'application' },
          losses: { payments: 'application' },
        },
        metadata: { project_id: project.id },
      });
      await this.#repository.saveAccount(project.id, created.id);
      account = (await this.#repository.findAccount(project.id))!;
    }
    const back = `${this.#publicUrl}/admin`;
    const link = await stripe.accountLinks.create({
      account,
      type: 'account_onboarding',
      refresh_url: back,
      return_url: back,
    });
    return { url: link.url };
  }

  /** A session for Stripe's embedded components (POST .../stripe-widgets/account-session). */
  async accountSession(project: ProjectRecord): Promise<{ client_secret: string }> {
    const stripe = this.#requireStripe();
    const account = await this.#repository.findAccount(project.id);
    if (!account) throw paymentsErrors.stripeAccountInfoNotFound();
    const session = await stripe.accountSessions.create({
      account,
      components: {
        account_onboarding: { enabled: true },
        payments: { enabled: true },
        payouts: { enabled: true },
      },
    });
    return { client_secret: session.client_secret };
  }

  // ---- Stripe's webhooks ----

  /**
   * A Stripe event, its signature checked with the webhook secret. A completed Checkout
   * session gives its customer the product's items, once however often Stripe sends it.
   * Returns null when the signature does not hold.
   */
  async handleStripeEvent(
    rawBody: Buffer,
    signature: string,
  ): Promise<{ type: string; handled: boolean } | null> {
    const stripe = this.#requireStripe();
    const secret = this.#settings?.webhookSecret;
    if (!secret) throw paymentsErrors.paymentsNotConfigured();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      return null;
    }
    if (event.type !== 'checkout.session.completed') return { type: event.type, handled: false };
    const session = event.data.object;
    const meta = session.metadata ?? {};
    if (!meta.project_id || !meta.customer_type || !meta.customer_id) {
      return { type: event.type, handled: false };
    }
    let included: Record<string, { quantity: number }> = {};
    try {
      included = JSON.parse(meta.included_items ?? '{}') as typeof included;
    } catch {
      included = {};
    }
    for (const [itemId, { quantity }] of Object.entries(included)) {
      await this.#repository.change(
        {
          projectId: meta.project_id,
          customerType: meta.customer_type,
          customerId: meta.customer_id,
          itemId,
        },
        {
          id: randomUUID(),
          delta: quantity,
          expiresAt: null,
          description: `Purchase of ${meta.product_id || 'an inline product'}`,
          source: `${session.id}:${itemId}`,
        },
        true,
      );
    }
    return { type: event.type, handled: true };
  }
}
