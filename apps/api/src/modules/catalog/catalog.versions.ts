import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { AssetFileType } from '@hls/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import type { NewFileAsset } from './catalog.product-input.ts';
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

/** What `catalog.versioned` says: a product's file has a new version (2 or more), committed. */
export type VersionPublished = { productId: number; versionId: number; number: number };

/**
 * Records the file being set on a product as its next version, in the caller's transaction, unless its content
 * (sha256) is the current version's: a new price or description is not a new version. A version after the
 * first raises `catalog.versioned` (delivered after the commit: its buyers are told).
 */
export async function recordVersion(
  ctx: AppTxContext,
  productId: number,
  asset: NewFileAsset,
  note: string | null = null,
): Promise<void> {
  const [current] = await ctx.tx
    .select({ number: fileVersions.number, sha256: fileVersions.sha256 })
    .from(fileVersions)
    .where(eq(fileVersions.productId, productId))
    .orderBy(desc(fileVersions.number))
    .limit(1);
  if (current?.sha256 === asset.sha256) return;
  const number = (current?.number ?? 0) + 1;
  const [created] = await ctx.tx
    .insert(fileVersions)
    .values({
      productId,
      number,
      fileType: asset.fileType,
      storageKey: asset.storageKey,
      originalName: asset.originalName,
      mime: asset.mime,
      sizeBytes: asset.sizeBytes,
      sha256: asset.sha256,
      pages: asset.pages ?? null,
      macros: asset.macros ?? false,
      note: note?.trim() || null,
    })
    .returning({ id: fileVersions.id });
  if (number > 1) ctx.raise('catalog.versioned', { productId, versionId: created!.id, number });
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
