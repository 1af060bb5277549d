import type { BusinessStatus } from '@ipick/contracts';
import { AppError } from '../../platform/errors.ts';

export type BusinessAction = 'approve' | 'suspend' | 'reactivate';

/** Where each action takes a business, and the statuses it may start from. */
const businessTransitions: Record<
  BusinessAction,
  { from: readonly BusinessStatus[]; to: BusinessStatus }
> = {
  approve: { from: ['pending'], to: 'active' },
  // A pending business can be suspended too, e.g. a registration that is plainly not a shop.
  suspend: { from: ['pending', 'active'], to: 'suspended' },
  reactivate: { from: ['suspended'], to: 'active' },
};

const refusals: Record<BusinessAction, Partial<Record<BusinessStatus, string>>> = {
  approve: {
    active: 'This business is already active; only pending businesses can be approved.',
    suspended: 'This business is suspended; reactivate it instead of approving it.',
  },
  suspend: { suspended: 'This business is already suspended.' },
  reactivate: {
    active: 'This business is not suspended; only suspended businesses can be reactivated.',
    pending: 'This business is still pending; approve it instead of reactivating it.',
  },
};

/** The status `action` leads to from `current`; `conflict` (409) when it is not allowed. */
export function nextBusinessStatus(
  action: BusinessAction,
  current: BusinessStatus,
): BusinessStatus {
  const transition = businessTransitions[action];
  if (!transition.from.includes(current)) {
    throw new AppError(
      'conflict',
      refusals[action][current] ?? `A ${current} business cannot be changed that way.`,
    );
  }
  return transition.to;
}

/**
 * An admin cannot lock themselves out: no disabling their own account, no revoking their own
 * admin access (which also keeps at least one admin, the one asking).
 */
export function refuseSelfLockout(
  adminUserId: string,
  targetUserId: string,
  change: 'disable' | 'revoke_admin',
): void {
  if (adminUserId !== targetUserId) return;
  throw new AppError(
    'conflict',
    change === 'disable'
      ? 'You cannot disable your own account.'
      : 'You cannot revoke your own admin access; another admin has to do it.',
  );
}
