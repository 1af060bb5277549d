import {
  SUSPENSION_REASON_MAX_LENGTH,
  type AdminBusiness,
  type BusinessStatus,
} from '@ipick/contracts';
import { Building2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { RelativeTime } from '@/components/ui/relative-time';
import { toErrorMessage } from '@/lib/error-message';
import { useChangeBusinessStatus, type BusinessAction } from '../api/change-business-status';
import { useAdminBusinesses, type AdminBusinessesFilter } from '../api/get-businesses';
import { BusinessFiguresDialog } from './business-figures-dialog';
import { ListSkeleton } from './list-skeleton';
import { SearchForm } from './search-form';

const statusLabel: Record<BusinessStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  suspended: 'Suspended',
};
const statusVariant = {
  pending: 'warning',
  active: 'success',
  suspended: 'destructive',
} as const satisfies Record<BusinessStatus, 'warning' | 'success' | 'destructive'>;

const doneText: Record<BusinessAction, string> = {
  approve: 'Business approved',
  suspend: 'Business suspended',
  reactivate: 'Business reactivated',
};

/** Merchant accounts: search, filter by status, approve, suspend (with a reason), reactivate. */
export function BusinessesPanel() {
  const [filter, setFilter] = useState<AdminBusinessesFilter>({ status: '', query: '', page: 1 });
  const query = useAdminBusinesses(filter);
  const statusId = useId();

  const counts = query.data?.counts;
  let body;
  if (query.isPending) body = <ListSkeleton label="Loading businesses…" />;
  else if (query.isError) {
    body = (
      <ErrorState
        title="We could not load the businesses"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.items.length === 0) {
    const isFiltered = filter.status !== '' || filter.query !== '';
    body = (
      <EmptyState
        icon={<Building2 />}
        title={isFiltered ? 'No business matches' : 'No businesses registered yet'}
        description={
          isFiltered
            ? 'Try another status or search by part of the name, shop domain or contact email.'
            : 'Shops appear here after they register a business account.'
        }
      />
    );
  } else {
    const { items, total, pageSize } = query.data;
    body = (
      <>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total} business{total === 1 ? '' : 'es'}
        </p>
        <ul aria-label="Businesses" className="flex flex-col gap-3">
          {items.map((business) => (
            <BusinessRow key={business.id} business={business} />
          ))}
        </ul>
        <Pagination
          label="Pages of businesses"
          page={filter.page}
          pageCount={Math.ceil(total / pageSize)}
          onPageChange={(page) => setFilter((old) => ({ ...old, page }))}
          disabled={query.isFetching}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="businesses-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="businesses-heading" className="text-lg font-semibold">
          Businesses
        </h2>
        {counts ? (
          <ul
            aria-label="Businesses by status"
            className="flex flex-wrap gap-x-3 text-sm text-muted-foreground"
          >
            <li className="whitespace-nowrap">{counts.pending} pending</li>
            <li className="whitespace-nowrap">{counts.active} active</li>
            <li className="whitespace-nowrap">{counts.suspended} suspended</li>
          </ul>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchForm
          label="Search businesses"
          placeholder="Name, domain or email"
          initialValue={filter.query}
          onSearch={(text) => setFilter((old) => ({ ...old, query: text, page: 1 }))}
        />
        <div className="flex flex-col gap-2 sm:w-48">
          <Label htmlFor={statusId}>Status</Label>
          <NativeSelect
            id={statusId}
            value={filter.status}
            onChange={(event) =>
              setFilter((old) => ({
                ...old,
                status: event.target.value as BusinessStatus | '',
                page: 1,
              }))
            }
          >
            <option value="">All statuses</option>
            <option value="pending">Pending</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </NativeSelect>
        </div>
      </div>
      {body}
    </section>
  );
}

function BusinessRow({ business }: { business: AdminBusiness }) {
  const change = useChangeBusinessStatus();

  async function apply(action: BusinessAction, reason = '') {
    await change.mutateAsync({
      businessId: business.id,
      action,
      reason: action === 'suspend' ? reason || undefined : undefined,
    });
    toast.success(doneText[action], { description: `${business.name} (${business.domain})` });
  }

  return (
    <li
      aria-label={business.name}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{business.name}</span>
          <Badge variant={statusVariant[business.status]}>{statusLabel[business.status]}</Badge>
        </p>
        <p className="text-sm break-all text-muted-foreground">
          {business.domain} · {business.contactEmail}
        </p>
        <p className="text-sm text-muted-foreground">
          <RelativeTime value={business.createdAt} prefix="Registered" />
        </p>
        {business.status === 'suspended' && business.suspensionReason ? (
          <p className="text-sm break-words text-destructive">
            Reason: {business.suspensionReason}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <BusinessFiguresDialog business={business} />
        {business.status === 'pending' ? (
          <ConfirmDialog
            trigger={<Button size="sm">Approve</Button>}
            title={`Approve ${business.name}?`}
            description={`ipick starts sending shoppers to ${business.domain} as a merchant, and emails ${business.contactEmail}.`}
            confirmLabel="Approve"
            pendingLabel="Approving…"
            onConfirm={() => apply('approve')}
            fallbackError="The business could not be approved. Please try again."
          />
        ) : null}
        {business.status === 'suspended' ? (
          <ConfirmDialog
            trigger={<Button size="sm">Reactivate</Button>}
            title={`Reactivate ${business.name}?`}
            description={`The business becomes active again, its suspension reason is cleared, and ${business.contactEmail} is told by email.`}
            confirmLabel="Reactivate"
            pendingLabel="Reactivating…"
            onConfirm={() => apply('reactivate')}
            fallbackError="The business could not be reactivated. Please try again."
          />
        ) : (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm">
                Suspend
              </Button>
            }
            title={`Suspend ${business.name}?`}
            description="ipick stops sending referrals to the shop. The merchant sees the suspension on their dashboard and is told by email, with the reason if you give one."
            confirmLabel="Suspend"
            pendingLabel="Suspending…"
            isDestructive
            textField={{
              label: 'Reason (optional)',
              hint: `Shown to the merchant. At most ${SUSPENSION_REASON_MAX_LENGTH} characters.`,
              maxLength: SUSPENSION_REASON_MAX_LENGTH,
            }}
            onConfirm={(reason) => apply('suspend', reason)}
            fallbackError="The business could not be suspended. Please try again."
          />
        )}
      </div>
    </li>
  );
}
