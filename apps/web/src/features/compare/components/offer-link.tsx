import type { ComparedOffer } from '@ipick/contracts';
import { buildOutboundUrl, PLACEHOLDER_AFFILIATE_IDS } from '@ipick/core';
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useIsInBrowser } from '@/hooks/use-is-in-browser';
import { getSessionId } from '@/lib/session-id';
import { readStoredUtm } from '@/lib/utm';
import { openMerchantOffer } from '../api/open-merchant-offer';
import { outboundHref, type OutboundContext, type OutboundTarget } from '../utils/outbound-link';

/** Outbound links are paid links (FTC-style disclosure) that give the retailer no handle on ipick. */
export const OFFER_LINK_REL = 'sponsored noopener';

/**
 * The session, stored UTM values and page every outbound link on this page carries. The server
 * renders the results page without the tab's session and UTM values (they live in its storage):
 * while React hydrates that markup the links are the server's, and they get the tab's values in
 * the render right after.
 */
export function useOutboundContext(): OutboundContext {
  const { pathname, search } = useLocation();
  const isInBrowser = useIsInBrowser();
  return useMemo(
    () =>
      isInBrowser
        ? { sessionId: getSessionId(), utm: readStoredUtm(), from: `${pathname}${search}` }
        : { sessionId: '', utm: null, from: `${pathname}${search}` },
    [isInBrowser, pathname, search],
  );
}

interface OutboundLinkProps {
  /** An offer of the comparison, or the pasted product's own address and title. */
  target: { offer: ComparedOffer } | PastedProductLink;
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link out to a retailer, through ipick's redirect (spec §1, §7). A click on a merchant's
 * offer first makes the referral-tracking call (spec §9); a click with a modifier key or the
 * middle button keeps the browser's own behaviour and the plain redirect.
 */
export function OutboundLink({ target, id, className, children }: OutboundLinkProps) {
  const context = useOutboundContext();
  const offer = 'offer' in target ? target.offer : null;
  const destination: OutboundTarget = offer
    ? { offerId: offer.offerId }
    : { to: pastedProductTarget(target as PastedProductLink, context) };
  const merchantDomain = offer?.merchantDomain ?? null;

  const onClick =
    offer && merchantDomain
      ? (event: MouseEvent<HTMLAnchorElement>) => {
          if (
            event.button !== 0 ||
            event.metaKey ||
            event.ctrlKey ||
            event.shiftKey ||
            event.altKey
          )
            return;
          event.preventDefault();
          void openMerchantOffer(
            { offerId: offer.offerId, url: offer.url, title: offer.title, merchantDomain },
            context,
          );
        }
      : undefined;

  return (
    <a
      id={id}
      href={outboundHref(destination, context)}
      target="_blank"
      rel={OFFER_LINK_REL}
      onClick={onClick}
      className={className}
    >
      {children}
    </a>
  );
}

/** The product the shopper pasted, linked at its own retailer. */
interface PastedProductLink {
  url: string;
  title: string;
}

/**
 * The pasted product's address as an outbound link (spec §9): ref, the UTM values (the visit's
 * over ipick's defaults), the session id and the product name. The redirect follows a `to` link
 * as given but for the retailer's affiliate id, which it sets to ipick's current one.
 */
function pastedProductTarget(product: PastedProductLink, context: OutboundContext): string {
  return buildOutboundUrl({
    target: product.url,
    utm: context.utm,
    sessionId: context.sessionId,
    productName: product.title,
    affiliateIds: PLACEHOLDER_AFFILIATE_IDS,
  });
}

/** The disclosure shown near outbound links. */
export function CommissionDisclosure({ className }: { className?: string }) {
  return (
    <p className={className ?? 'text-xs text-muted-foreground'}>
      ipick may earn a commission from retailers&apos; links.
    </p>
  );
}
