import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

// Below the fold and not what a visitor came for; its tooltip library would otherwise be part
// of every page's first download.
const ServiceStatus = lazy(() =>
  import('@/features/health/components/service-status').then((module) => ({
    default: module.ServiceStatus,
  })),
);

export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>ipick compares product prices across retailers.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            <li>
              <Link to="/business/register" className="hover:text-foreground hover:underline">
                Register your business
              </Link>
            </li>
          </ul>
        </nav>
        <Suspense
          fallback={<p className="text-xs text-muted-foreground">Service status: checking…</p>}
        >
          <ServiceStatus />
        </Suspense>
      </div>
    </footer>
  );
}
