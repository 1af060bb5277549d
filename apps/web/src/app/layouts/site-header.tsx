import { navLinkClass } from '@/components/ui/nav-link-class';
import { NavLink, Link } from 'react-router';
import { AccountMenu } from '@/features/auth/components/account-menu';

const navItems = [
  { to: '/', label: 'Compare', end: true },
  { to: '/browse', label: 'Browse', end: false },
  { to: '/history', label: 'History', end: false },
  { to: '/favorites', label: 'Favorites', end: false },
  { to: '/business-login', label: 'For business', end: false },
] as const;

export function SiteHeader() {
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
            <li>
              <AccountMenu />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
