import type { AdminOutboxMail } from '@ipick/contracts';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { RelativeTime } from '@/components/ui/relative-time';
import { toErrorMessage } from '@/lib/error-message';
import { useAdminOutbox } from '../api/get-outbox';
import { ListSkeleton } from './list-skeleton';

const statusBadge: Record<
  AdminOutboxMail['status'],
  { label: string; variant: 'success' | 'destructive' | 'default' }
> = {
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  logged: { label: 'Logged only', variant: 'default' },
};

/** The mail ipick sent, newest first, with what went wrong for the ones that failed. */
export function OutboxPanel() {
  const [page, setPage] = useState(1);
  const query = useAdminOutbox(page);

  let body;
  if (query.isPending) body = <ListSkeleton label="Loading the outbox…" />;
  else if (query.isError) {
    body = (
      <ErrorState
        title="We could not load the outbox"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.items.length === 0) {
    body = (
      <EmptyState
        icon={<Mail />}
        title="No mail sent yet"
        description="Sign-up confirmations, password resets and sign-in links are listed here once ipick sends them."
      />
    );
  } else {
    const { items, total, pageSize } = query.data;
    body = (
      <>
        <ul aria-label="Sent mail" className="flex flex-col gap-3">
          {items.map((mail) => (
            <li
              key={mail.id}
              className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4"
            >
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="min-w-0 break-words">{mail.subject}</span>
                <Badge variant={statusBadge[mail.status].variant}>
                  {statusBadge[mail.status].label}
                </Badge>
              </p>
              <p className="text-sm break-all text-muted-foreground">To {mail.to}</p>
              <p className="text-sm text-muted-foreground">
                <RelativeTime value={mail.createdAt} />
              </p>
              {mail.error ? (
                <p className="text-sm break-words text-destructive">Error: {mail.error}</p>
              ) : null}
            </li>
          ))}
        </ul>
        <Pagination
          label="Pages of sent mail"
          page={page}
          pageCount={Math.ceil(total / pageSize)}
          onPageChange={setPage}
          disabled={query.isFetching}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="outbox-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="outbox-heading" className="text-lg font-semibold">
          Mail outbox
        </h2>
        <p className="text-sm text-muted-foreground">
          Message bodies are not shown: they hold sign-in and password-reset links.
        </p>
      </div>
      {body}
    </section>
  );
}
