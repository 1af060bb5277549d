import type { OutboundContext } from '../utils/outbound-link';
import type { MerchantOffer } from './track-referral';

/**
 * Opens a merchant's offer in a new tab. The tab is opened at once, inside the click, so popup
 * blockers allow it; it is pointed at the offer once the referral call has answered. Where no
 * tab could be opened, this tab goes instead. The referral call's code (and the affiliate-link
 * rules it uses) loads with the first click, not with the results page.
 */
export async function openMerchantOffer(
  offer: MerchantOffer,
  context: OutboundContext,
  browser: Pick<Window, 'open' | 'location'> = window,
): Promise<void> {
  const tab = browser.open('about:blank', '_blank');
  // What rel="noopener" does for a plain link: the retailer's page gets no handle on ipick's.
  if (tab) tab.opener = null;
  const { merchantOfferHref } = await import('./track-referral');
  const href = new URL(
    await merchantOfferHref(offer, context, browser.location.href),
    browser.location.href,
  ).href;
  if (tab) tab.location.href = href;
  else browser.location.assign(href);
}
