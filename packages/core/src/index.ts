export * from './product-url.ts';
export * from './request-id.ts';
