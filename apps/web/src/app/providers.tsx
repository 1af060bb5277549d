import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { queryClient as appQueryClient } from '@/lib/query-client';

// Their toast libraries are not needed to show a page; they load right after.
const NotificationCenter = lazy(() => import('./notification-center'));
// Toasts raised before it is there (sonner's `toast()`) are shown when it subscribes: sonner
// replays the active toasts to a late Toaster.
const Toaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })),
);

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own so cached answers never leak between them. */
  queryClient?: QueryClient;
}

/**
 * Everything the pages share: server-state cache and both notification systems. Tooltips
 * bring their own provider (components/ui/tooltip.tsx): the library loads with the first page
 * that shows one, not with every page.
 */
export function AppProviders({ children, queryClient = appQueryClient }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AfterFirstRender>
        <Suspense fallback={null}>
          <NotificationCenter />
        </Suspense>
        {/*
          Second, stacked system (spec §9). Sonner's built-in defaults already match the rest of
          the spec: toast width 356 px, swipe-dismiss threshold 20 px, removal delay 200 ms.
        */}
        <Suspense fallback={null}>
          <Toaster
            position="bottom-right"
            visibleToasts={3}
            gap={14}
            offset={32}
            duration={4000}
            hotkey={['altKey', 'KeyT']}
          />
        </Suspense>
      </AfterFirstRender>
    </QueryClientProvider>
  );
}

const subscribeToNothing = () => () => {};

/**
 * Renders its children only in the browser, and when hydrating only once the page is hydrated:
 * the prerendered landing page (scripts/prerender-web.ts) holds no toast regions, so hydration
 * must not expect them either. useSyncExternalStore's server value is the one hydration uses.
 */
function AfterFirstRender({ children }: { children: ReactNode }) {
  const isInBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return isInBrowser ? children : null;
}
