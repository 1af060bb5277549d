import { useEffect, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** How long sections still loading above the target may push it down. */
const SETTLE_MS = 3000;
/** What the visitor does to scroll by themselves; from then on the page is theirs. */
const VISITOR_SCROLLS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Brings the element into view when the address's `#hash` names `id` (a link such as
 * `…/integrate#server-api`). The router's own scroll runs before a lazily loaded page has drawn
 * its sections, and sections above that are still loading push the target down as they fill
 * in, so it is kept in view while the page settles, until the visitor scrolls. Back and
 * forward leave the page where the router's scroll restoration puts it, as browsers do.
 */
export function useScrollToHash(ref: RefObject<HTMLElement | null>, id: string | undefined): void {
  const { hash, key } = useLocation();
  // The first page of a visit is a POP too, with the key 'default': that one does scroll.
  const isBackOrForward = useNavigationType() === NavigationType.Pop && key !== 'default';
  useEffect(() => {
    const element = ref.current;
    if (!id || !element || isBackOrForward || safeDecode(hash.slice(1)) !== id) return;
    let isSettling = true;
    const bring = () => {
      if (isSettling) element.scrollIntoView({ block: 'start' });
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(bring);
    const stop = () => {
      isSettling = false;
      observer?.disconnect();
      for (const type of VISITOR_SCROLLS) window.removeEventListener(type, stop);
    };
    bring();
    observer?.observe(document.body);
    for (const type of VISITOR_SCROLLS) window.addEventListener(type, stop, { passive: true });
    const timer = window.setTimeout(stop, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [hash, id, isBackOrForward, ref]);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
