import { navLinkClass } from '@/components/ui/nav-link-class';
import { NavLink, Outlet } from 'react-router';

const basePath = '/business/dashboard/checkout';

const dashboardNav = [
  { to: basePath, label: 'Home', end: true },
  { to: `${basePath}/activity`, label: 'Activity', end: false },
  { to: `${basePath}/integrate`, label: 'Integrate', end: false },
  { to: `${basePath}/analytics`, label: 'Analytics', end: false },
  { to: `${basePath}/products`, label: 'Products', end: false },
  { to: `${basePath}/settings`, label: 'Settings', end: false },
  { to: `${basePath}/attribution`, label: 'Attribution', end: false },
] as const;

/** The merchant dashboard: a side nav (a scrolling row on phones) beside the current page. */
export function DashboardLayout() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col px-4 sm:px-6 md:flex-row md:gap-8">
      <nav aria-label="Dashboard" className="pt-4 md:w-44 md:shrink-0 md:py-10">
        <ul className="-mx-3 flex flex-wrap gap-1 md:mx-0 md:flex-col">
          {dashboardNav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={navLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* This layout already pads the sides; pages and skeletons keep only their top and bottom. */}
      <div className="min-w-0 flex-1 [&_[data-page-container]]:px-0">
        <Outlet />
      </div>
    </div>
  );
}
