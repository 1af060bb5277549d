import type { AddFavoriteRequest, Favorite } from '@ipick/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// The results page renders before the validation library is downloaded: it loads with the call.
const favoriteSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.favoriteSchema),
);
const favoritesResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.favoritesResponseSchema),
);

/** `GET /api/favorites`: the signed-in shopper's favourites, newest first. */
export function favoritesQueryOptions() {
  return queryOptions({
    queryKey: ['favorites'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/favorites', { signal, schema: favoritesResponseSchema }),
  });
}

/** Only asks while signed in; a signed-out shopper has no favourites to show. */
export function useFavorites(enabled = true) {
  return useQuery({ ...favoritesQueryOptions(), enabled });
}

/** `POST /api/favorites`: favourites a comparison's product, or one offer of it. */
export function addFavorite(input: AddFavoriteRequest): Promise<Favorite> {
  return apiFetch('/api/favorites', { method: 'POST', body: input, schema: favoriteSchema });
}

/** `DELETE /api/favorites/:id`. */
export async function removeFavorite(id: string): Promise<void> {
  await apiFetch(`/api/favorites/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesQueryOptions().queryKey }),
  });
}

export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesQueryOptions().queryKey }),
  });
}
