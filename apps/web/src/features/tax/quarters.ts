/** "2026-Q4": the quarter of a day (UTC), as the OSS return and the report name it. */
export function quarterOf(day: Date): string {
  return `${day.getUTCFullYear()}-Q${Math.floor(day.getUTCMonth() / 3) + 1}`;
}

/** The quarter of `day` and the `count - 1` before it, newest first. */
export function recentQuarters(day: Date, count = 8): string[] {
  const quarters: string[] = [];
  let year = day.getUTCFullYear();
  let q = Math.floor(day.getUTCMonth() / 3) + 1;
  for (let i = 0; i < count; i += 1) {
    quarters.push(`${year}-Q${q}`);
    q -= 1;
    if (q === 0) {
      q = 4;
      year -= 1;
    }
  }
  return quarters;
}

/** "5,5 %" / "5.5%": basis points as a percentage in the page's locale. */
export function formatRateBp(rateBp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );
}
