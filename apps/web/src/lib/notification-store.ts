/**
 * The single-slot notification store (spec §4, §9): at most one notification is kept; adding one
 * replaces the previous. Dismissing only closes it (so the toast can animate out); it is removed
 * from the store TOAST_REMOVE_DELAY ms later. Shaped for `useSyncExternalStore`.
 */

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type NotificationVariant = 'default' | 'success' | 'destructive';

export interface NotificationInput {
  title?: string;
  description?: string;
  variant?: NotificationVariant;
}

export interface AppNotification {
  id: string;
  title?: string;
  description?: string;
  variant: NotificationVariant;
  open: boolean;
}

// Function-valued properties (not methods) because React calls subscribe/getSnapshot detached.
export interface NotificationStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly AppNotification[];
  add: (input: NotificationInput) => string;
  /** Closes one notification, or all when no id is given. */
  dismiss: (id?: string) => void;
  /** Drops one notification at once, or all when no id is given. */
  remove: (id?: string) => void;
}

export interface NotificationStoreOptions {
  limit?: number;
  removeDelayMs?: number;
}

export function createNotificationStore({
  limit = TOAST_LIMIT,
  removeDelayMs = TOAST_REMOVE_DELAY,
}: NotificationStoreOptions = {}): NotificationStore {
  let notifications: readonly AppNotification[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function commit(next: readonly AppNotification[]): void {
    // Timers of notifications that left the store would otherwise fire for nothing.
    for (const [id, timer] of removalTimers) {
      if (!next.some((item) => item.id === id)) {
        clearTimeout(timer);
        removalTimers.delete(id);
      }
    }
    notifications = next;
    for (const listener of listeners) listener();
  }

  function scheduleRemoval(id: string): void {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        store.remove(id);
      }, removeDelayMs),
    );
  }

  const store: NotificationStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      return notifications;
    },
    add(input) {
      nextId += 1;
      const id = String(nextId);
      const notification: AppNotification = {
        id,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
        open: true,
      };
      commit([notification, ...notifications].slice(0, limit));
      return id;
    },
    dismiss(id) {
      const targets = notifications.filter((item) => id === undefined || item.id === id);
      if (targets.length === 0) return;
      for (const item of targets) scheduleRemoval(item.id);
      if (!targets.some((item) => item.open)) return;
      commit(
        notifications.map((item) => (targets.includes(item) ? { ...item, open: false } : item)),
      );
    },
    remove(id) {
      const next = id === undefined ? [] : notifications.filter((item) => item.id !== id);
      if (next.length !== notifications.length) commit(next);
    },
  };
  return store;
}

/** The app's notification store; rendered by the Radix toast viewport in the app providers. */
export const notificationStore = createNotificationStore();

/** Shows a notification, replacing any current one. Returns its id and a way to close it. */
export function notify(input: NotificationInput): { id: string; dismiss: () => void } {
  const id = notificationStore.add(input);
  return { id, dismiss: () => notificationStore.dismiss(id) };
}
