import type { SessionUser } from '@ipick/contracts';
import { ChevronDown, CircleUserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '../hooks/use-auth';
import { AuthDialog } from './auth-dialog';

/**
 * The header's account control: a "Sign in" button that opens the modal, or, once signed in,
 * the user's name with a small menu. A placeholder of the same size while the session is checked.
 */
export function AccountMenu() {
  const { user, isLoading, logout } = useAuth();
  // Signing in through the modal replaces its trigger ("Sign in") with the menu button, so
  // focus would fall to <body>: the menu button takes it instead, once.
  const [isMenuFocusPending, setIsMenuFocusPending] = useState(false);

  if (isLoading) {
    return <Skeleton className="h-9 w-20" />;
  }
  if (!user) {
    return (
      <AuthDialog
        onSignedIn={() => setIsMenuFocusPending(true)}
        trigger={
          <Button variant="ghost" className="h-9 px-3 text-muted-foreground hover:text-foreground">
            Sign in
          </Button>
        }
      />
    );
  }
  return (
    <UserMenu
      user={user}
      onSignOut={logout}
      shouldTakeFocus={isMenuFocusPending}
      onFocusTaken={() => setIsMenuFocusPending(false)}
    />
  );
}

interface UserMenuProps {
  user: SessionUser;
  onSignOut: () => Promise<void>;
  /** Moves focus to the menu button (after signing in through the modal). */
  shouldTakeFocus?: boolean;
  onFocusTaken?: () => void;
}

/** A disclosure menu (button + list of links), closed by Esc, a click outside or a choice. */
function UserMenu({ user, onSignOut, shouldTakeFocus = false, onFocusTaken }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = user.displayName ?? user.email ?? 'Account';

  useEffect(() => {
    if (!shouldTakeFocus) return;
    buttonRef.current?.focus();
    onFocusTaken?.();
  }, [shouldTakeFocus, onFocusTaken]);

  useEffect(() => {
    if (!open) return;
    function handlePointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const itemClass =
    'block w-full rounded-sm px-3 py-2 text-left text-sm transition-colors hover:bg-muted focus-visible:bg-muted';

  return (
    <div ref={containerRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        className="h-9 max-w-56 px-3"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <CircleUserRound aria-hidden="true" />
        <span className="truncate">{name}</span>
        <ChevronDown aria-hidden="true" />
      </Button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-40 mt-1 w-56 rounded-md border border-border bg-card p-1 shadow-md"
      >
        {user.displayName && user.email ? (
          <p className="truncate px-3 py-2 text-xs text-muted-foreground">{user.email}</p>
        ) : null}
        <ul>
          <li>
            <Link to="/handler/account-settings" className={itemClass} onClick={close}>
              Account settings
            </Link>
          </li>
          <li>
            <Link to="/history" className={itemClass} onClick={close}>
              History
            </Link>
          </li>
          <li>
            <Link to="/favorites" className={itemClass} onClick={close}>
              Favorites
            </Link>
          </li>
          {user.isAdmin ? (
            <li>
              <Link to="/admin" className={itemClass} onClick={close}>
                Admin
              </Link>
            </li>
          ) : null}
          <li className="mt-1 border-t border-border pt-1">
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                close();
                void onSignOut();
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
