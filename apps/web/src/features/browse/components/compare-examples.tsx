import type { CompareExample } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { ImageFrame } from '@/components/ui/image-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useCompareExamples } from '../api/catalog';

/** "Sold by 3 other retailers"; "Only at Amazon" when nobody else has it. */
export function otherRetailersText(example: CompareExample): string {
  const others = example.otherRetailers;
  if (others <= 0) return `Only at ${example.retailerName}`;
  return `Sold by ${others} other retailer${others === 1 ? '' : 's'}`;
}

function priceText(example: CompareExample): string | null {
  return example.priceMinor !== null && example.currency
    ? formatMoney(example.priceMinor, example.currency)
    : null;
}

export type CompareExamplesLayout = 'grid' | 'list';

interface CompareExamplesProps {
  onTry: (url: string) => void;
  /** grid: cards in rows under a centred hero; list: a compact column beside one. */
  layout?: CompareExamplesLayout;
  title?: string;
  description?: string;
  /** Where the heading sits: centred under a centred hero, or at the start beside one. */
  align?: 'center' | 'start';
  className?: string;
}

const itemClass = 'flex items-center gap-3 rounded-lg border border-border bg-card p-3';

const layoutClass: Record<CompareExamplesLayout, string> = {
  grid: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3',
  list: 'flex flex-col gap-3',
};

/**
 * Links from the local demo catalog to compare with one click, so the app can be tried without a
 * link at hand (and offline). Nothing shows when there are none or they cannot be loaded: the
 * paste box still works.
 */
export function CompareExamples({
  onTry,
  layout = 'grid',
  title = 'Try an example',
  description = 'Products from our demo catalog. Pick one to see its prices at other retailers.',
  align = 'center',
  className,
}: CompareExamplesProps) {
  const query = useCompareExamples();
  const headingId = useId();

  if (query.isError || (query.isSuccess && query.data.examples.length === 0)) return null;

  if (query.isPending) {
    return (
      <div className={cn('flex w-full flex-col gap-3', className)} role="status" aria-live="polite">
        <span className="sr-only">Loading examples…</span>
        <Skeleton className={cn('h-6 w-40', align === 'center' && 'self-center')} />
        <div className={layoutClass[layout]}>
          {Array.from({ length: 3 }, (_, index) => (
            <div key={index} className={itemClass} aria-hidden="true">
              <Skeleton className="size-16 shrink-0" />
              <div className="flex flex-1 flex-col gap-1.5">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-3.5 w-2/3" />
                <Skeleton className="h-3.5 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cn('flex w-full flex-col gap-3', className)}>
      <div className={cn('flex flex-col gap-1', align === 'center' && 'text-center')}>
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <ul aria-label="Example products" className={layoutClass[layout]}>
        {query.data.examples.map((example) => {
          const price = priceText(example);
          return (
            <li key={example.url}>
              <button
                type="button"
                onClick={() => onTry(example.url)}
                className={cn(
                  itemClass,
                  'group h-full w-full cursor-pointer text-left transition-colors hover:border-primary/50 hover:bg-muted/50',
                )}
              >
                <ImageFrame
                  src={example.image}
                  alt=""
                  category={example.category}
                  className="size-16 shrink-0"
                />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="line-clamp-2 text-sm font-medium">{example.title}</span>
                  <span className="truncate text-sm text-muted-foreground">
                    {example.retailerName}
                    {price ? ` · ${price}` : ''}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    {otherRetailersText(example)}
                  </span>
                </span>
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
