import { ToastProvider, ToastViewport } from '@/components/ui/toast';
import { NotificationToasts } from './notification-toasts';

/**
 * The first notification system (spec §9): 5000 ms, swipe threshold 50 px, F8 to focus. Loaded
 * after the page's own code (providers.tsx): notifications raised before it is there wait in
 * the notification store and show when it mounts.
 */
export default function NotificationCenter() {
  return (
    <ToastProvider duration={5000} swipeThreshold={50}>
      <NotificationToasts />
      <ToastViewport hotkey={['F8']} label="Notifications" />
    </ToastProvider>
  );
}
