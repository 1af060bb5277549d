import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-border bg-muted text-foreground',
        success: 'border-brand-100 bg-brand-50 text-brand-800',
        warning: 'border-amber-200 bg-amber-50 text-amber-900',
        destructive: 'border-destructive/30 bg-destructive-muted text-destructive',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** A short status label. */
export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
