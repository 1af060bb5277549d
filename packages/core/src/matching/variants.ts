import { differenceReason, disjoint, modelNumberConflict, type PreparedSide } from './features.ts';

/**
 * Why two listings are different variants of one product (or different products), or null when
 * nothing says so: both name model numbers and none agree, both titles name a colour and they
 * share none, or both name a connector and they share none (AirPods Max with Lightning vs with
 * USB-C). A shopper asking for "the same product" means the same variant; another one is a close
 * alternative, however alike the titles read. The matcher weighs these as evidence among others
 * (benchmark listings of one product often differ in them); the comparison treats them as final.
 */
export function variantDifference(left: PreparedSide, right: PreparedSide): string | null {
  const models = modelNumberConflict(left, right);
  if (models) return differenceReason('model numbers', [models[0]], [models[1]]);
  if (disjoint(left.colours, right.colours)) {
    return differenceReason('colour', left.colours, right.colours);
  }
  if (disjoint(left.connectors, right.connectors)) {
    return differenceReason('connector', left.connectors, right.connectors);
  }
  return null;
}
