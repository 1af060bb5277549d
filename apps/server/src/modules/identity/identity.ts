import {
  createIdentityCore,
  type IdentityCore,
  type IdentityCoreOptions,
} from './core/identity-core.ts';

export type IdentityOptions = IdentityCoreOptions;

/**
 * The identity service's parts, wired together: the core and each capability built on it.
 * It depends on no other module.
 */
export type Identity = IdentityCore;

export function createIdentity(options: IdentityOptions): Identity {
  return createIdentityCore(options);
}
