import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A web address without its scheme, query string and fragment: "shop.example/products/lamp".
 * Landing addresses carry long tracking parameters that say little to a reader. Text that is
 * not an http(s) address is returned as it is.
 */
export function formatShortUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return value;
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

interface UrlTextProps extends Omit<ComponentProps<'span'>, 'children' | 'title'> {
  /** The full address; shown shortened on one line, in full on hover. */
  url: string;
}

/** A web address on one line: host and path, cut with an ellipsis, the full address as a title. */
export function UrlText({ url, className, ...props }: UrlTextProps) {
  return (
    <span
      title={url}
      className={cn('inline-block max-w-full truncate align-bottom', className)}
      {...props}
    >
      {formatShortUrl(url)}
    </span>
  );
}
