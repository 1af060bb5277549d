import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { ToastProvider, ToastViewport } from '@/components/ui/toast';
import { TooltipProvider } from '@/components/ui/tooltip';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { NotificationToasts } from './notification-toasts';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own so cached answers never leak between them. */
  queryClient?: QueryClient;
}

/** Everything the pages share: server-state cache, tooltips and both notification systems. */
export function AppProviders({ children, queryClient = appQueryClient }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {/* First notification system (spec §9): 5000 ms, swipe threshold 50 px, F8 to focus. */}
        <ToastProvider duration={5000} swipeThreshold={50}>
          {children}
          <NotificationToasts />
          <ToastViewport hotkey={['F8']} label="Notifications" />
        </ToastProvider>
        {/*
          Second, stacked system (spec §9). Sonner's built-in defaults already match the rest of
          the spec: toast width 356 px, swipe-dismiss threshold 20 px, removal delay 200 ms.
        */}
        <Toaster
          position="bottom-right"
          visibleToasts={3}
          gap={14}
          offset={32}
          duration={4000}
          hotkey={['altKey', 'KeyT']}
        />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
