/** The app's pages come from the contract: the router, the sitemap and the e-mailed links read one list. */
export { pageViewPath, paths, productPath, SEARCH_PARAM } from '@hls/contract/paths';
export type { PageName } from '@hls/contract/paths';
