import { paths, SEARCH_PARAM } from '@/config/paths';

const listPaths: string[] = [
  paths.academic.getHref(),
  paths.professional.getHref(),
  paths.bookshop.getHref(),
];

/** Where the menu's search leads: on a list, that list filtered by the text; from any other page, all three sections. */
export function searchHref(pathname: string, text: string): string {
  if (!listPaths.includes(pathname)) return paths.search.getHref(text);
  return text ? `${pathname}?${SEARCH_PARAM}=${encodeURIComponent(text)}` : pathname;
}
