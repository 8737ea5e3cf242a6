/** An average of stars as a person reads it in `locale`: "4.5", "4,5", "4". */
export function formatRating(average: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(average);
}
