import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

// The dialog library, the forms and their validation load when a visitor asks for the modal
// (or points at its button), not with every page.
const loadModal = () => import('./auth-dialog-modal');
const AuthDialogModal = lazy(loadModal);

interface AuthDialogProps {
  /** The button that opens the dialog; focus returns to it on close. */
  trigger: ReactElement<{
    onClick?: () => void;
    onPointerEnter?: () => void;
    onFocus?: () => void;
  }>;
  /**
   * Called once the user is signed in (or signed up). The trigger is then usually replaced by
   * the account menu, so focus cannot return to it: the caller says where it goes instead.
   */
  onSignedIn?: () => void;
}

/**
 * The shopper sign-in and sign-up modal (spec §1), opened from the site header. Until the
 * first press the trigger stands alone; then the modal's chunk loads and mounts open, taking
 * over the trigger.
 */
export function AuthDialog({ trigger, onSignedIn }: AuthDialogProps) {
  const [isRequested, setIsRequested] = useState(false);

  if (!isRequested) {
    return cloneElement(trigger, {
      onClick: () => setIsRequested(true),
      onPointerEnter: () => void loadModal(),
      onFocus: () => void loadModal(),
    });
  }
  return (
    <Suspense fallback={trigger}>
      <AuthDialogModal trigger={trigger} onSignedIn={onSignedIn} />
    </Suspense>
  );
}
