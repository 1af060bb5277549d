import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
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
import { Label } from '@/components/ui/label';
import { toErrorMessage } from '@/lib/error-message';

/** A free-text field in the dialog, e.g. the reason for a suspension. */
export interface ConfirmDialogTextField {
  label: string;
  hint?: string;
  maxLength?: number;
}

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** A red confirming button, for what removes or stops something. */
  isDestructive?: boolean;
  /** An optional text field, emptied each time the dialog opens. */
  textField?: ConfirmDialogTextField;
  /**
   * Gets the text field's trimmed text ('' without one). Resolves when done (the dialog closes)
   * or rejects (the error shows in the dialog, which stays open).
   */
  onConfirm: (text: string) => Promise<unknown>;
  /** Shown when the failure carries no message of its own. */
  fallbackError?: string;
  /**
   * Where keyboard focus goes once the change is done, when it removes the trigger (a row's
   * "Remove"); otherwise focus returns to the trigger.
   */
  focusAfterConfirm?: RefObject<HTMLElement | null>;
}

/** Asks before a change, keeps the dialog open while it runs, and shows a refusal inside it. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  isDestructive = false,
  textField,
  onConfirm,
  fallbackError = 'That did not work. Please try again.',
  focusAfterConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const isConfirmed = useRef(false);
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const textId = useId();

  const handleOpenChange = (next: boolean) => {
    // Closing mid-request would hide its outcome.
    if (isPending) return;
    if (next) {
      setError(null);
      setText('');
    }
    setOpen(next);
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm(text.trim());
      isConfirmed.current = true;
      setOpen(false);
    } catch (failure) {
      setError(toErrorMessage(failure, fallbackError));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = isConfirmed.current ? focusAfterConfirm?.current : null;
          isConfirmed.current = false;
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {textField ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={textId}>{textField.label}</Label>
            <textarea
              id={textId}
              value={text}
              maxLength={textField.maxLength}
              rows={3}
              aria-describedby={textField.hint ? `${textId}-hint` : undefined}
              onChange={(event) => setText(event.target.value)}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:text-sm"
            />
            {textField.hint ? (
              <p id={`${textId}-hint`} className="text-xs text-muted-foreground">
                {textField.hint}
              </p>
            ) : null}
          </div>
        ) : null}
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
            onClick={() => void confirm()}
            disabled={isPending}
          >
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
