import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // The caller links the control through htmlFor.
  return <label className={cn('text-sm font-medium leading-none', className)} {...props} />;
}
