import type { HistoryResponse } from '@ipick/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toErrorMessage } from '@/lib/error-message';
import { historyQueryOptions, useClearHistory } from '../api/history';

/** "Clear history" behind a confirmation: it cannot be undone. `count` is how many would go. */
export function ClearHistoryDialog({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  const clear = useClearHistory();
  const queryClient = useQueryClient();

  function handleOpenChange(next: boolean) {
    // Closing mid-request would hide its outcome.
    if (clear.isPending) return;
    if (next) clear.reset();
    setOpen(next);
  }

  function handleConfirm() {
    clear.mutate(undefined, {
      onSuccess: () => {
        queryClient.setQueryData<HistoryResponse>(historyQueryOptions().queryKey, { items: [] });
        setOpen(false);
        toast.success('Your history is cleared');
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">Clear history</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Clear your search history?</DialogTitle>
          <DialogDescription>
            This removes {count === 1 ? 'the one comparison' : `all ${count} comparisons`} from your
            history. You cannot undo this.
          </DialogDescription>
        </DialogHeader>
        {clear.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {toErrorMessage(clear.error, 'We could not clear your history. Please try again.')}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={clear.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={handleConfirm} disabled={clear.isPending}>
            {clear.isPending ? 'Clearing…' : 'Clear history'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
