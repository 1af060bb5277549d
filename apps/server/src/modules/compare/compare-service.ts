import { randomUUID } from 'node:crypto';
import type { CompareResponse, ComparedOffer } from '@ipick/contracts';
import {
  checkProductUrl,
  parseRetailerUrl,
  RETAILERS,
  prepareSide,
  scorePreparedPair,
  variantDifference,
  type ParsedRetailerUrl,
  type PreparedSide,
} from '@ipick/core';
import { AppError } from '../../platform/errors.ts';
import type { ProductPageReader } from '../catalog/product-page-reader.ts';
import type { CompareRepository, OfferView } from './compare-repository.ts';
import { CONFIRMED_MISMATCH_REASON, type ConfirmedMismatchLookup } from './confirmed-mismatches.ts';
import type { MerchantDomainLookup } from './merchant-domains.ts';

/** Alternatives must be at least this close to the pasted product to be shown. */
const ALTERNATIVE_MIN_SCORE = 0.15;
/**
 * A title match is shown as the same product only from this score on; below it, it is an
 * alternative. The matcher's own threshold (0.52) favours recall; a shopper told "same product,
 * save $X" needs precision. On the benchmarks' valid splits, 0.7 instead of 0.52 raised
 * precision from 85 to 92 % (Abt-Buy), 88 to 93 % (WDC computers) and 55 to 61 %
 * (Amazon-Google), for recall of 87, 79 and 70 % instead of 91, 87 and 89 %.
 */
const SAME_PRODUCT_MIN_SCORE = 0.7;
const MAX_ALTERNATIVES = 12;

interface PastedProduct {
  product: CompareResponse['product'];
  offer: OfferView | null;
  notice: string | null;
}

/**
 * Compares a pasted product link (architecture: "The main job"): finds the product (catalog,
 * else the page, else the words of the link), the same product at other retailers (catalog
 * link, GTIN, then title candidates re-scored by the matcher), and close alternatives.
 */
export class CompareService {
  readonly #repository: CompareRepository;
  readonly #pageReader: ProductPageReader;
  readonly #merchantDomains: MerchantDomainLookup;
  readonly #confirmedMismatches: ConfirmedMismatchLookup;

  constructor(
    repository: CompareRepository,
    pageReader: ProductPageReader,
    merchantDomains: MerchantDomainLookup = async () => new Map(),
    confirmedMismatches: ConfirmedMismatchLookup = async () => new Set(),
  ) {
    this.#repository = repository;
    this.#pageReader = pageReader;
    this.#merchantDomains = merchantDomains;
    this.#confirmedMismatches = confirmedMismatches;
  }

  async compare(url: string, requestId: string = randomUUID()): Promise<CompareResponse> {
    const checked = checkProductUrl(url);
    if (!checked.ok) throw new AppError('invalid_request', `url: ${checked.reason}`);
    const pasted = await this.#resolve(checked.url.href);
    const result = await this.#findOffers(pasted, requestId);
    await this.#repository.saveResult(requestId, checked.url.href, result);
    return result;
  }

  /**
   * A comparison made before, for a reload, a new tab or the shopper's history; null when
   * unknown. It shows only offers of retailers listed now, like a new comparison: a merchant
   * suspended (or sent back to pending) since it was saved reaches no shopper through it. The
   * pasted product stays, as the shopper's own link.
   */
  async find(requestId: string): Promise<CompareResponse | null> {
    const saved = (await this.#repository.findResult(requestId)) as CompareResponse | undefined;
    if (!saved) return null;
    const retailers = new Set(
      [...saved.sameProduct, ...saved.alternatives].map((offer) => offer.retailer),
    );
    const [listed, mismatched] = await Promise.all([
      this.#repository.listedRetailerKeys([...retailers]),
      this.#confirmedMismatches({ offerId: null, url: saved.product.url }),
    ]);
    const isListed = (offer: ComparedOffer) => listed.has(offer.retailer);
    // A pair an admin confirmed wrong since it was saved is shown as similar at most (issue 18).
    const isMismatch = (offer: ComparedOffer) => mismatched.has(offer.offerId);
    return {
      ...saved,
      sameProduct: saved.sameProduct.filter((offer) => isListed(offer) && !isMismatch(offer)),
      alternatives: [
        ...saved.sameProduct
          .filter(isMismatch)
          .map((offer) => ({ ...offer, reasons: [CONFIRMED_MISMATCH_REASON, ...offer.reasons] })),
        ...saved.alternatives,
      ].filter(isListed),
    };
  }

  async #resolve(url: string): Promise<PastedProduct> {
    const link = parseRetailerUrl(url)!;
    const known =
      (link.retailer && link.productId
        ? await this.#repository.findOfferByRetailerProduct(link.retailer, link.productId)
        : undefined) ?? (await this.#repository.findOfferByUrl(link.canonicalUrl));
    if (known) return { product: toProduct(known, 'catalog'), offer: known, notice: null };
    if (link.retailer && !link.productId && isShopSectionPage(new URL(url))) {
      // A known shop's home, search or category page: fetching it could not name one product.
      throw new AppError(
        'invalid_request',
        `That is not a product page at ${RETAILERS[link.retailer].name}. Open the product itself and paste its link.`,
      );
    }
    const isKnownShop =
      link.retailer !== null || (await this.#repository.isKnownRetailerHost(link.host));
    const unknownShop = isKnownShop ? null : `${link.host} is not one of the shops ipick compares.`;

    try {
      const read = await this.#pageReader.read(url);
      const offer = await this.#repository.findOfferByUrl(read.offer.url);
      if (offer) {
        const notice = unknownShop ? `${unknownShop} ipick read the product from its page.` : null;
        return { product: toProduct(offer, 'page'), offer, notice };
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // No dead end (issue 5): fall back to the words of the link and say why.
      const words = link.titleWords.join(' ');
      const reason = unknownShop ? `${unknownShop} ${error.message}` : error.message;
      if (words.length < 3) throw new AppError('not_found', unreadableLinkMessage(link, reason));
      return {
        product: {
          title: words,
          brand: null,
          gtin: null,
          mpn: null,
          priceMinor: null,
          currency: null,
          retailer: link.retailer ?? link.host,
          retailerName: link.retailer ?? link.host,
          url: link.canonicalUrl,
          image: null,
          source: 'link',
        },
        offer: null,
        notice: `${reason} ipick compared the words of the link instead.`,
      };
    }
    throw new AppError('not_found', 'That page does not describe a product ipick can read.');
  }

  async #findOffers(pasted: PastedProduct, requestId: string): Promise<CompareResponse> {
    const { product, offer } = pasted;
    const pastedSide = prepareSide({
      title: product.title,
      brand: product.brand,
      model: product.mpn,
    });
    const candidates = new Map<
      string,
      { offer: OfferView; confidence: number; reasons: string[]; same: boolean }
    >();
    const consider = (
      candidate: OfferView,
      same: boolean,
      confidence: number,
      reasons: string[],
    ) => {
      if (candidate.id === offer?.id) return;
      // A pair an admin confirmed wrong is never the same product again (issue 18).
      if (same && mismatched.has(candidate.id)) {
        same = false;
        reasons = [CONFIRMED_MISMATCH_REASON, ...reasons];
      }
      if (
        offer &&
        candidate.retailerId === offer.retailerId &&
        candidate.productId === offer.productId
      )
        return;
      const previous = candidates.get(candidate.id);
      if (!previous || (same && !previous.same) || confidence > previous.confidence) {
        candidates.set(candidate.id, {
          offer: candidate,
          confidence,
          reasons,
          same: same || (previous?.same ?? false),
        });
      }
    };

    // The look-ups are independent: on PostgreSQL they run side by side.
    const [ofProduct, withGtin, withSimilarTitles, mismatched] = await Promise.all([
      offer?.productId ? this.#repository.offersOfProduct(offer.productId, offer.id) : [],
      product.gtin ? this.#repository.offersWithGtin(product.gtin) : [],
      this.#repository.offersWithSimilarTitles(product.title),
      this.#confirmedMismatches({ offerId: offer?.id ?? null, url: product.url }),
    ]);
    for (const candidate of ofProduct) {
      const reason =
        candidate.gtin && candidate.gtin === offer?.gtin
          ? `same GTIN ${offer.gtin}`
          : 'same product in the catalog';
      consider(candidate, true, 1, [reason]);
    }
    for (const candidate of withGtin) {
      consider(candidate, true, 1, [`same GTIN ${product.gtin}`]);
    }
    for (const candidate of withSimilarTitles) {
      if (candidates.get(candidate.id)?.same) continue;
      const candidateSide = sideOf(candidate);
      const match = scorePreparedPair(pastedSide, candidateSide);
      // Another model number, colour or connector: an alternative, not the same product.
      const difference = variantDifference(pastedSide, candidateSide);
      const reasons =
        difference === null || match.reasons.includes(difference)
          ? match.reasons
          : [difference, ...match.reasons];
      if (match.isMatch && match.score >= SAME_PRODUCT_MIN_SCORE && difference === null)
        consider(candidate, true, match.score, reasons);
      else if (match.score >= ALTERNATIVE_MIN_SCORE)
        consider(candidate, false, match.score, reasons);
    }

    const hostOf = (entry: { offer: OfferView }) => hostOfUrl(entry.offer.url);
    const merchants = await this.#merchantDomains([
      ...new Set([...candidates.values()].map(hostOf).filter((host) => host !== null)),
    ]);
    const present = (entry: {
      offer: OfferView;
      confidence: number;
      reasons: string[];
    }): ComparedOffer => ({
      offerId: entry.offer.id,
      title: entry.offer.title,
      retailer: entry.offer.retailerKey,
      retailerName: entry.offer.retailerName,
      url: entry.offer.url,
      priceMinor: entry.offer.priceMinor,
      currency: entry.offer.currency,
      availability: entry.offer.availability,
      condition: entry.offer.condition,
      // Prices only, as the page shows them; shipping is shown beside the price.
      savingsMinor:
        product.priceMinor !== null &&
        entry.offer.priceMinor !== null &&
        entry.offer.currency === product.currency
          ? product.priceMinor - entry.offer.priceMinor
          : null,
      shippingMinor: entry.offer.shippingMinor,
      confidence: Math.round(entry.confidence * 1000) / 1000,
      reasons: entry.reasons,
      merchantDomain: merchants.get(hostOf(entry) ?? '') ?? null,
    });
    const all = [...candidates.values()];
    const sameProduct = all
      .filter((entry) => entry.same)
      .sort(
        (a, b) =>
          (totalOf(a.offer) || Number.MAX_SAFE_INTEGER) -
          (totalOf(b.offer) || Number.MAX_SAFE_INTEGER),
      )
      .map(present);
    const alternatives = all
      .filter((entry) => !entry.same)
      .sort((a, b) => b.confidence - a.confidence)
      .slice(0, MAX_ALTERNATIVES)
      .map(present);
    return { requestId, product, sameProduct, alternatives, notice: pasted.notice };
  }
}

/** First path segments of shops' home, search, category and account pages. */
const SHOP_SECTIONS = new Set([
  's',
  'search',
  'b',
  'browse',
  'c',
  'cp',
  'category',
  'categories',
  'deals',
  'cart',
  'account',
  'help',
]);

/** A shop's home, search or category page: it could not name one product. */
function isShopSectionPage(url: URL): boolean {
  const segments = url.pathname.split('/').filter(Boolean);
  const first = segments[0]?.toLowerCase() ?? '';
  return segments.length === 0 || SHOP_SECTIONS.has(first) || /searchpage/i.test(url.pathname);
}

/** Price plus known shipping: what the same product elsewhere is ordered by. */
function totalOf(offer: OfferView): number {
  return (offer.priceMinor ?? 0) + (offer.shippingMinor ?? 0);
}

function hostOfUrl(url: string): string | null {
  try {
    // With its port: a merchant may have verified a shop on one.
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Why a link cannot be compared when its page could not be read (`reason`) and its words name
 * no product. A shop's product id is a product, just not one the catalog has.
 */
export function unreadableLinkMessage(link: ParsedRetailerUrl, reason: string): string {
  if (link.retailer && link.productId) {
    return `${reason} ipick's catalog does not have this ${RETAILERS[link.retailer].name} product (${link.productId}) yet.`;
  }
  return `${reason} The link itself does not name a product either.`;
}

function sideOf(offer: OfferView): PreparedSide {
  return prepareSide({
    title: offer.title,
    brand: offer.brand,
    model: offer.mpn,
    category: offer.category,
  });
}

function toProduct(offer: OfferView, source: 'catalog' | 'page'): CompareResponse['product'] {
  return {
    title: offer.title,
    brand: offer.brand,
    gtin: offer.gtin,
    mpn: offer.mpn,
    priceMinor: offer.priceMinor,
    currency: offer.currency,
    retailer: offer.retailerKey,
    retailerName: offer.retailerName,
    url: offer.url,
    image: offer.imageUrl,
    source,
  };
}
