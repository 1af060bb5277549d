import { lazy, Suspense, type ComponentProps } from 'react';
import type { StoredProductLink } from './stored-product-link';

// Shown only when the results page cannot find its request (a link opened in another browser):
// loaded then, not with the results pages.
const StoredProductLinkChunk = lazy(() =>
  import('./stored-product-link').then((module) => ({ default: module.StoredProductLink })),
);

/** StoredProductLink, loaded when it is shown. */
export function LazyStoredProductLink(props: ComponentProps<typeof StoredProductLink>) {
  return (
    <Suspense fallback={null}>
      <StoredProductLinkChunk {...props} />
    </Suspense>
  );
}
