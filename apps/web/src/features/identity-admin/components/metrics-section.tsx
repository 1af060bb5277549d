import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useIdentityMetrics } from '../api/identity-admin';

const MetricsChart = lazy(() => import('./metrics-chart'));

/** Users, daily sign-ups and active users over 30 days, and users by country. */
export function MetricsSection() {
  const metrics = useIdentityMetrics();
  return (
    <section aria-labelledby="identity-metrics-heading" className="flex flex-col gap-3">
      <h3 id="identity-metrics-heading" className="font-semibold">
        Users
      </h3>
      {metrics.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : metrics.isError ? (
        <p role="alert">{toErrorMessage(metrics.error, 'We could not load the user figures.')}</p>
      ) : (
        <>
          <p className="text-sm">
            <span className="text-2xl font-semibold">{metrics.data.total_users}</span> users in all
            {Object.keys(metrics.data.users_by_country).length > 0
              ? `; by country: ${Object.entries(metrics.data.users_by_country)
                  .map(([country, count]) => `${country} ${String(count)}`)
                  .join(', ')}`
              : ''}
          </p>
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <MetricsChart metrics={metrics.data} />
          </Suspense>
        </>
      )}
    </section>
  );
}
