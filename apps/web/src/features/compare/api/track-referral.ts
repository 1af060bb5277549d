import type { ReferralTrackingRequest, ReferralTrackingResult } from '@ipick/contracts';
import { buildOutboundUrl, createReferralId, PLACEHOLDER_AFFILIATE_IDS } from '@ipick/core';
import { ApiError, apiFetch, lazySchema } from '@/lib/api-client';
import { outboundHref, type OutboundContext } from '../utils/outbound-link';

// The results page renders before the validation library is downloaded: it loads with the call.
const referralTrackingResultSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.referralTrackingResultSchema),
);

/**
 * `POST /api/track/referral` (spec §7 referral-tracking call). The server answers a refused
 * referral (unknown or suspended merchant, bad field) with an error status and a
 * `{ success: false, error }` body; that comes back here as a failure, not a throw.
 */
export async function trackReferral(
  request: ReferralTrackingRequest,
): Promise<ReferralTrackingResult> {
  try {
    return await apiFetch('/api/track/referral', {
      method: 'POST',
      body: request,
      schema: referralTrackingResultSchema,
    });
  } catch (error) {
    if (error instanceof ApiError)
      return { success: false, error: error.message, code: error.code };
    throw error;
  }
}

/** The offer fields a merchant click needs. */
export interface MerchantOffer {
  offerId: string;
  url: string;
  title: string;
  merchantDomain: string;
}

/**
 * Where a click on a merchant's offer goes (spec §9 "retailer links on a business domain go
 * through the referral tracking call"): through the redirect to the tracked address the call
 * returns, or, when the call fails, through the plain offer redirect (spec §8: logged, the
 * shopper is still sent on).
 */
export async function merchantOfferHref(
  offer: MerchantOffer,
  context: OutboundContext,
  sourceUrl: string,
): Promise<string> {
  // The merchant's landing carries what every outbound link does (spec §9: ref, UTM values,
  // session id, business domain, product name). A merchant's own shop is no affiliate programme,
  // so no retailer's affiliate id applies to it.
  const targetUrl = buildOutboundUrl({
    target: offer.url,
    utm: context.utm,
    sessionId: context.sessionId,
    businessDomain: offer.merchantDomain,
    productName: offer.title,
    affiliateIds: PLACEHOLDER_AFFILIATE_IDS,
  });
  try {
    const result = await trackReferral({
      referralId: createReferralId(offer.merchantDomain),
      businessDomain: offer.merchantDomain,
      targetUrl,
      sourceUrl,
      productName: offer.title,
      utmSource: context.utm?.source,
      utmMedium: context.utm?.medium,
      utmCampaign: context.utm?.campaign,
    });
    if (result.success)
      return outboundHref({ to: result.targetUrl, offerId: offer.offerId }, context);
    console.warn(`ipick: referral tracking failed (${result.code}): ${result.error}`);
  } catch (error) {
    console.warn('ipick: referral tracking failed', error);
  }
  return outboundHref({ offerId: offer.offerId }, context);
}
