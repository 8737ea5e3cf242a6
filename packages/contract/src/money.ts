/** Money is integer cents everywhere; these are the pure price rules both sides apply. */

/** Price after a percent discount; the discount applies only when it is greater than 0 (SPEC §5). */
export function discountedPrice(priceCents: number, discountPercent: number): number {
  if (!(discountPercent > 0)) return priceCents;
  return Math.round((priceCents * (100 - discountPercent)) / 100);
}

/** VAT included in a price, in cents, for a rate in basis points (one rounding per line). */
export function includedVat(totalCents: number, rateBp: number): number {
  return Math.round((totalCents * rateBp) / (10_000 + rateBp));
}

/** The VAT rates of a shop, in basis points, per kind of thing a line sells. */
export type VatRates = { paper: number; ebook: number; professionalFile: number };

/** The VAT rate (basis points) of what a line sells: `paper`, `ebook` or `file` (a professional file). */
export function vatRateOf(rates: VatRates, format: 'paper' | 'ebook' | 'file'): number {
  if (format === 'paper') return rates.paper;
  if (format === 'ebook') return rates.ebook;
  return rates.professionalFile;
}

/** Royalty of a net sale at a rate in basis points: rounded once, half away from zero (integer cents). */
export function royaltyOf(netCents: number, rateBp: number): number {
  return Math.sign(netCents) * Math.round((Math.abs(netCents) * rateBp) / 10_000);
}

/**
 * What one sale earns its author (DESIGN §3): the price paid, less the VAT included in it, is the net sale; the
 * royalty is the format's rate of it, rounded once.
 */
export function saleRoyalty(sale: { paidCents: number; vatRateBp: number; royaltyRateBp: number }): {
  vatCents: number;
  netCents: number;
  royaltyCents: number;
} {
  const vatCents = includedVat(sale.paidCents, sale.vatRateBp);
  const netCents = sale.paidCents - vatCents;
  return { vatCents, netCents, royaltyCents: royaltyOf(netCents, sale.royaltyRateBp) };
}
