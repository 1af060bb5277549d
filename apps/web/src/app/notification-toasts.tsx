import { useSyncExternalStore } from 'react';
import { Toast, ToastClose, ToastDescription, ToastTitle } from '@/components/ui/toast';
import { notificationStore } from '@/lib/notification-store';

/** Renders the single-slot notification store with Radix Toast (spec §4, §9). */
export function NotificationToasts() {
  const notifications = useSyncExternalStore(
    notificationStore.subscribe,
    notificationStore.getSnapshot,
    notificationStore.getSnapshot,
  );

  return notifications.map((notification) => (
    <Toast
      key={notification.id}
      variant={notification.variant}
      open={notification.open}
      onOpenChange={(open) => {
        if (!open) notificationStore.dismiss(notification.id);
      }}
    >
      <div className="grid gap-1">
        {notification.title ? <ToastTitle>{notification.title}</ToastTitle> : null}
        {notification.description ? (
          <ToastDescription>{notification.description}</ToastDescription>
        ) : null}
      </div>
      <ToastClose />
    </Toast>
  ));
}
