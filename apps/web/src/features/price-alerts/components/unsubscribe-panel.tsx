import { formatMoney } from '@ipick/core';
import { BellOff, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/price-alerts';

/**
 * Where an alert email's "Stop this alert" link lands: says which alert it is and stops it with
 * one press, without signing in. The press is a POST: mail scanners that open links stop nothing.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.isSuccess) {
    return (
      <EmptyState
        icon={<CircleCheck />}
        title="Alert stopped"
        description="ipick will not email you about this price again."
        actions={
          <Link to="/alerts" className={buttonVariants({ variant: 'outline' })}>
            Your alerts
          </Link>
        }
      />
    );
  }
  if (token === '' || info.isError) {
    return (
      <EmptyState
        icon={<BellOff />}
        title="This link does not stop an alert"
        description={
          token === ''
            ? 'The link is missing its code. Open it from the email again.'
            : toErrorMessage(info.error, 'Something went wrong. Please try again.')
        }
        actions={
          <Link to="/alerts" className={buttonVariants({ variant: 'outline' })}>
            Manage your alerts
          </Link>
        }
      />
    );
  }
  if (info.isPending) {
    return (
      <div role="status" aria-live="polite" className="flex flex-col gap-3">
        <span className="sr-only">Loading the alert…</span>
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-10 w-40" />
      </div>
    );
  }
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <p>
        Stop the alert for <strong>{info.data.title}</strong> at {info.data.retailerName} (at or
        below {formatMoney(info.data.targetMinor, info.data.currency)})?
      </p>
      <FormAlert
        message={
          unsubscribe.error
            ? toErrorMessage(unsubscribe.error, 'We could not stop the alert. Please try again.')
            : undefined
        }
      />
      <Button className="w-fit" onClick={() => !unsubscribe.isPending && unsubscribe.mutate(token)}>
        <BellOff aria-hidden="true" />
        {unsubscribe.isPending ? 'Stopping…' : 'Stop this alert'}
      </Button>
    </section>
  );
}
