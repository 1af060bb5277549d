import type { ComponentProps } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago"; after a week the date. */
export function formatRelativeTime(date: Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return plural(Math.floor(elapsed / DAY), 'day');
  return dateFormat.format(date);
}

interface RelativeTimeProps extends Omit<ComponentProps<'time'>, 'dateTime' | 'children'> {
  /** An ISO time. */
  value: string;
  /** Text before the time, e.g. "Saved". */
  prefix?: string;
}

/** A time read the way people say it; the exact time is in the tooltip and `dateTime`. */
export function RelativeTime({ value, prefix, ...props }: RelativeTimeProps) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const text = formatRelativeTime(date);
  return (
    <time dateTime={value} title={dateTimeFormat.format(date)} {...props}>
      {prefix ? `${prefix} ${text}` : text}
    </time>
  );
}
