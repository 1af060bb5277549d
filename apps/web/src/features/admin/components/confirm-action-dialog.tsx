import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
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

interface ConfirmActionDialogProps {
  /** The button that opens the dialog; the confirming button has the same words. */
  label: string;
  pendingLabel: string;
  title: string;
  description: ReactNode;
  /** Extra fields, e.g. a reason. */
  children?: ReactNode;
  triggerVariant?: ButtonProps['variant'];
  isDestructive?: boolean;
  disabled?: boolean;
  /** Resolves when the change is made; a rejection keeps the dialog open with the message. */
  onConfirm: () => Promise<unknown>;
  /** Called whenever the dialog opens, e.g. to clear a reason typed before. */
  onOpen?: () => void;
  fallbackError: string;
}

/** An admin change behind "Are you sure?": the server's refusal stays in the dialog. */
export function ConfirmActionDialog({
  label,
  pendingLabel,
  title,
  description,
  children,
  triggerVariant = 'outline',
  isDestructive = false,
  disabled = false,
  onConfirm,
  onOpen,
  fallbackError,
}: ConfirmActionDialogProps) {
  const [open, setOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function handleOpenChange(next: boolean) {
    // Closing mid-request would hide its outcome.
    if (isPending) return;
    if (next) {
      setError(null);
      onOpen?.();
    }
    setOpen(next);
  }

  async function handleConfirm() {
    setIsPending(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (caught) {
      setError(toErrorMessage(caught, fallbackError));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant={triggerVariant} size="sm" disabled={disabled}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant={isDestructive ? 'destructive' : 'default'}
            onClick={() => void handleConfirm()}
            disabled={isPending}
          >
            {isPending ? pendingLabel : label}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
