import { inArray, sql } from 'drizzle-orm';
import type { AssetFileType, ProductKind, ProductStatus, Section } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import { assetValues, type NewFileAsset } from './catalog.product-input.ts';
import { fileAssets, products } from './catalog.tables.ts';
import {
  currentVersionQuery,
  recordVersion,
  versionsOf,
  versionsSince,
  type VersionHook,
} from './catalog.versions.ts';

/**
 * The file a product delivers: a professional or academic file's asset, or a book's ebook (its PDF, a
 * file_assets row on the book's product).
 */
export type ProductAsset = {
  productId: number;
  kind: ProductKind;
  section: Section;
  status: ProductStatus;
  title: string;
  /** Files: the list price (0 for academic files); books: the cheapest edition's. */
  priceCents: number;
  fileType: AssetFileType;
  storageKey: string;
  originalName: string;
  mime: string;
  sizeBytes: number;
  sha256: string;
  pages: number | null;
};

export function createCatalogAssets(deps: {
  db: Db;
  transaction: AppTransaction;
  /** Run in the transaction that records a new version (shared with the writes; `onVersioned` adds to it). */
  versionHooks: VersionHook[];
}) {
  async function forProducts(
    productIds: number[],
    within?: AppTxContext,
  ): Promise<Map<number, ProductAsset>> {
    const ids = [...new Set(productIds)];
    const found = new Map<number, ProductAsset>();
    if (ids.length === 0) return found;
    const rows = await (within?.tx ?? deps.db)
      .select({
        productId: products.id,
        kind: products.kind,
        section: products.section,
        status: products.status,
        title: products.title,
        priceCents: products.priceCents,
        fileType: fileAssets.fileType,
        storageKey: fileAssets.storageKey,
        originalName: fileAssets.originalName,
        mime: fileAssets.mime,
        sizeBytes: fileAssets.sizeBytes,
        sha256: fileAssets.sha256,
        pages: fileAssets.pages,
      })
      .from(fileAssets)
      .innerJoin(products, sql`${products.id} = ${fileAssets.productId}`)
      .where(inArray(fileAssets.productId, ids));
    for (const row of rows) found.set(row.productId, row);
    return found;
  }

  return {
    forProducts,
    /** The product's downloadable file, in the caller's transaction if any; undefined when it has none. */
    async forProduct(productId: number, within?: AppTxContext): Promise<ProductAsset | undefined> {
      return (await forProducts([productId], within)).get(productId);
    },
    /** Every published version of these products' files, oldest first (the last is the one sold). */
    versions: (productIds: number[], within?: AppTxContext) => versionsOf(within?.tx ?? deps.db, productIds),
    /** The current version of a product's file as a query, for a statement of the caller's (`WITH`). */
    currentVersion: currentVersionQuery,
    /**
     * Runs `hook` in the transaction of every new version (2 and later) of a product's file, whichever write
     * records it; returns the function that stops it.
     */
    onVersioned(hook: VersionHook): () => void {
      deps.versionHooks.push(hook);
      return () => {
        const at = deps.versionHooks.indexOf(hook);
        if (at >= 0) deps.versionHooks.splice(at, 1);
      };
    },
    /** The new versions (2 and later) published since `since`, oldest first. */
    versionsSince: (since: Date) => versionsSince(deps.db, since),
    /**
     * Sets the downloadable file of a product (a book's ebook PDF, or a file's new version): one per product,
     * replaced when it exists; a changed content is recorded as its next version (`note`: what changed).
     */
    attach: (productId: number, asset: NewFileAsset, within?: AppTxContext, note?: string | null) =>
      deps.transaction(async (ctx) => {
        const { tx } = ctx;
        const values = assetValues(asset);
        await tx
          .insert(fileAssets)
          .values({ productId, ...values })
          .onConflictDoUpdate({ target: fileAssets.productId, set: { ...values, updatedAt: sql`now()` } });
        await recordVersion(ctx, productId, asset, note, deps.versionHooks);
      }, within),
  };
}

export type CatalogAssets = ReturnType<typeof createCatalogAssets>;
