import { royaltyFormats } from '@hls/contract/values';
import type { RoyaltyFormat, RoyaltyMonth } from '@hls/contract';

/** The chart shows at most the last two years; the table beside it has every month. */
export const CHART_MONTHS = 24;

/** A month with an entry: some format earned or lost something (a refund may bring the total to zero). */
const hasRoyalties = (month: RoyaltyMonth) => royaltyFormats.some((format) => month[format] !== 0);

export const monthTotal = (month: RoyaltyMonth) => month.paper + month.ebook + month.professional_file;

/** The month after a YYYY-MM month. */
function nextMonth(month: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The months from the first one with royalties to the last one given, in order, a month without sales counted as
 * zero (a chart with gaps left out would put two distant months side by side).
 */
export function continuousMonths(monthly: RoyaltyMonth[]): RoyaltyMonth[] {
  const sorted = [...monthly].sort((a, b) => a.month.localeCompare(b.month));
  // The months before the first sale say nothing: the chart starts with it.
  const start = sorted.findIndex(hasRoyalties);
  if (start === -1) return [];
  sorted.splice(0, start);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return [];
  const byMonth = new Map(sorted.map((m) => [m.month, m]));
  const months: RoyaltyMonth[] = [];
  for (let month = first.month; month <= last.month; month = nextMonth(month))
    months.push(byMonth.get(month) ?? { month, paper: 0, ebook: 0, professional_file: 0 });
  return months;
}

/** The formats that have earned (or lost) something in these months: the others need no bar nor legend. */
export function formatsWithEarnings(months: RoyaltyMonth[]): RoyaltyFormat[] {
  return royaltyFormats.filter((format) => months.some((m) => m[format] !== 0));
}

/** At most this many months in the statement picker (three years). */
const STATEMENT_MONTHS = 36;

/** Every month from the first one with royalties to the current one, newest first. */
export function statementMonths(monthly: RoyaltyMonth[], now: Date = new Date()): string[] {
  const current = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  const first = continuousMonths(monthly)[0]?.month ?? current;
  const months: string[] = [];
  const cursor = new Date(now.getFullYear(), now.getMonth(), 1);
  while (months.length < STATEMENT_MONTHS) {
    const month = `${cursor.getFullYear()}-${String(cursor.getMonth() + 1).padStart(2, '0')}`;
    months.push(month);
    if (month <= first) break;
    cursor.setMonth(cursor.getMonth() - 1);
  }
  return months;
}
