import type { Favorite, FavoritesResponse } from '@ipick/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { toErrorMessage } from '@/lib/error-message';
import { savePendingFavorite, takePendingFavorite } from '../utils/pending-favorite';
import {
  favoritesQueryOptions,
  useAddFavorite,
  useFavorites,
  useRemoveFavorite,
} from '../api/favorites';

interface FavoriteToggleProps {
  /** The comparison the product or offer belongs to. */
  requestId: string;
  /** The offer to save; without it, the comparison's pasted product. */
  offerId?: string;
  /** A favourite with this link means the product is saved. */
  url: string;
  isSignedIn: boolean;
  /** While sign-in is still being checked the button waits rather than ask to sign in. */
  isCheckingSignIn?: boolean;
  /** Where the "Sign in" action of the signed-out toast leads. */
  signInHref: string;
  /** The id of the element naming the product, so the button says which product it saves. */
  describedBy?: string;
  /** A labelled button, or a heart icon only (offers in a list). */
  variant?: 'labelled' | 'icon';
  className?: string;
}

const SAVE_LABEL = 'Save to favorites';
const REMOVE_LABEL = 'Remove from favorites';
/** One "sign in" toast at a time: pressing a heart again replaces it instead of stacking more. */
const SIGN_IN_TOAST_ID = 'favorites-sign-in';

/**
 * Saves a compared product (or one of its offers) to the shopper's favourites, or removes it.
 * A toggle button (`aria-pressed`); signed out, it says that favourites need an account.
 */
export function FavoriteToggle({
  requestId,
  offerId,
  url,
  isSignedIn,
  isCheckingSignIn = false,
  signInHref,
  describedBy,
  variant = 'labelled',
  className,
}: FavoriteToggleProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const favorites = useFavorites(isSignedIn);
  const add = useAddFavorite();
  const remove = useRemoveFavorite();

  const saved = isSignedIn ? favorites.data?.items.find((item) => item.url === url) : undefined;
  // While a change is on its way, show where it is going rather than where it was.
  const isPressed = add.isPending ? true : remove.isPending ? false : saved !== undefined;
  const isBusy = add.isPending || remove.isPending;
  const isWaiting = isCheckingSignIn || (isSignedIn && favorites.isPending);
  const label = isPressed ? REMOVE_LABEL : SAVE_LABEL;

  function updateCachedFavorites(change: (items: Favorite[]) => Favorite[]) {
    queryClient.setQueryData<FavoritesResponse>(favoritesQueryOptions().queryKey, (current) =>
      current ? { ...current, items: change(current.items) } : current,
    );
  }

  // A favourite asked for while signed out is saved once the shopper has signed in.
  const isReadyToComplete = isSignedIn && !favorites.isPending;
  useEffect(() => {
    if (!isReadyToComplete) return;
    const pending = takePendingFavorite({ requestId, ...(offerId ? { offerId } : {}) });
    if (!pending || saved) return;
    add.mutate(
      { requestId, ...(offerId ? { offerId } : {}) },
      {
        onSuccess: (favorite) => {
          updateCachedFavorites((items) => [
            favorite,
            ...items.filter((item) => item.id !== favorite.id),
          ]);
          toast.success('Saved to favorites');
        },
        onError: (error) =>
          toast.error(toErrorMessage(error, 'We could not save your favorite. Please try again.')),
      },
    );
    // Runs when sign-in completes; the pending wish is taken once, so re-runs do nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isReadyToComplete, requestId, offerId]);

  async function handleClick() {
    if (isBusy || isWaiting) return;
    if (!isSignedIn) {
      // Saved for them once they have signed in (the effect below).
      savePendingFavorite({ requestId, ...(offerId ? { offerId } : {}) });
      toast('Sign in to save favorites', {
        id: SIGN_IN_TOAST_ID,
        description: 'Favorites are kept in your ipick account. We save this one once you have.',
        action: { label: 'Sign in', onClick: () => void navigate(signInHref) },
      });
      return;
    }
    try {
      if (saved) {
        await remove.mutateAsync(saved.id);
        updateCachedFavorites((items) => items.filter((item) => item.id !== saved.id));
        toast.success('Removed from favorites');
      } else {
        const favorite = await add.mutateAsync({ requestId, ...(offerId ? { offerId } : {}) });
        updateCachedFavorites((items) => [
          favorite,
          ...items.filter((item) => item.id !== favorite.id),
        ]);
        toast.success('Saved to favorites');
      }
    } catch (error) {
      toast.error(toErrorMessage(error, 'We could not update your favorites. Please try again.'));
    }
  }

  const icon = (
    <Heart aria-hidden="true" className={cn(isPressed && 'fill-current text-primary')} />
  );

  return (
    <Button
      variant={variant === 'icon' ? 'ghost' : 'outline'}
      size={variant === 'icon' ? 'icon' : 'sm'}
      aria-pressed={isPressed}
      aria-label={variant === 'icon' ? label : undefined}
      aria-describedby={describedBy}
      aria-busy={isBusy || undefined}
      aria-disabled={isWaiting || undefined}
      title={variant === 'icon' ? label : undefined}
      onClick={() => void handleClick()}
      className={cn(variant === 'icon' && 'size-9', className)}
    >
      {icon}
      {variant === 'icon' ? null : label}
    </Button>
  );
}
