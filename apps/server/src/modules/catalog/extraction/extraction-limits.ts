/**
 * Bounds that keep extraction fast and safe on any input (issue 4, "Bad input"): a page is
 * attacker-controlled text, so every loop over it has a ceiling.
 */
export const extractionLimits = {
  /** Characters of HTML parsed; the rest of a larger page is ignored. */
  maxHtmlChars: 3_000_000,
  /** Open elements nested deeper than this are dropped (their text is kept). */
  maxTreeDepth: 256,
  /** Elements built; past it only <script>, <meta>, <link> and <title> are kept. */
  maxElements: 200_000,
  maxAttributesPerElement: 64,
  maxAttributeChars: 16_384,
  /** JSON-LD blocks read, and characters read from each. */
  maxJsonLdBlocks: 32,
  maxJsonLdChars: 1_000_000,
  /** Nesting read in one JSON value; deeper values become null. */
  maxJsonDepth: 48,
  maxJsonMembers: 10_000,
  /** Structured-data nodes visited while looking for products. */
  maxNodesVisited: 20_000,
  maxItemscopes: 2_000,
  maxItemprops: 10_000,
  /** Variants of a ProductGroup and offers of a product looked at. */
  maxVariants: 500,
  maxOffers: 100,
  /** Elements read per DOM-fallback rule. */
  maxFallbackCandidates: 50,
  maxSpecRows: 1_000,
  /** Characters of an embedded state blob (e.g. Target's) read. */
  maxEmbeddedStateChars: 2_000_000,
} as const;

/** Caps on the returned strings. */
export const fieldLengths = {
  title: 500,
  description: 2_000,
  brand: 200,
  category: 500,
  identifier: 100,
  url: 2_048,
  priceText: 200,
} as const;
