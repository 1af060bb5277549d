import { Menu, X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, Link, useLocation, useMatches } from 'react-router';
import { Button } from '@/components/ui/button';
import { navLinkClass } from '@/components/ui/nav-link-class';
import { cn } from '@/lib/cn';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useBusinessAuth } from '@/features/business-auth/hooks/use-business-auth';
import { isMerchantArea } from '../route-handles';

const navItems = [
  { to: '/', label: 'Compare', end: true },
  { to: '/browse', label: 'Browse', end: false },
  { to: '/history', label: 'History', end: false },
  { to: '/favorites', label: 'Favorites', end: false },
  { to: '/alerts', label: 'Alerts', end: false },
  { to: '/for-business', label: 'For business', end: false },
] as const;

export function SiteHeader() {
  const isMerchantPage = isMerchantArea(useMatches());
  return (
    <header className="relative border-b border-border bg-background/95">
      <div className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-2 sm:gap-6 sm:px-6 sm:py-3">
        <Link
          to="/"
          aria-label="ipick home"
          className="text-xl font-extrabold tracking-tight text-primary"
        >
          ipick
        </Link>
        <MainNavigation account={isMerchantPage ? <MerchantPageAccount /> : <AccountMenu />} />
      </div>
    </header>
  );
}

/**
 * The site's links and the account control. On a phone the links fold into a "Menu" button
 * (a disclosure: Esc or a choice closes it), so a page's own content starts on the first screen;
 * the account control stays in view.
 */
function MainNavigation({ account }: { account: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  // Going to another page closes the menu.
  if (isOpen && openedAt !== pathname) setIsOpen(false);

  return (
    <nav
      aria-label="Main"
      className="flex items-center gap-1"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          setIsOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <ul
        id={listId}
        className={cn(
          'absolute inset-x-0 top-full z-40 flex-col gap-1 border-b border-border bg-background px-4 py-2 shadow-md sm:static sm:z-auto sm:flex sm:flex-row sm:items-center sm:border-0 sm:p-0 sm:shadow-none',
          isOpen ? 'flex' : 'hidden',
        )}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setIsOpen(false);
        }}
      >
        {navItems.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={navLinkClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {account}
      <Button
        ref={buttonRef}
        variant="ghost"
        className="h-9 px-2 sm:hidden"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => {
          setOpenedAt(pathname);
          setIsOpen((open) => !open);
        }}
      >
        {isOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        Menu
      </Button>
    </nav>
  );
}

/**
 * On merchant pages a signed-in merchant has the business account bar (name, status, "Log out")
 * right below; a shopper "Sign in" beside it would read as if they were signed out. Shopper and
 * business accounts are separate, so a shopper session still shows its menu. Only merchant pages
 * ask for the business session (already asked for by their guard), never shoppers' pages.
 */
function MerchantPageAccount() {
  const { business, isLoading: isCheckingBusiness } = useBusinessAuth();
  const { user } = useAuth();
  // While the business session is checked the page shows its skeleton; "Sign in" would flash.
  const isMerchantShown = isCheckingBusiness || business !== null;
  if (isMerchantShown && !user) return null;
  return <AccountMenu />;
}
