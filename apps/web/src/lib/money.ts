/** Price after a percent discount; the discount applies only when it is greater than 0 (SPEC §5). Amounts in cents. */
export function discountedPrice(priceCents: number, discountPercent: number): number {
  if (!(discountPercent > 0)) return priceCents;
  return Math.round((priceCents * (100 - discountPercent)) / 100);
}

export function formatMoney(cents: number, locale: string, currency = 'EUR'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
