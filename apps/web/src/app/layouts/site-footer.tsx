import { Link } from 'react-router';
import { ServiceStatus } from '@/features/health/components/service-status';

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
        <ServiceStatus />
      </div>
    </footer>
  );
}
