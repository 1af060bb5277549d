import type { Favorite, FavoritesResponse } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { useQueryClient } from '@tanstack/react-query';
import { Heart, HeartOff, RefreshCw } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ImageFrame } from '@/components/ui/image-frame';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { favoritesQueryOptions, useFavorites, useRemoveFavorite } from '../api/favorites';

function newestFirst(items: readonly Favorite[]): Favorite[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

const rowClass =
  'flex flex-col gap-3 rounded-lg border border-border bg-card p-3 sm:flex-row sm:items-center sm:gap-4';

interface FavoritesListProps {
  enabled: boolean;
  /** Starts a new comparison of a favourite's link. */
  onCompare: (url: string) => void;
}

/** The signed-in shopper's favourites, newest first: compare again, reopen or remove. */
export function FavoritesList({ enabled, onCompare }: FavoritesListProps) {
  const query = useFavorites(enabled);
  const remove = useRemoveFavorite();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (query.isPending) return <FavoritesSkeleton />;
  if (query.isError) {
    return (
      <ErrorState
        title="We could not load your favorites"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const items = newestFirst(query.data.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Heart />}
        title="No favorites yet"
        description="Save a product from a price comparison to keep it here."
        actions={
          <Link to="/" className={buttonVariants()}>
            Compare prices
          </Link>
        }
      />
    );
  }

  function handleRemove(favorite: Favorite) {
    remove.mutate(favorite.id, {
      onSuccess: () => {
        queryClient.setQueryData<FavoritesResponse>(favoritesQueryOptions().queryKey, (old) =>
          old ? { items: old.items.filter((item) => item.id !== favorite.id) } : old,
        );
        // The focused button has gone with its row; the list's heading takes the focus.
        headingRef.current?.focus();
        toast.success('Removed from your favorites', { description: favorite.title });
      },
      onError: (error) => {
        toast.error(toErrorMessage(error, 'We could not remove it. Please try again.'));
      },
    });
  }

  return (
    <section aria-labelledby="favorites-heading" className="flex flex-col gap-4">
      <h2
        id="favorites-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        {items.length} saved product{items.length === 1 ? '' : 's'}
      </h2>
      <ul aria-label="Your favorites" className="flex flex-col gap-3">
        {items.map((favorite) => {
          const isRemoving = remove.isPending && remove.variables === favorite.id;
          return (
            <li key={favorite.id} className={rowClass}>
              <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
                <ImageFrame
                  src={favorite.image}
                  alt=""
                  category={favorite.category}
                  className="size-16 shrink-0 sm:size-20"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <h3 className="line-clamp-2 font-medium">{favorite.title}</h3>
                  <p className="text-sm text-muted-foreground">
                    {favorite.retailerName}
                    {favorite.priceMinor !== null && favorite.currency
                      ? ` · ${formatMoney(favorite.priceMinor, favorite.currency)} when saved`
                      : ''}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <RelativeTime value={favorite.createdAt} prefix="Saved" />
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2 sm:flex-nowrap">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Compare again: ${favorite.title}`}
                  onClick={() => onCompare(favorite.url)}
                >
                  <RefreshCw aria-hidden="true" />
                  Compare again
                </Button>
                {favorite.path ? (
                  <Link
                    to={favorite.path}
                    aria-label={`Open results: ${favorite.title}`}
                    className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  >
                    Open results
                  </Link>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${favorite.title} from favorites`}
                  onClick={() => handleRemove(favorite)}
                  disabled={isRemoving}
                >
                  <HeartOff aria-hidden="true" />
                  {isRemoving ? 'Removing…' : 'Remove'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function FavoritesSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Loading your favorites…</span>
      <Skeleton className="h-7 w-44" />
      <div className="flex flex-col gap-3" aria-hidden="true">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className={rowClass}>
            <div className="flex flex-1 items-center gap-3 sm:gap-4">
              <Skeleton className="size-16 shrink-0 sm:size-20" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-1/4" />
              </div>
            </div>
            <div className="flex gap-2">
              <Skeleton className="h-8 w-32" />
              <Skeleton className="h-8 w-28" />
              <Skeleton className="h-8 w-24" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
