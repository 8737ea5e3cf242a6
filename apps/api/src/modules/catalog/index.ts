/** What other modules, the commands and the bench may use of the catalogue besides `app.catalog`. */
export {
  mediaUrl,
  PAGE_SIZE,
  type CatalogQueries,
  type ListScope,
  type ParsedFilter,
} from './catalog.queries.ts';
export type {
  CatalogChange,
  CatalogWrites,
  NewCategory,
  NewEdition,
  NewFileAsset,
  NewProduct,
} from './catalog.service.ts';
export type { CatalogSales, SaleOffer, SaleProduct } from './catalog.sales.ts';
export type { CatalogAssets, ProductAsset } from './catalog.assets.ts';
export type { FileVersion, VersionPublished } from './catalog.versions.ts';
