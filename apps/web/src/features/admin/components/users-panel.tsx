import type { AdminUser } from '@ipick/contracts';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { RelativeTime } from '@/components/ui/relative-time';
import { toErrorMessage } from '@/lib/error-message';
import { useChangeUserAccess, type UserAccessChange } from '../api/change-user-access';
import { useAdminUsers } from '../api/get-users';
import { ListSkeleton } from './list-skeleton';
import { SearchForm } from './search-form';

const successText: Record<UserAccessChange, string> = {
  disable: 'User disabled',
  enable: 'User enabled',
  grant_admin: 'Admin access granted',
  revoke_admin: 'Admin access removed',
};

/** Every account, searchable, with disable/enable and admin access behind confirmations. */
export function UsersPanel({ currentUserId }: { currentUserId: string | null }) {
  const [filter, setFilter] = useState({ query: '', page: 1 });
  const query = useAdminUsers(filter);
  const change = useChangeUserAccess();

  async function apply(user: AdminUser, access: UserAccessChange) {
    await change.mutateAsync({ userId: user.id, change: access });
    toast.success(successText[access], { description: user.email ?? user.id });
  }

  let body;
  if (query.isPending) body = <ListSkeleton label="Loading users…" />;
  else if (query.isError) {
    body = (
      <ErrorState
        title="We could not load the users"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.items.length === 0) {
    body = (
      <EmptyState
        icon={<Users />}
        title={filter.query ? `No user matches “${filter.query}”` : 'No users yet'}
        description={
          filter.query
            ? 'Search by part of an email address or a display name.'
            : 'Shoppers and merchants appear here once they sign up.'
        }
      />
    );
  } else {
    const { items, total, pageSize } = query.data;
    body = (
      <>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total} user{total === 1 ? '' : 's'}
        </p>
        <ul aria-label="Users" className="flex flex-col gap-3">
          {items.map((user) => {
            const isSelf = user.id === currentUserId;
            const who = user.email ?? user.displayName ?? user.id;
            return (
              <li
                key={user.id}
                aria-label={who}
                className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="truncate">{user.email ?? 'No email'}</span>
                    {isSelf ? <Badge>You</Badge> : null}
                    {user.isAdmin ? <Badge variant="success">Admin</Badge> : null}
                    {user.isMerchant ? <Badge>Merchant</Badge> : null}
                    {user.isDisabled ? <Badge variant="destructive">Disabled</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {user.displayName ? `${user.displayName} · ` : ''}
                    <RelativeTime value={user.signedUpAt} prefix="Signed up" />
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {user.isAdmin ? (
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm" disabled={isSelf}>
                          Remove admin
                        </Button>
                      }
                      title={`Remove admin access from ${who}?`}
                      description="They keep their account but can no longer open the admin area."
                      confirmLabel="Remove admin"
                      pendingLabel="Removing…"
                      onConfirm={() => apply(user, 'revoke_admin')}
                      fallbackError="Admin access could not be removed. Please try again."
                    />
                  ) : (
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm" disabled={user.isDisabled}>
                          Make admin
                        </Button>
                      }
                      title={`Make ${who} an admin?`}
                      description="Admins can manage users, businesses and retailer affiliate ids."
                      confirmLabel="Make admin"
                      pendingLabel="Granting…"
                      onConfirm={() => apply(user, 'grant_admin')}
                      fallbackError="Admin access could not be granted. Please try again."
                    />
                  )}
                  {user.isDisabled ? (
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm">
                          Enable
                        </Button>
                      }
                      title={`Enable ${who}?`}
                      description="They can sign in again."
                      confirmLabel="Enable"
                      pendingLabel="Enabling…"
                      onConfirm={() => apply(user, 'enable')}
                      fallbackError="The user could not be enabled. Please try again."
                    />
                  ) : (
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm" disabled={isSelf}>
                          Disable
                        </Button>
                      }
                      title={`Disable ${who}?`}
                      description="They are signed out everywhere at once and cannot sign in until an admin enables the account again."
                      confirmLabel="Disable"
                      pendingLabel="Disabling…"
                      isDestructive
                      onConfirm={() => apply(user, 'disable')}
                      fallbackError="The user could not be disabled. Please try again."
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <Pagination
          label="Pages of users"
          page={filter.page}
          pageCount={Math.ceil(total / pageSize)}
          onPageChange={(page) => setFilter((old) => ({ ...old, page }))}
          disabled={query.isFetching}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-4">
      <h2 id="users-heading" className="text-lg font-semibold">
        Users
      </h2>
      <SearchForm
        label="Search users"
        placeholder="Email or name"
        initialValue={filter.query}
        onSearch={(text) => setFilter({ query: text, page: 1 })}
      />
      {body}
    </section>
  );
}
