import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The page's content column: the same width and padding on every page and in the page skeleton,
 * so nothing jumps when a page replaces its skeleton. Layouts can find it by its data attribute.
 */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-page-container=""
      className={cn('mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10', className)}
      {...props}
    />
  );
}
