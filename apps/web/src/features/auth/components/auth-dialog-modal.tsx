import { useState, type ReactElement } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import AuthDialogViews from './auth-dialog-views';

interface AuthDialogModalProps {
  trigger: ReactElement;
  onSignedIn?: () => void;
}

/**
 * The modal itself, with the dialog library and the forms: its own chunk, loaded by
 * AuthDialog when a visitor first asks for it, and mounted open.
 */
export default function AuthDialogModal({ trigger, onSignedIn }: AuthDialogModalProps) {
  const [open, setOpen] = useState(true);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <AuthDialogViews
          onSignedIn={() => {
            setOpen(false);
            onSignedIn?.();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
