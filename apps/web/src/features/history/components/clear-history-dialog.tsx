import type { HistoryResponse } from '@ipick/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { historyQueryOptions, useClearHistory } from '../api/history';

/** "Clear history" behind a confirmation: it cannot be undone. `count` is how many would go. */
export function ClearHistoryDialog({ count }: { count: number }) {
  const clear = useClearHistory();
  const queryClient = useQueryClient();

  return (
    <ConfirmDialog
      trigger={<Button variant="outline">Clear history</Button>}
      title="Clear your search history?"
      description={`This removes ${count === 1 ? 'the one comparison' : `all ${count} comparisons`} from your history. You cannot undo this.`}
      confirmLabel="Clear history"
      pendingLabel="Clearing…"
      isDestructive
      onConfirm={async () => {
        await clear.mutateAsync();
        queryClient.setQueryData<HistoryResponse>(historyQueryOptions().queryKey, { items: [] });
        toast.success('Your history is cleared');
      }}
      fallbackError="We could not clear your history. Please try again."
    />
  );
}
