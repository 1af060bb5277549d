import type { ReactNode } from 'react';

/**
 * What a favourite button on the results would save. The results only describe it; the page
 * renders the button (features/compare does not know about favourites or sign-in).
 */
export interface FavoriteTarget {
  requestId: string;
  /** The offer to save; absent for the pasted product itself. */
  offerId?: string;
  /** The product page it is for: a favourite with the same link means it is saved. */
  url: string;
  title: string;
  /** The id of the element that names the product, for the button's description. */
  describedBy?: string;
  /** A labelled button on the product card, an icon button on an offer. */
  variant: 'product' | 'offer';
}

export type RenderFavorite = (target: FavoriteTarget) => ReactNode;
