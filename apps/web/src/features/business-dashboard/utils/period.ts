import { DASHBOARD_MAX_RANGE_DAYS, type DashboardRangeQuery } from '@ipick/contracts';

export const PERIOD_PRESETS = [
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
  { value: '365', label: 'Last 12 months', days: 365 },
] as const;

export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'] | 'custom';

export interface Period {
  preset: PeriodPreset;
  /** Both days included, UTC, `YYYY-MM-DD`. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** The preset's days, ending today (UTC). */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now?: Date): Period {
  const days = PERIOD_PRESETS.find((item) => item.value === preset)?.days ?? 7;
  const to = todayUtc(now);
  return { preset, from: addDays(to, -(days - 1)), to };
}

/** What is wrong with a custom period of `from` to `to` (both included), or null when nothing is. */
export function checkDays(from: string, to: string): string | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(from) || Number.isNaN(Date.parse(from))) return 'Enter the first day.';
  if (!day.test(to) || Number.isNaN(Date.parse(to))) return 'Enter the last day.';
  if (from > to) return 'The first day must not be after the last day.';
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > DASHBOARD_MAX_RANGE_DAYS) return `Choose at most ${DASHBOARD_MAX_RANGE_DAYS} days.`;
  return null;
}

export function toRangeQuery(period: Period): DashboardRangeQuery {
  return { from: period.from, to: period.to };
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 1, 2025" for `2025-03-01`. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
