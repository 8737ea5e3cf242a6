import { and, asc, desc, eq, gt, gte, inArray, sql, type Placeholder } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { AssetFileType } from '@hls/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import { assetValues, type NewFileAsset } from './catalog.product-input.ts';
import { fileVersions } from './catalog.tables.ts';

/** A published version of a product's file: the current one is the highest number (`file_assets` mirrors it). */
export type FileVersion = {
  id: number;
  productId: number;
  number: number;
  fileType: AssetFileType;
  storageKey: string;
  originalName: string;
  mime: string;
  sizeBytes: number;
  sha256: string;
  pages: number | null;
  note: string | null;
  publishedAt: Date;
};

/** A product's file has a new version (2 or more). */
export type VersionPublished = { productId: number; versionId: number; number: number };

/**
 * What another module does when a new version is recorded, in the transaction that records it (the downloads send
 * the job telling its buyers: it exists if and only if the version commits). Registered with `assets.onVersioned`.
 */
export type VersionHook = (ctx: AppTxContext, version: VersionPublished) => Promise<void>;

/**
 * Records the file being set on a product as its next version, in the caller's transaction, unless its content
 * (sha256) is the current version's: a new price or description is not a new version. A version after the first
 * is handed to the `hooks` in the same transaction.
 */
export async function recordVersion(
  ctx: AppTxContext,
  productId: number,
  asset: NewFileAsset,
  note: string | null | undefined,
  hooks: readonly VersionHook[],
): Promise<void> {
  const [current] = await ctx.tx
    .select({ number: fileVersions.number, sha256: fileVersions.sha256 })
    .from(fileVersions)
    .where(eq(fileVersions.productId, productId))
    .orderBy(desc(fileVersions.number))
    .limit(1);
  if (current?.sha256 === asset.sha256) return;
  const number = (current?.number ?? 0) + 1;
  // A version keeps the file itself; its accessibility metadata stays with the product's current file.
  const { accessibility: _accessibility, ...file } = assetValues(asset);
  const [created] = await ctx.tx
    .insert(fileVersions)
    .values({ productId, number, ...file, note: note?.trim() || null })
    .returning({ id: fileVersions.id });
  if (number === 1) return;
  for (const hook of hooks) await hook(ctx, { productId, versionId: created!.id, number });
}

/** The versions of these products' files, oldest first, by product (products without a file are absent). */
export async function versionsOf(db: DbOrTx, productIds: number[]): Promise<Map<number, FileVersion[]>> {
  const ids = [...new Set(productIds)];
  const found = new Map<number, FileVersion[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      id: fileVersions.id,
      productId: fileVersions.productId,
      number: fileVersions.number,
      fileType: fileVersions.fileType,
      storageKey: fileVersions.storageKey,
      originalName: fileVersions.originalName,
      mime: fileVersions.mime,
      sizeBytes: fileVersions.sizeBytes,
      sha256: fileVersions.sha256,
      pages: fileVersions.pages,
      note: fileVersions.note,
      publishedAt: fileVersions.publishedAt,
    })
    .from(fileVersions)
    .where(inArray(fileVersions.productId, ids))
    .orderBy(asc(fileVersions.productId), asc(fileVersions.number));
  for (const row of rows) {
    const list = found.get(row.productId) ?? [];
    list.push(row);
    found.set(row.productId, list);
  }
  return found;
}

/**
 * The current version of a product's file (its id, MIME type and file type) as a query another module's statement
 * takes as a `WITH` (the downloads' grant): no row when the product has no file yet.
 */
export const currentVersionQuery = (productId: number | Placeholder) =>
  new QueryBuilder()
    .select({
      versionId: sql<number>`${fileVersions.id}`.as('version_id'),
      mime: fileVersions.mime,
      fileType: fileVersions.fileType,
    })
    .from(fileVersions)
    .where(eq(fileVersions.productId, productId))
    .orderBy(desc(fileVersions.number))
    .limit(1);

/** The versions after a first one published since `since`, oldest first (the notices' sweep reads them). */
export async function versionsSince(
  db: DbOrTx,
  since: Date,
): Promise<(VersionPublished & { publishedAt: Date })[]> {
  return db
    .select({
      productId: fileVersions.productId,
      versionId: fileVersions.id,
      number: fileVersions.number,
      publishedAt: fileVersions.publishedAt,
    })
    .from(fileVersions)
    .where(and(gt(fileVersions.number, 1), gte(fileVersions.publishedAt, since)))
    .orderBy(asc(fileVersions.publishedAt));
}
