import { KnownError, StatusError } from '../core/known-errors.ts';

/** The payments known errors of stack-auth.md §1.6 (spec §8), worded as the clients word them. */
export const paymentsErrors = {
  itemNotFound: (itemId: string) =>
    new KnownError('ITEM_NOT_FOUND', 404, `Item with ID "${itemId}" not found.`, {
      item_id: itemId,
    }),
  itemCustomerTypeDoesNotMatch: (
    itemId: string,
    customerId: string,
    itemCustomerType: string,
    actualCustomerType: string,
  ) =>
    new KnownError(
      'ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH',
      400,
      `The ${actualCustomerType} with ID ${JSON.stringify(customerId)} is not a valid customer for the item with ID ${JSON.stringify(itemId)}. The item is configured to only be available for ${itemCustomerType} customers, but the customer is a ${actualCustomerType}.`,
      {
        item_id: itemId,
        customer_id: customerId,
        item_customer_type: itemCustomerType,
        actual_customer_type: actualCustomerType,
      },
    ),
  customerDoesNotExist: (customerId: string) =>
    new KnownError(
      'CUSTOMER_DOES_NOT_EXIST',
      400,
      `Customer with ID ${JSON.stringify(customerId)} does not exist.`,
      { customer_id: customerId },
    ),
  /** Spec §8 "insufficient item quantity (400)"; the clients' code for it. */
  itemQuantityInsufficientAmount: (itemId: string, customerId: string, quantity: number) =>
    new KnownError(
      'ITEM_QUANTITY_INSUFFICIENT_AMOUNT',
      400,
      `The item with ID ${JSON.stringify(itemId)} has an insufficient quantity for the customer with ID ${JSON.stringify(customerId)}. An attempt was made to charge ${quantity} credits.`,
      { item_id: itemId, customer_id: customerId, quantity },
    ),
  productDoesNotExist: (productId: string, context: 'server_only' | null) =>
    new KnownError(
      'PRODUCT_DOES_NOT_EXIST',
      400,
      `Product with ID ${JSON.stringify(productId)} ${context === 'server_only' ? 'is marked as server-only and cannot be accessed client side.' : 'does not exist.'}`,
      { product_id: productId, context },
    ),
  productCustomerTypeDoesNotMatch: (
    productId: string | null,
    customerId: string,
    productCustomerType: string,
    actualCustomerType: string,
  ) =>
    new KnownError(
      'PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH',
      400,
      `The ${actualCustomerType} with ID ${JSON.stringify(customerId)} is not a valid customer for the product. The product is configured to only be available for ${productCustomerType} customers, but the customer is a ${actualCustomerType}.`,
      {
        product_id: productId,
        customer_id: customerId,
        product_customer_type: productCustomerType,
        actual_customer_type: actualCustomerType,
      },
    ),
  newPurchasesBlocked: () =>
    new KnownError('NEW_PURCHASES_BLOCKED', 403, 'New purchases are blocked for this project.'),
  stripeAccountInfoNotFound: () =>
    new KnownError(
      'STRIPE_ACCOUNT_INFO_NOT_FOUND',
      404,
      'Stripe account information not found. Please make sure the user has onboarded with Stripe.',
    ),
  /** The server has no Stripe key: nothing can be bought until the operator sets one. */
  paymentsNotConfigured: () =>
    new StatusError(
      503,
      'Payments are not set up on this server: set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET for Stripe webhooks), as the README describes.',
    ),
};
