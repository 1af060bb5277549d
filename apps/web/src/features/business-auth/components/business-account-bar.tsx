import type { Business } from '@ipick/contracts';
import { CircleAlert, Store } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { BusinessStatusBadge } from './business-status-badge';

const statusNote: Partial<Record<Business['status'], string>> = {
  pending:
    'Your business account is pending approval. You can set up your integration now; referrals start once ipick approves the account.',
  suspended:
    'Your business account is suspended. ipick sends no referrals to your shop while it is suspended. Contact ipick to restore it.',
};

interface BusinessAccountBarProps {
  business: Business;
  onLogOut: () => Promise<void>;
}

/** The signed-in merchant above every business page: name, shop, status and "Log out". */
export function BusinessAccountBar({ business, onLogOut }: BusinessAccountBarProps) {
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const note = statusNote[business.status];

  return (
    <section aria-label="Business account" className="border-b border-border bg-muted/40">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 py-3 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <Store aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                <span className="truncate">{business.name}</span>
                <BusinessStatusBadge status={business.status} />
              </p>
              <p className="truncate text-sm text-muted-foreground">{business.domain}</p>
            </div>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={isLoggingOut}
            onClick={() => {
              setIsLoggingOut(true);
              void onLogOut();
            }}
          >
            {isLoggingOut ? 'Logging out…' : 'Log out'}
          </Button>
        </div>
        {note ? (
          <Alert variant={business.status === 'suspended' ? 'destructive' : 'default'}>
            <CircleAlert aria-hidden="true" />
            <AlertDescription>
              <p>{note}</p>
              {business.status === 'suspended' && business.suspensionReason ? (
                <p>Reason given by ipick: {business.suspensionReason}</p>
              ) : null}
            </AlertDescription>
          </Alert>
        ) : null}
      </div>
    </section>
  );
}
