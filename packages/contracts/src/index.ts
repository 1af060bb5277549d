export * from './auth.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './compare.ts';
export * from './shopper.ts';
export * from './catalog.ts';
export * from './referral.ts';
export * from './tracking.ts';
