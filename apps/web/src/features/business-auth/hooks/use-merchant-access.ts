import { merchantRefusal, type MerchantAction } from '@ipick/contracts';
import { useBusinessMe } from '../api/get-business-me';

export interface MerchantAccess {
  /** Whether the signed-in business may take `action` now (the server decides the same way). */
  may: (action: MerchantAction) => boolean;
  /** Why it may not while pending approval, for a note where the action would be; else null. */
  waitingNote: (action: MerchantAction) => string | null;
}

/**
 * What the signed-in merchant's business may do in its status: pages show only the actions
 * the server will take, so a suspended merchant sees no button that could only be refused.
 * While the status is loading nothing is offered.
 */
export function useMerchantAccess(): MerchantAccess {
  const status = useBusinessMe().data?.business?.status;
  return {
    may: (action) => status !== undefined && merchantRefusal(status, action) === null,
    waitingNote: (action) => (status === 'pending' ? merchantRefusal(status, action) : null),
  };
}
