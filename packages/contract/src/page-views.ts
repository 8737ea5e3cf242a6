import { pageViewPath, paths } from './paths.ts';

/** The one bucket every address that is no page of the web app is counted in. */
export const NOT_FOUND_PAGE_VIEW = '(not found)';

/** Product pages are counted per product; the other pages' parameters (an order, a submission) are dropped. */
const perProductPages: readonly string[] = [paths.book.path, paths.file.path];
/** A product id as the API takes it: a positive PostgreSQL integer. */
const PRODUCT_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2 ** 31 - 1;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

// A fixed address wins over a pattern of the same length.
const pages = [...new Set(Object.values(paths).map((page) => page.path))]
  .sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')))
  .map((path) => ({ path, segments: segmentsOf(path.toLowerCase()) }));

/**
 * The path a page view is counted under: the page of the web app the address shows (its router's pattern, as
 * `paths` lists them, matched like the router: whatever the case and a trailing slash), a product page with
 * its id, anything else `NOT_FOUND_PAGE_VIEW`. So the counters hold at most one row per page and product a day,
 * whatever addresses are sent; secrets, query strings and fragments go first (`pageViewPath`).
 */
export function countedPageView(pathname: string): string {
  const segments = segmentsOf(pageViewPath(pathname));
  for (const page of pages) {
    if (page.segments.length !== segments.length) continue;
    let id: string | undefined;
    const matches = page.segments.every((expected, index) => {
      const actual = segments[index]!;
      if (!expected.startsWith(':')) return expected === actual.toLowerCase();
      id = actual;
      return true;
    });
    if (!matches) continue;
    if (!perProductPages.includes(page.path)) return page.path;
    if (id === undefined || !PRODUCT_ID.test(id) || Number(id) > MAX_ID) return NOT_FOUND_PAGE_VIEW;
    return page.path.replace(/:[^/]+/, id);
  }
  return NOT_FOUND_PAGE_VIEW;
}
