/** The two merchant dashboards the selector offers (spec §2). */
export type DashboardChoice = 'checkout' | 'journey';

export const DASHBOARD_PATHS: Record<DashboardChoice, string> = {
  checkout: '/business/dashboard/checkout',
  journey: '/business/dashboard/journey',
};

/** Where the merchant's choice is kept, per browser. */
export const DASHBOARD_CHOICE_KEY = 'ipick:business-dashboard';

interface StoredChoice {
  dashboard: DashboardChoice;
  /** Go straight there when /business/dashboard opens. */
  skipSelector: boolean;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The remembered choice, or null when none (or local storage is unavailable or garbled). */
export function readDashboardChoice(store = storage()): StoredChoice | null {
  try {
    const raw = store?.getItem(DASHBOARD_CHOICE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredChoice>;
    if (value.dashboard !== 'checkout' && value.dashboard !== 'journey') return null;
    return { dashboard: value.dashboard, skipSelector: value.skipSelector === true };
  } catch {
    return null;
  }
}

/** Remembers the choice; false when local storage refuses it. */
export function writeDashboardChoice(choice: StoredChoice, store = storage()): boolean {
  try {
    if (!store) return false;
    store.setItem(DASHBOARD_CHOICE_KEY, JSON.stringify(choice));
    return true;
  } catch {
    return false;
  }
}

export function clearDashboardChoice(store = storage()): void {
  try {
    store?.removeItem(DASHBOARD_CHOICE_KEY);
  } catch {
    // Nothing to forget where storage is unavailable.
  }
}
