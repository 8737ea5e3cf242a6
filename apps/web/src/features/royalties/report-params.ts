import { MAX_PAGE } from '@hls/contract/values';

/** The detailed report's filters: dates are ISO days (inclusive), the product one of the author's. */
export type ReportFilters = { from?: string; to?: string; productId?: number };

const isoDay = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function dayFrom(value: string | null): string | undefined {
  if (!value || !isoDay.test(value)) return undefined;
  // 2026-02-31 matches the pattern but is no day: the date must read back the same.
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value ? value : undefined;
}

/** The filters and page the URL holds (a filtered report can be reloaded and shared); anything else is dropped. */
export function reportFromSearch(params: URLSearchParams): { filters: ReportFilters; page: number } {
  const from = dayFrom(params.get('from'));
  const to = dayFrom(params.get('to'));
  const product = Number(params.get('productId'));
  const page = Number(params.get('page'));
  return {
    filters: {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(Number.isInteger(product) && product > 0 && product <= 2_147_483_647 ? { productId: product } : {}),
    },
    page: Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/**
 * The URL's query for the report's filters and page, keeping what else the URL holds (the page's other
 * parameters are not the report's business).
 */
export function searchFromReport(
  filters: ReportFilters,
  page = 1,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ['from', 'to', 'productId', 'page']) params.delete(key);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.productId !== undefined) params.set('productId', String(filters.productId));
  if (page > 1) params.set('page', String(page));
  return params;
}

/** A period whose start comes after its end finds nothing: the form says so instead of asking. */
export function periodError(filters: ReportFilters): 'period.reversed' | null {
  return filters.from && filters.to && filters.from > filters.to ? 'period.reversed' : null;
}
