import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The browser's own checkbox, sized and coloured to the theme: keyboard, forms and assistive
 * technology work as they do everywhere. Link it to a `Label` (or wrap it in one).
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded-sm border border-input accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
