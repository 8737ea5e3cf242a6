/** Money is integer cents everywhere; these are the pure price rules both sides apply. */

/** Price after a percent discount; the discount applies only when it is greater than 0 (SPEC §5). */
export function discountedPrice(priceCents: number, discountPercent: number): number {
  if (!(discountPercent > 0)) return priceCents;
  return Math.round((priceCents * (100 - discountPercent)) / 100);
}
