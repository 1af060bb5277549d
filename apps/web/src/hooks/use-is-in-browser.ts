import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while rendering on the server and while React hydrates the server's markup, true in
 * the render right after. A page that shows what only the browser knows (the tab's storage, the
 * signed-in user) first renders what the server drew, so hydration matches, then updates.
 */
export function useIsInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
