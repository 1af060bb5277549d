import { randomUUID } from 'node:crypto';
import type { CompareResponse, ComparedOffer, ComparedProduct } from '@ipick/contracts';
import {
  checkProductUrl,
  compareByTotal,
  currencyOfHost,
  shopNameOfHost,
  conflictFacts,
  findConflicts,
  matchTier,
  parseRetailerUrl,
  RETAILERS,
  prepareSide,
  reasonSentences,
  scorePreparedPair,
  totalSavings,
  trigramSimilarity,
  trigramsOf,
  type ConflictFacts,
  type ConflictKind,
  type MatchTier,
  type ParsedRetailerUrl,
  type PreparedSide,
} from '@ipick/core';
import { AppError } from '../../platform/errors.ts';
import type { ProductPageReader } from '../catalog/product-page-reader.ts';
import type { CompareRepository, OfferView } from './compare-repository.ts';
import { CONFIRMED_MISMATCH_REASON, type ConfirmedMismatchLookup } from './confirmed-mismatches.ts';
import type { MerchantDomainLookup } from './merchant-domains.ts';
import { PreparedOffers } from './prepared-offers.ts';

/** Alternatives must be at least this close to the pasted product to be shown. */
const ALTERNATIVE_MIN_SCORE = 0.15;
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
        ...saved.sameProduct.filter(isMismatch).map((offer) => ({
          ...offer,
          tier: 'similar' as const,
          evidenceTier: 'similar' as const,
          reasons: [CONFIRMED_MISMATCH_REASON, ...offer.reasons],
        })),
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
    // A shop a shopper knows by name is called by it ("Amazon", "B&H Photo"), never "amazon".
    const shopName = shopNameOfHost(link.host);
    const unknownShop = isKnownShop
      ? null
      : `${shopName ?? link.host} is not one of the shops ipick compares.`;

    try {
      const read = await this.#pageReader.read(url);
      const offer = await this.#repository.findOfferByUrl(read.offer.url);
      if (offer) {
        const notice = unknownShop ? `${unknownShop} ipick read the product from its page.` : null;
        return { product: toProduct(offer, 'page'), offer, notice };
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // No dead end (issue 5): fall back to the words of the link and say why. A shop the
      // shopper knows exists is not "a website ipick couldn't find": ipick could not read it.
      const why = shopName
        ? [`ipick couldn't read this ${shopName} page`, unknownShop]
        : [unknownShop, error.message];
      // A shop's article number in the slug (IKEA's "…-80275887") is not part of the name.
      const words = link.titleWords.filter((word) => !/^\d{6,}$/.test(word)).join(' ');
      if (words.length < 3)
        throw new AppError('not_found', unreadableLinkMessage(link, shopName, why));
      return {
        product: {
          title: words,
          brand: null,
          gtin: null,
          mpn: null,
          priceMinor: null,
          // A country store prices in its own currency (amazon.co.uk: GBP), a named US one in USD.
          currency: currencyOfHost(link.host) ?? (link.retailer ? 'USD' : null),
          retailer: link.retailer ?? link.host,
          retailerName: shopName ?? link.host,
          url: link.canonicalUrl,
          image: null,
          // Nothing tells a link's words apart by kind: the card shows a neutral drawing.
          category: null,
          source: 'link',
          shippingMinor: null,
          condition: null,
        },
        offer: null,
        notice: shopName
          ? sentences(`${why[0]!}, so it compared the product's name from the link.`, why[1])
          : sentences(...why, "ipick compared the product's name from the link instead."),
      };
    }
    throw new AppError('not_found', 'That page does not describe a product ipick can read.');
  }

  /**
   * Offers with titles like the product's. Words taken from a link are looked up without those
   * no listing has: a shop's slug adds words of its own ("hands free", a model the catalog
   * lacks) that match nothing and would hide the offers its other words find (issue 19: the same
   * words give the same offers whatever shop the link came from).
   */
  async #offersWithSimilarTitles(product: ComparedProduct): Promise<OfferView[]> {
    if (product.source !== 'link') return this.#repository.offersWithSimilarTitles(product.title);
    const known = await this.#repository.knownTitleWords(product.title);
    return this.#repository.offersWithSimilarTitles(known.length >= 3 ? known : product.title);
  }

  async #findOffers(pasted: PastedProduct, requestId: string): Promise<CompareResponse> {
    const { product, offer } = pasted;
    const pastedSide = prepareSide({
      title: product.title,
      brand: product.brand,
      model: product.mpn,
    });
    const pastedFacts = conflictFacts({
      title: product.title,
      condition: product.condition,
      side: pastedSide,
    });
    // The pasted title's trigrams, read once for all the same brand's candidates.
    let pastedGrams: ReturnType<typeof trigramsOf> | undefined;
    const pastedTrigrams = () => (pastedGrams ??= trigramsOf(product.title));
    const candidates = new Map<string, Candidate>();
    const consider = (candidate: Candidate) => {
      const { offer: found } = candidate;
      if (found.id === offer?.id) return;
      if (offer && found.retailerId === offer.retailerId && found.productId === offer.productId)
        return;
      // A pair an admin confirmed wrong is never the same product again (issue 18).
      if (mismatched.has(found.id)) {
        candidate = {
          ...candidate,
          evidenceTier: 'similar',
          evidence: [CONFIRMED_MISMATCH_REASON, ...candidate.evidence],
        };
      }
      const previous = candidates.get(found.id);
      if (
        !previous ||
        TIER_RANK[candidate.evidenceTier] < TIER_RANK[previous.evidenceTier] ||
        (candidate.evidenceTier === previous.evidenceTier &&
          candidate.confidence > previous.confidence)
      )
        candidates.set(found.id, candidate);
    };

    // The look-ups are independent: on PostgreSQL they run side by side.
    const [ofProduct, withGtin, withSimilarTitles, mismatched, catalogIdf] = await Promise.all([
      offer?.productId ? this.#repository.offersOfProduct(offer.productId, offer.id) : [],
      product.gtin ? this.#repository.offersWithGtin(product.gtin) : [],
      this.#offersWithSimilarTitles(product),
      this.#confirmedMismatches({ offerId: offer?.id ?? null, url: product.url }),
      this.#repository.catalogIdf(),
    ]);
    // A catalog link or a shared GTIN is the same product unless a hard difference says not.
    for (const candidate of ofProduct) {
      const evidence =
        candidate.gtin && candidate.gtin === offer?.gtin
          ? gtinSentence(candidate.gtin)
          : "Listed as the same product in ipick's catalog";
      consider({
        offer: candidate,
        evidenceTier: 'same',
        confidence: 1,
        closeness: 1,
        evidence: [evidence],
      });
    }
    for (const candidate of withGtin) {
      consider({
        offer: candidate,
        evidenceTier: 'same',
        confidence: 1,
        closeness: 1,
        evidence: [gtinSentence(product.gtin!)],
      });
    }
    for (const candidate of withSimilarTitles) {
      if (candidates.get(candidate.id)?.evidenceTier === 'same') continue;
      const candidateSide = sideOf(candidate);
      // Words weigh by how rare they are in this catalog, as the matcher was trained to read
      // them (each source with its own listings' rarity; docs/benchmarks.md).
      const match = scorePreparedPair(
        pastedSide,
        candidateSide,
        undefined,
        false,
        catalogIdf ?? undefined,
      );
      // The matcher's score is the chance that it is the very product: another colour or size,
      // or the next model of the brand, scores low, and as alternatives they are the closest
      // there are.
      // The pasted product in another size or colour is the closest alternative there is.
      const closeness = isVariantOf(
        product.title,
        pastedSide,
        pastedFacts,
        candidate,
        candidateSide,
      )
        ? VARIANT_CLOSENESS
        : alternativeCloseness(product.title, pastedTrigrams, pastedSide, candidate, candidateSide);
      if (Math.max(match.score, closeness) < ALTERNATIVE_MIN_SCORE) continue;
      consider({
        offer: candidate,
        evidenceTier: matchTier(match.score),
        confidence: match.score,
        closeness: Math.max(match.score, closeness),
        evidence: [],
        matcherReasons: match.reasons,
      });
    }

    const hostOf = (entry: { offer: OfferView }) => hostOfUrl(entry.offer.url);
    const merchants = await this.#merchantDomains([
      ...new Set([...candidates.values()].map(hostOf).filter((host) => host !== null)),
    ]);
    const present = (entry: Candidate): ComparedOffer => {
      const found = entry.offer;
      // Hard differences run whatever the evidence: a 43" TV is not the 85" one, a refurbished
      // unit not the new one (issue 19).
      const differences = findConflicts(preparedOffers.factsOf(found), pastedFacts);
      return {
        offerId: found.id,
        title: found.title,
        retailer: found.retailerKey,
        retailerName: found.retailerName,
        url: found.url,
        priceMinor: found.priceMinor,
        currency: found.currency,
        availability: found.availability,
        condition: found.condition,
        category: found.category,
        savingsMinor: totalSavings(product, found),
        shippingMinor: found.shippingMinor,
        confidence: Math.round(entry.confidence * 1000) / 1000,
        tier: differences.length > 0 ? 'similar' : entry.evidenceTier,
        evidenceTier: entry.evidenceTier,
        differences,
        reasons: reasonSentences(
          differences,
          entry.evidence,
          entry.matcherReasons,
          pastedSide.brand,
          [found.title, product.title],
        ),
        merchantDomain: merchants.get(hostOf(entry) ?? '') ?? null,
      };
    };
    const presented = [...candidates.values()]
      .sort((a, b) => b.closeness - a.closeness || b.confidence - a.confidence)
      .map(present);
    const byTotal = (a: ComparedOffer, b: ComparedOffer) =>
      compareByTotal(a, b, product.currency) || b.confidence - a.confidence;
    const sameProduct = presented.filter((entry) => entry.tier !== 'similar').sort(byTotal);
    // The closest alternatives, the same model with a hard difference first (closeness 1).
    const alternatives = presented
      .filter((entry) => entry.tier === 'similar')
      .slice(0, MAX_ALTERNATIVES)
      .sort(byTotal);
    const notices = [pasted.notice, currencyNotice(product, [...sameProduct, ...alternatives])];
    return {
      requestId,
      product,
      sameProduct,
      alternatives,
      notice: notices.filter((notice) => notice !== null).join(' ') || null,
    };
  }
}

/** Best first: what a listing's evidence makes it before hard differences. */
const TIER_RANK: Record<MatchTier, number> = { same: 0, probable: 1, similar: 2 };

/** A listing found for the pasted product, with what says it is the same (or close). */
interface Candidate {
  offer: OfferView;
  evidenceTier: MatchTier;
  confidence: number;
  /** How close an alternative it is (0..1): the score, or a like title of the same brand. */
  closeness: number;
  /** The comparison's own sentences: a shared GTIN, a catalog link. */
  evidence: string[];
  /** The matcher's reasons, for a listing found by its title. */
  matcherReasons?: string[];
}

/** Differences that make another variant of one product line, not another product. */
const VARIANT_KINDS: ReadonlySet<ConflictKind> = new Set([
  'size',
  'capacity',
  'quantity',
  'colour',
  'connector',
  'condition',
  'region',
  'variant',
]);

/** Whether a listing is the pasted product in another variant: same brand, only such differences. */
function isVariantOf(
  pastedTitle: string,
  pastedSide: PreparedSide,
  pastedFacts: ConflictFacts,
  offer: OfferView,
  side: PreparedSide,
): boolean {
  if (!isSameBrandProduct(pastedTitle, pastedSide, offer, side)) return false;
  const differences = findConflicts(preparedOffers.factsOf(offer), pastedFacts);
  return (
    differences.length > 0 && differences.every((difference) => VARIANT_KINDS.has(difference.kind))
  );
}

/** How close an alternative the pasted product in another variant is: after a GTIN's (1). */
const VARIANT_CLOSENESS = 0.9;

/** How alike a same-brand title must be (pg_trgm similarity) to be an alternative on its own. */
const SIBLING_MIN_SIMILARITY = 0.4;

/** Words of an accessory's title: a case "for" a phone is no alternative to the phone. */
const ACCESSORY_WORDS = /\b(?:for|compatible with|fits)\b/i;

/** A listing of the pasted product's brand that is not an accessory for it. */
function isSameBrandProduct(
  pastedTitle: string,
  pastedSide: PreparedSide,
  offer: OfferView,
  side: PreparedSide,
): boolean {
  if (pastedSide.brand === null || side.brand !== pastedSide.brand) return false;
  return !ACCESSORY_WORDS.test(offer.title) || ACCESSORY_WORDS.test(pastedTitle);
}

/**
 * How close an alternative a listing found by its title is, apart from the matcher's score:
 * another model of the brand with a title much like the pasted one's (the WH-1000XM6 for the
 * WH-1000XM5) is as close as its title similarity; anything else, 0.
 */
function alternativeCloseness(
  pastedTitle: string,
  pastedTrigrams: () => ReturnType<typeof trigramsOf>,
  pastedSide: PreparedSide,
  offer: OfferView,
  side: PreparedSide,
): number {
  if (!isSameBrandProduct(pastedTitle, pastedSide, offer, side)) return 0;
  const similarity = trigramSimilarity(pastedTrigrams(), trigramsOf(offer.title));
  return similarity >= SIBLING_MIN_SIMILARITY ? similarity : 0;
}

function gtinSentence(gtin: string): string {
  return `Same barcode (GTIN ${gtin})`;
}

/**
 * When the pasted product's prices are in a currency none of the offers use (a link to
 * amazon.co.uk), nothing can be called cheaper: say so rather than leave the shopper guessing.
 */
function currencyNotice(product: ComparedProduct, offers: readonly ComparedOffer[]): string | null {
  const currency = product.currency;
  if (!currency || offers.length === 0) return null;
  if (offers.some((offer) => offer.currency === currency)) return null;
  const others = [
    ...new Set(offers.map((offer) => offer.currency).filter((code) => code !== null)),
  ].map(currencyName);
  const theirs = others.length > 0 ? `: the prices below are in ${others.join(' and ')}` : '';
  return `ipick has no offers in ${currencyName(currency)} for this product, so it does not compare prices with yours${theirs}.`;
}

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

/** "British Pound (GBP)". */
function currencyName(code: string): string {
  const name = currencyNames.of(code);
  return name && name !== code ? `${name} (${code})` : code;
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

function hostOfUrl(url: string): string | null {
  try {
    // With its port: a merchant may have verified a shop on one.
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Why a link cannot be compared when its page could not be read (`why`: for a named shop, that
 * ipick could not read its page; else the fetch's own reason) and its words name no product. A
 * shop's product id is a product, just not one the catalog has.
 */
export function unreadableLinkMessage(
  link: ParsedRetailerUrl,
  shopName: string | null,
  why: readonly (string | null)[],
): string {
  const reason = shopName
    ? sentences(`${why[0]!}, and its link doesn't name the product.`, why[1] ?? null)
    : sentences(...why);
  if (link.retailer && link.productId) {
    return `${reason} ipick's catalog does not have this ${RETAILERS[link.retailer].name} product (${link.productId}) yet.`;
  }
  return shopName ? reason : `${reason} The link itself does not name a product either.`;
}

/** The sentences given, in order, without the missing ones. */
function sentences(...parts: (string | null | undefined)[]): string {
  return parts.filter((part) => part).join(' ');
}

/** Shared by every comparison of the process: a prepared view depends only on the offer. */
const preparedOffers = new PreparedOffers();

function sideOf(offer: OfferView): PreparedSide {
  return preparedOffers.of(offer);
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
    category: offer.category,
    source,
    shippingMinor: offer.shippingMinor,
    condition: offer.condition,
  };
}
