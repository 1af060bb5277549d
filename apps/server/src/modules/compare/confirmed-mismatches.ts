/**
 * The listings an admin confirmed are another product than the pasted one (a shopper's report
 * of a wrong match, issue 18): their offer ids. The pasted product is named by its catalog offer
 * when the comparison knows it, and by its link.
 */
export type ConfirmedMismatchLookup = (pasted: {
  offerId: string | null;
  url: string;
}) => Promise<ReadonlySet<string>>;

/** Shown among the reasons of a listing that is no longer called the same product, and why. */
export const CONFIRMED_MISMATCH_REASON = 'Checked by ipick: a different product';
