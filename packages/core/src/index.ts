export * from './product-url.ts';
export * from './request-id.ts';
export * from './retailers/index.ts';
export * from './referral/index.ts';
export * from './price.ts';
export * from './gtin.ts';
export * from './matching/index.ts';
export * from './attribution/index.ts';
