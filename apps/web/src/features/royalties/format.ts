// Building an Intl formatter costs far more than using one: a report formats a rate per row.
const percents = new Map<string, Intl.NumberFormat>();
const months = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

/** A rate in basis points as a percentage of the locale: 2500 → "25 %" / "25%", 1250 → "12,5 %". */
export function formatRate(rateBp: number, locale: string): string {
  let format = percents.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    percents.set(locale, format);
  }
  return format.format(rateBp / 10_000);
}

/** A month (YYYY-MM) as the locale names it: "November 2026" / "novembre 2026", or "Nov 2026" when short. */
export function formatMonth(month: string, locale: string, style: 'long' | 'short' = 'long'): string {
  const key = `${locale}|${style}`;
  let format = months.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' });
    months.set(key, format);
  }
  const [year, monthIndex] = month.split('-').map(Number);
  if (!year || !monthIndex) return month;
  return format.format(new Date(Date.UTC(year, monthIndex - 1, 1)));
}

/** Today as an ISO day in the browser's time zone (what a date input shows and takes). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The month (YYYY-MM) before the given day's month: the last complete month, the statement most asked for. */
export function previousMonth(now: Date = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * A percentage typed by an admin ("27,5", "27.5 %", "30") as basis points; null when it is not a rate from 0 to
 * 100 % with at most two decimals.
 */
export function percentToBp(input: string): number | null {
  const text = input.replace(/\s|%/g, '').replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const bp = Math.round(Number(text) * 100);
  return bp >= 0 && bp <= 10_000 ? bp : null;
}

/** A day in a report's row, short: "3 Dec 2026" / "3 déc. 2026" (the long form wraps in a narrow column). */
export function formatDay(iso: string, locale: string): string {
  let format = days.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    days.set(locale, format);
  }
  return format.format(new Date(iso));
}
