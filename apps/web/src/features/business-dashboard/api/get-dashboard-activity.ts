import { dashboardActivitySchema, type ActivityType } from '@ipick/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** How often the live feed asks again while it is not paused, in milliseconds. */
export const ACTIVITY_POLL_INTERVAL_MS = 3000;
export const ACTIVITY_PAGE_SIZE = 30;

function activityPath(type: ActivityType | null, after: string | null): string {
  const params = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
  if (type) params.set('type', type);
  if (after) params.set('after', after);
  return `/api/business/dashboard/activity?${params.toString()}`;
}

/**
 * `GET /api/business/dashboard/activity?type&after&limit`: the newest page first, older pages
 * through each page's `nextCursor`.
 */
export function dashboardActivityQueryOptions(type: ActivityType | null) {
  return infiniteQueryOptions({
    queryKey: ['business-dashboard', 'activity', type ?? 'all'] as const,
    queryFn: ({ signal, pageParam }) =>
      apiFetch(activityPath(type, pageParam), { signal, schema: dashboardActivitySchema }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The live feed: asked again every 3 seconds unless `isPaused`. */
export function useDashboardActivity(type: ActivityType | null, isPaused: boolean) {
  return useInfiniteQuery({
    ...dashboardActivityQueryOptions(type),
    refetchInterval: isPaused ? false : ACTIVITY_POLL_INTERVAL_MS,
  });
}
