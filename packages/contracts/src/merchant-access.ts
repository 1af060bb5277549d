import type { Business } from './auth.ts';

/**
 * What a merchant's call does, as far as ipick's trust in the business goes:
 * - `read`: shows the business its own data (every GET);
 * - `write`: changes its own set-up (domains, profile, settings, test events…);
 * - `send-mail`: makes ipick email someone else (team invitations);
 * - `import-feed`: puts products in front of shoppers and has ipick fetch and store a feed;
 * - `create-live-key`: makes a key that records live events and sales.
 * The server's guard decides with it; the dashboard uses it to show only what will work.
 */
export type MerchantAction = 'read' | 'write' | 'send-mail' | 'import-feed' | 'create-live-key';

/** Actions a business may take only once an admin approved it: they reach other people. */
const APPROVED_ONLY: Partial<Record<MerchantAction, string>> = {
  'send-mail': 'send invitations',
  'import-feed': 'import product feeds',
  'create-live-key': 'create API keys',
};

/**
 * Why a business of `status` may not take `action`, or null when it may. A pending business
 * sets up its shop but reaches nobody until approved; a suspended one may only read its own
 * data (and sign out, which is not a merchant action).
 */
export function merchantRefusal(status: Business['status'], action: MerchantAction): string | null {
  if (status === 'suspended' && action !== 'read') {
    return 'ipick has suspended your business: you can still see your data and sign out, but not change anything.';
  }
  const approvedOnly = APPROVED_ONLY[action];
  if (status === 'pending' && approvedOnly) {
    return `ipick has not approved your business yet; you can ${approvedOnly} once it has.`;
  }
  return null;
}

/** A merchant's role on their business's staff (issue 22). */
export type MerchantStaffRole = 'owner' | 'admin' | 'member';

/** Owners and admins manage API keys and the team; members see them but change nothing. */
export function canManageMerchantStaffAndKeys(role: MerchantStaffRole | undefined): boolean {
  return role === 'owner' || role === 'admin';
}
