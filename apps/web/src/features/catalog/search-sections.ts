import type { Section } from '@hls/contract';
import { SEARCH_PARAM } from '@/config/paths';
import type { ProductListArgs } from './api/catalog-api';
import { sectionPages } from './catalog-trail';
import { emptyListParams, toCatalogFilter } from './list-params';

/** The sections a search from anywhere looks in, in the order the results screen shows them. */
export const searchedSections: readonly Section[] = ['book', 'professional', 'academic'];

/** How many results of each section the results screen shows; the rest is in the section's list. */
export const RESULTS_PER_SECTION = 4;

/** The first page of a section's list for a search: the request the results screen and its loader share. */
export function sectionSearchArgs(section: Section, search: string): ProductListArgs {
  return { section, filter: toCatalogFilter({ ...emptyListParams, search }), page: 1 };
}

/** The section's list filtered by the search: /book?search=…, /professionnel?search=…, /academic?search=…. */
export function sectionSearchHref(section: Section, search: string): string {
  return `${sectionPages[section].path}?${SEARCH_PARAM}=${encodeURIComponent(search)}`;
}
