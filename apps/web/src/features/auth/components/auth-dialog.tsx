import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';

// The forms, their validation library and the tabs load when a visitor opens the modal (or
// points at its button), not with every page.
const loadViews = () => import('./auth-dialog-views');
const AuthDialogViews = lazy(loadViews);

interface AuthDialogProps {
  /** The element that opens the dialog; focus returns to it on close. */
  trigger: ReactNode;
  /**
   * Called once the user is signed in (or signed up). The trigger is then usually replaced by
   * the account menu, so focus cannot return to it: the caller says where it goes instead.
   */
  onSignedIn?: () => void;
}

/** The shopper sign-in and sign-up modal (spec §1), opened from the site header. */
export function AuthDialog({ trigger, onSignedIn }: AuthDialogProps) {
  const [open, setOpen] = useState(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        asChild
        onPointerEnter={() => void loadViews()}
        onFocus={() => void loadViews()}
      >
        {trigger}
      </DialogTrigger>
      <DialogContent>
        <Suspense fallback={<AuthDialogLoading />}>
          <AuthDialogViews
            onSignedIn={() => {
              setOpen(false);
              onSignedIn?.();
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

/** While the forms load: the modal's title (a dialog must have one) over placeholders. */
function AuthDialogLoading() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Sign in</DialogTitle>
      </DialogHeader>
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-24" />
    </div>
  );
}
