import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

interface PaginationProps extends Omit<ComponentProps<'nav'>, 'children'> {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the landmark, e.g. "Pages of results". */
  label?: string;
  disabled?: boolean;
}

/** Previous and Next with "Page 2 of 9" between them. Renders nothing for a single page. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
  disabled = false,
  className,
  ...props
}: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={label}
      className={cn('flex items-center justify-between gap-3', className)}
      {...props}
    >
      <Button
        variant="outline"
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <Button
        variant="outline"
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= pageCount}
      >
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
