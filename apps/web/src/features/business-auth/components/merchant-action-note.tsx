import type { MerchantAction } from '@ipick/contracts';
import { useMerchantAccess } from '../hooks/use-merchant-access';

/**
 * Where an action waits for ipick's approval, says so in place of its button. A suspended
 * business gets no note here: the account bar above every page says why nothing can change.
 */
export function MerchantActionNote({ action }: { action: MerchantAction }) {
  const note = useMerchantAccess().waitingNote(action);
  return note ? <p className="text-sm text-muted-foreground">{note}</p> : null;
}
