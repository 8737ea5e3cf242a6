import { editionFormats, fileTypes, languages, MAX_PAGE, sortOrders } from '@hls/contract/values';
import { SEARCH_PARAM } from '@/config/paths';
import type { CatalogFilter, EditionFormat, FileType, Language, Section, SortOrder } from '@hls/contract';

/**
 * What a list screen shows, as read from and written to its URL, so that a reload or a shared link restores
 * the same page: `?search=&category=&subcategory=&type=excel,pdf&edition=&min=&max=&language=&sort=&page=`.
 * Prices are in euros in the URL (people read it) and in cents on the wire.
 */
export type ListParams = {
  search: string;
  category: number | null;
  subcategory: number | null;
  fileTypes: FileType[];
  edition: EditionFormat | null;
  /** Euros. */
  minPrice: number | null;
  /** Euros. */
  maxPrice: number | null;
  language: Language | null;
  /** null: the default order (relevance when searching, newest otherwise). */
  sort: SortOrder | null;
  page: number;
};

export const emptyListParams: ListParams = {
  search: '',
  category: null,
  subcategory: null,
  fileTypes: [],
  edition: null,
  minPrice: null,
  maxPrice: null,
  language: null,
  sort: null,
  page: 1,
};

/** Which filters a section offers: file types for files, editions for books, prices where products are paid. */
export function sectionFilters(section: Section) {
  return {
    fileType: section !== 'book',
    edition: section === 'book',
    price: section !== 'academic',
  };
}

function positiveInt(value: string | null, max = 2_147_483_647): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

function euros(value: string | null): number | null {
  if (!value || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const n = Number(value);
  return n <= 1_000_000 ? n : null;
}

function oneOf<T extends string>(options: readonly T[], value: string | null): T | null {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : null;
}

function sortFor(section: Section, sort: SortOrder | null): SortOrder | null {
  const byPrice = sort === 'price_asc' || sort === 'price_desc';
  return byPrice && !sectionFilters(section).price ? null : sort;
}

/** The search text of a URL's query: trimmed, at most 100 characters. */
export function readSearch(params: URLSearchParams): string {
  return (params.get(SEARCH_PARAM) ?? '').trim().slice(0, 100);
}

/** Reads the URL leniently: a value that makes no sense is dropped instead of failing the whole page. */
export function parseListParams(params: URLSearchParams, section: Section): ListParams {
  const offered = sectionFilters(section);
  const category = positiveInt(params.get('category'));
  let minPrice = offered.price ? euros(params.get('min')) : null;
  let maxPrice = offered.price ? euros(params.get('max')) : null;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const types = offered.fileType
    ? (params.get('type') ?? '')
        .split(',')
        .map((value) => oneOf(fileTypes, value.trim()))
        .filter((value): value is FileType => value !== null)
    : [];
  return {
    search: readSearch(params),
    category,
    subcategory: category === null ? null : positiveInt(params.get('subcategory')),
    fileTypes: [...new Set(types)],
    edition: offered.edition ? oneOf(editionFormats, params.get('edition')) : null,
    minPrice,
    maxPrice,
    language: oneOf(languages, params.get('language')),
    sort: sortFor(section, oneOf(sortOrders, params.get('sort'))),
    page: positiveInt(params.get('page'), MAX_PAGE) ?? 1,
  };
}

/** The URL query of a list state; defaults are left out so links stay short. */
export function toSearchParams(state: ListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(SEARCH_PARAM, state.search);
  if (state.category !== null) params.set('category', String(state.category));
  if (state.category !== null && state.subcategory !== null)
    params.set('subcategory', String(state.subcategory));
  if (state.fileTypes.length > 0) params.set('type', state.fileTypes.join(','));
  if (state.edition) params.set('edition', state.edition);
  if (state.minPrice !== null) params.set('min', String(state.minPrice));
  if (state.maxPrice !== null) params.set('max', String(state.maxPrice));
  if (state.language) params.set('language', state.language);
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The order actually applied: relevance only makes sense with a search text. */
export function effectiveSort(state: Pick<ListParams, 'search' | 'sort'>): SortOrder {
  if (state.sort === 'relevance' && !state.search) return 'newest';
  return state.sort ?? (state.search ? 'relevance' : 'newest');
}

/** The POST body of the list call. */
export function toCatalogFilter(state: ListParams): CatalogFilter {
  const filter: CatalogFilter = { sort: effectiveSort(state) };
  if (state.search) filter.search = state.search;
  if (state.category !== null) filter.category = state.category;
  if (state.category !== null && state.subcategory !== null) filter.subcategory = state.subcategory;
  if (state.fileTypes.length > 0) filter.fileType = state.fileTypes;
  if (state.edition) filter.edition = state.edition;
  if (state.minPrice !== null) filter.minPrice = Math.round(state.minPrice * 100);
  if (state.maxPrice !== null) filter.maxPrice = Math.round(state.maxPrice * 100);
  if (state.language) filter.language = state.language;
  return filter;
}

/** True when anything narrows the list (the empty state then offers to reset). */
export function hasActiveFilters(state: ListParams): boolean {
  return (
    state.search !== '' ||
    state.category !== null ||
    state.fileTypes.length > 0 ||
    state.edition !== null ||
    state.minPrice !== null ||
    state.maxPrice !== null ||
    state.language !== null
  );
}

/** A new state after a filter change: back to the first page, and no subcategory of another category. */
export function withChange(state: ListParams, change: Partial<ListParams>): ListParams {
  const next = { ...state, page: 1, ...change };
  if ('category' in change && change.category !== state.category) next.subcategory = null;
  return next;
}
