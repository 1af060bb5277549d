import { navLinkClass } from '@/components/ui/nav-link-class';
import { NavLink, Link, useMatches } from 'react-router';
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
  { to: '/business-login', label: 'For business', end: false },
] as const;

export function SiteHeader() {
  const isMerchantPage = isMerchantArea(useMatches());
  return (
    <header className="border-b border-border bg-background/95">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6">
        <Link
          to="/"
          aria-label="ipick home"
          className="self-start text-xl font-extrabold tracking-tight text-primary sm:self-auto"
        >
          ipick
        </Link>
        <nav aria-label="Main">
          <ul className="-mx-3 flex flex-wrap items-center gap-1 sm:mx-0">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {isMerchantPage ? (
              <MerchantPageAccount />
            ) : (
              <li>
                <AccountMenu />
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
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
  return (
    <li>
      <AccountMenu />
    </li>
  );
}
