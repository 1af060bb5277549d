import type { AdminBusiness } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useAdminBusinessFigures } from '../api/get-business-figures';

const numberFormat = new Intl.NumberFormat('en-US');

/** "Figures": a merchant's last 30 days, fetched when opened. */
export function BusinessFiguresDialog({ business }: { business: AdminBusiness }) {
  const [open, setOpen] = useState(false);
  const query = useAdminBusinessFigures(business.id, open);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          Figures
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{business.name}</DialogTitle>
          <DialogDescription>
            {business.domain} · the last {query.data?.figures.days ?? 30} days
          </DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div role="status" aria-live="polite" className="grid grid-cols-2 gap-3">
            <span className="sr-only">Loading figures…</span>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} aria-hidden="true" className="h-16" />
            ))}
          </div>
        ) : query.isError ? (
          <ErrorState
            title="We could not load the figures"
            message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : (
          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-2 gap-3">
              <Figure label="Clicks" value={numberFormat.format(query.data.figures.clicks)} />
              <Figure
                label="Unique shoppers"
                value={numberFormat.format(query.data.figures.uniqueShoppers)}
              />
              <Figure
                label="Conversions"
                value={numberFormat.format(query.data.figures.conversions)}
              />
              <Figure
                label="Revenue"
                value={
                  query.data.figures.revenue.length === 0
                    ? '—'
                    : query.data.figures.revenue
                        .map((entry) =>
                          entry.currency
                            ? formatMoney(entry.amountMinor, entry.currency)
                            : `${numberFormat.format(entry.amountMinor / 100)} (no currency)`,
                        )
                        .join(' · ')
                }
              />
            </dl>
            {/* The same rule as the merchant's Home and Analytics, so the numbers match theirs. */}
            <p className="text-sm text-muted-foreground">
              Conversions and revenue count the leads and sales that came with an ipick referral or
              click id, within the shop's attribution window, as on the merchant's own dashboard.
              Each sale counts less its refunds; a sale refunded in full is not counted.
            </p>
            <p className="text-sm text-muted-foreground">
              All leads and sales the shop reported, from ipick or not:{' '}
              <span className="font-medium text-foreground tabular-nums">
                {numberFormat.format(query.data.figures.reportedConversions)}
              </span>
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
