import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface EmptyStateProps extends Omit<ComponentProps<'section'>, 'title'> {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Links or buttons that lead somewhere useful. */
  actions?: ReactNode;
}

/** The honest "nothing here yet" block: what is missing and where to go instead. */
export function EmptyState({
  title,
  description,
  icon,
  actions,
  className,
  ...props
}: EmptyStateProps) {
  return (
    <section
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-10 text-center',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="rounded-full bg-muted p-3 text-muted-foreground [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <h2 className="text-base font-semibold">{title}</h2>
      {description ? (
        <div className="max-w-md text-sm text-muted-foreground">{description}</div>
      ) : null}
      {actions ? <div className="mt-2 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </section>
  );
}
