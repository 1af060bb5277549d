import { useState } from 'react';

/**
 * Whether this page had a signed-in visitor while it was showing. A guarded page that loses its
 * session then was signed out from here (or in another tab): it goes home, as after any sign-out
 * (spec §2 "after-sign-out goes to home"), rather than to a sign-in page that would bring the
 * visitor back.
 */
export function useWasSignedIn(isSignedIn: boolean): boolean {
  const [wasSignedIn, setWasSignedIn] = useState(isSignedIn);
  // Remembering what an earlier render saw is React's "adjust state while rendering" pattern.
  if (isSignedIn && !wasSignedIn) setWasSignedIn(true);
  return wasSignedIn || isSignedIn;
}
