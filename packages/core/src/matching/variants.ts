import { disjoint, modelNumberConflict, type PreparedSide } from './features.ts';

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
  if (models) return `different model numbers: ${models[0]} vs ${models[1]}`;
  if (disjoint(left.colours, right.colours)) {
    return `different colour: ${left.colours.join('/')} vs ${right.colours.join('/')}`;
  }
  if (disjoint(left.connectors, right.connectors)) {
    return `different connector: ${left.connectors.join('/')} vs ${right.connectors.join('/')}`;
  }
  return null;
}
