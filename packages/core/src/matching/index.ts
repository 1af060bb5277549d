export {
  compactModel,
  detectBrand,
  extractAttributes,
  extractColours,
  extractConnectors,
  extractModelNumbers,
  foldText,
  normalizeBrand,
  normalizeTitle,
  tokenize,
  type NumericAttribute,
} from './normalize.ts';
export {
  FEATURE_NAMES,
  idfFromTitles,
  prepareSide,
  type IdfTable,
  type PreparedSide,
  type ProductSide,
} from './features.ts';
export {
  defaultMatcherModel,
  matchTier,
  scorePreparedPair,
  scoreProductPair,
  type MatcherModel,
  type MatchResult,
  type MatchTier,
} from './score.ts';
export { parseMatchLine } from './match-pairs.ts';
export {
  conflictFacts,
  findConflicts,
  type ConflictFacts,
  type ConflictKind,
  type ConflictListing,
  type ListingCondition,
  type ProductConflict,
} from './conflicts.ts';
export { measureText, reasonSentences } from './reason-text.ts';
