import type { AdminAuditEntry, AuditTargetType } from '@ipick/contracts';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { RelativeTime } from '@/components/ui/relative-time';
import { toErrorMessage } from '@/lib/error-message';
import { useAdminAuditLog } from '../api/get-audit-log';
import { ListSkeleton } from './list-skeleton';

const actionText: Record<AdminAuditEntry['action'], string> = {
  'user.disable': 'disabled a user',
  'user.enable': 'enabled a user',
  'user.grant_admin': 'granted admin access',
  'user.revoke_admin': 'removed admin access',
  'retailer.set_affiliate_id': 'changed an affiliate id',
  'business.approve': 'approved a business',
  'business.suspend': 'suspended a business',
  'business.reactivate': 'reactivated a business',
};

/** What the entry was about, in words: the business, user or retailer and what changed. */
function describeTarget(entry: AdminAuditEntry): string {
  const details = entry.details;
  const text = (key: string) => (typeof details[key] === 'string' ? details[key] : null);
  if (entry.targetType === 'business') {
    const reason = text('reason');
    return `${text('name') ?? entry.targetId} (${text('domain') ?? ''})${reason ? ` — “${reason}”` : ''}`;
  }
  if (entry.targetType === 'retailer') {
    return `${entry.targetId}: ${text('from') ?? 'placeholder'} → ${text('to') ?? 'placeholder'}`;
  }
  return text('email') ?? entry.targetId;
}

interface AuditLogProps {
  targetType?: AuditTargetType;
  title: string;
}

/** The admin changes of one kind of target (or all), newest first. */
export function AuditLog({ targetType, title }: AuditLogProps) {
  const [page, setPage] = useState(1);
  const query = useAdminAuditLog({ targetType, page });

  let body;
  if (query.isPending) body = <ListSkeleton label="Loading the audit log…" rows={3} />;
  else if (query.isError) {
    body = (
      <ErrorState
        title="We could not load the audit log"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.items.length === 0) {
    body = (
      <EmptyState
        icon={<ScrollText />}
        title="No admin changes yet"
        description="Every approval, suspension and other admin change is recorded here with who made it."
      />
    );
  } else {
    const { items, total, pageSize } = query.data;
    body = (
      <>
        <ol
          aria-label={title}
          className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card"
        >
          {items.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-0.5 px-4 py-3 text-sm">
              <p>
                <span className="font-medium">{entry.adminEmail ?? 'A former admin'}</span>{' '}
                {actionText[entry.action]}:{' '}
                <span className="break-words">{describeTarget(entry)}</span>
              </p>
              <p className="text-muted-foreground">
                <RelativeTime value={entry.createdAt} />
              </p>
            </li>
          ))}
        </ol>
        <Pagination
          label="Pages of the audit log"
          page={page}
          pageCount={Math.ceil(total / pageSize)}
          onPageChange={setPage}
          disabled={query.isFetching}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <h2 id="audit-heading" className="text-lg font-semibold">
        {title}
      </h2>
      {body}
    </section>
  );
}
