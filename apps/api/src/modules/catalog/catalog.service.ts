import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { ProductStatus } from '@hls/contract';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import {
  assetValues,
  editionValues,
  invalid,
  productValues,
  type NewCategory,
  type NewProduct,
} from './catalog.product-input.ts';
import { bookEditions, categories, fileAssets, products } from './catalog.tables.ts';
import { recordVersion, type VersionHook } from './catalog.versions.ts';

export type { NewCategory, NewEdition, NewFileAsset, NewProduct } from './catalog.product-input.ts';

/** What a `catalog.changed` event says changed (every cache of catalogue data is emptied alike). */
export type CatalogChange = { what: 'category' | 'product' | 'author' | 'bulk' };

export type CatalogWritesDeps = {
  transaction: AppTransaction;
  accounts: Pick<AccountsService, 'authorName'>;
  /** Called in the transaction of a write that may put a paper edition back on sale (stock, publication). */
  restocked?: (ctx: AppTxContext) => Promise<void>;
  /** Run in the transaction that records a new version of a file (`assets.onVersioned` adds to them). */
  versionHooks?: readonly VersionHook[];
};

/** A row still referenced by a foreign key: `foreign_key_violation`, or `restrict_violation` for ON DELETE RESTRICT (PostgreSQL 16 and later). */
const REFERENCED = new Set(['23503', '23001']);

/** PostgreSQL's SQLSTATE of a failed statement, wherever the driver or Drizzle put it. */
function databaseErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

async function insertCategory({ tx, raise }: AppTxContext, input: NewCategory): Promise<{ id: number }> {
  if (input.parentId != null) {
    const [parent] = await tx
      .select({ section: categories.section, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, input.parentId));
    if (!parent || parent.section !== input.section || parent.parentId !== null) {
      throw invalid(
        { parentId: 'category.invalid' },
        'The parent category is not a top-level category of this section.',
      );
    }
  }
  const [row] = await tx
    .insert(categories)
    .values({
      section: input.section,
      parentId: input.parentId ?? null,
      slug: input.slug,
      nameFr: input.nameFr,
      nameEn: input.nameEn,
      position: input.position ?? 0,
    })
    .returning({ id: categories.id });
  raise('catalog.changed', { what: 'category' });
  return row!;
}

/**
 * Links a product to its twin in the other language, each pointing at the other (null: unlinks it). A link either
 * of them had with a third product is undone first.
 */
async function linkTwin(ctx: AppTxContext, id: number, twinId: number | null): Promise<void> {
  const { tx } = ctx;
  const ids = twinId === null ? [id] : [id, twinId];
  if (twinId !== null) {
    const found = await tx
      .select({ id: products.id, kind: products.kind, language: products.language })
      .from(products)
      .where(inArray(products.id, ids));
    const self = found.find((p) => p.id === id);
    const twin = found.find((p) => p.id === twinId);
    if (!self || !twin || twin.id === self.id || twin.kind !== self.kind || twin.language === self.language) {
      throw invalid(
        { twinId: 'twin.invalid' },
        'A twin is another product of the same kind, in the other language.',
      );
    }
  }
  await tx
    .update(products)
    .set({ twinId: null })
    .where(or(inArray(products.id, ids), inArray(products.twinId, ids)));
  if (twinId !== null) {
    await tx
      .update(products)
      .set({ twinId: sql`CASE WHEN ${products.id} = ${id} THEN ${twinId}::int ELSE ${id}::int END` })
      .where(inArray(products.id, ids));
  }
  ctx.raise('catalog.changed', { what: 'product' });
}

async function insertProduct(
  ctx: AppTxContext,
  accounts: CatalogWritesDeps['accounts'],
  input: NewProduct,
  versionHooks: readonly VersionHook[],
): Promise<{ id: number }> {
  const { tx } = ctx;
  const values = await productValues(ctx, accounts, input);
  const status = input.status ?? 'draft';
  const publishedAt = input.publishedAt ?? (status === 'published' ? new Date() : null);

  const [row] = await tx
    .insert(products)
    .values({ ...values, status, publishedAt, popularity: input.popularity ?? 0 })
    .returning({ id: products.id });
  const id = row!.id;

  if (input.kind === 'book') {
    await tx.insert(bookEditions).values(input.editions!.map((e) => editionValues(id, e)));
  } else {
    await tx.insert(fileAssets).values({ productId: id, ...assetValues(input.file!) });
    await recordVersion(ctx, id, input.file!, input.versionNote, versionHooks);
  }
  if (input.twinId != null) await linkTwin(ctx, id, input.twinId);
  ctx.raise('catalog.changed', { what: 'product' });
  return { id };
}

/**
 * Replaces a product's content with a new version of it (a republication): fields, cover, prices, editions (an
 * edition no longer offered is removed unless an order refers to it), the file, the sample and the licence.
 * Its id, popularity and first publication date stay. Undefined when there is no such product.
 */
async function replaceProduct(
  ctx: AppTxContext,
  accounts: CatalogWritesDeps['accounts'],
  id: number,
  input: NewProduct,
  versionHooks: readonly VersionHook[],
): Promise<{ id: number } | undefined> {
  const { tx } = ctx;
  const [current] = await tx
    .select({ kind: products.kind, section: products.section })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  if (!current) return undefined;
  if (current.kind !== input.kind || current.section !== input.section) {
    throw invalid({ section: 'section.invalid' }, 'A product keeps its kind and section.');
  }
  const values = await productValues(ctx, accounts, input);
  const status = input.status ?? 'published';
  await tx
    .update(products)
    .set({
      ...values,
      status,
      ...(status === 'published'
        ? { publishedAt: input.publishedAt ?? sql`coalesce(${products.publishedAt}, now())` }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, id));

  if (input.kind === 'book') {
    const editions = input.editions!;
    for (const e of editions) {
      const { productId: _, format: __, ...set } = editionValues(id, e);
      await tx
        .insert(bookEditions)
        .values(editionValues(id, e))
        .onConflictDoUpdate({
          target: [bookEditions.productId, bookEditions.format],
          set: { ...set, updatedAt: sql`now()` },
        });
    }
    // Order lines keep the edition they sold (their foreign key refuses the delete): an edition already ordered
    // cannot be dropped by a new version, or it would stay on sale; the whole write is refused instead.
    try {
      await tx.delete(bookEditions).where(
        and(
          eq(bookEditions.productId, id),
          notInArray(
            bookEditions.format,
            editions.map((e) => e.format),
          ),
        ),
      );
    } catch (error) {
      if (!REFERENCED.has(databaseErrorCode(error) ?? '')) throw error;
      throw invalid(
        { editions: 'editions.sold' },
        'An edition that was already ordered cannot be removed; unpublish the book instead.',
      );
    }
  } else {
    const asset = assetValues(input.file!);
    await tx
      .insert(fileAssets)
      .values({ productId: id, ...asset })
      .onConflictDoUpdate({ target: fileAssets.productId, set: { ...asset, updatedAt: sql`now()` } });
    await recordVersion(ctx, id, input.file!, input.versionNote, versionHooks);
  }
  if (input.twinId !== undefined) await linkTwin(ctx, id, input.twinId);
  ctx.raise('catalog.changed', { what: 'product' });
  return { id };
}

/**
 * The catalogue's writes. Each runs in its own transaction, or in the caller's when given one (`within`); the
 * `catalog.changed` event that empties the caches of catalogue data is delivered once that transaction commits.
 */
export function createCatalogWrites(deps: CatalogWritesDeps) {
  const { transaction, accounts, restocked, versionHooks = [] } = deps;
  return {
    /** A category, or a subcategory of a top-level category of the same section. */
    createCategory: (input: NewCategory, within?: AppTxContext) =>
      transaction((ctx) => insertCategory(ctx, input), within),

    /**
     * A product with its editions (books) or its asset (files). Checks that the category (and subcategory)
     * belong to the section and that the author exists.
     */
    createProduct: (input: NewProduct, within?: AppTxContext) =>
      transaction((ctx) => insertProduct(ctx, accounts, input, versionHooks), within),

    /**
     * A new version of a product (a republication after changes): see `replaceProduct`. The status is
     * `published` unless given. Undefined for an unknown id.
     */
    updateProduct: (id: number, input: NewProduct, within?: AppTxContext) =>
      transaction(async (ctx) => {
        const updated = await replaceProduct(ctx, accounts, id, input, versionHooks);
        if (updated && input.kind === 'book') await restocked?.(ctx);
        return updated;
      }, within),

    /** Moves a product to another status; publishing stamps `published_at` the first time. */
    setProductStatus: (id: number, status: ProductStatus, within?: AppTxContext) =>
      transaction(async (ctx) => {
        const updated = await ctx.tx
          .update(products)
          .set({
            status,
            updatedAt: new Date(),
            ...(status === 'published' ? { publishedAt: sql`coalesce(${products.publishedAt}, now())` } : {}),
          })
          .where(eq(products.id, id))
          .returning({ id: products.id });
        ctx.raise('catalog.changed', { what: 'product' });
        if (updated.length > 0 && status === 'published') await restocked?.(ctx);
        return updated.length > 0;
      }, within),

    /**
     * Adds to (or takes from) a product's approved reviews: `count` reviews holding `stars` stars in all. Its
     * page, its cards and their stars change: the caches are emptied once the caller's transaction commits.
     */
    rate: (id: number, change: { count: number; stars: number }, within?: AppTxContext) =>
      transaction(async ({ tx, raise }) => {
        await tx
          .update(products)
          .set({
            ratingCount: sql`${products.ratingCount} + ${change.count}`,
            ratingTotal: sql`${products.ratingTotal} + ${change.stars}`,
          })
          .where(eq(products.id, id));
        raise('catalog.changed', { what: 'product' });
      }, within),

    /**
     * One more user downloaded a free document. No `catalog.changed`: a download is too frequent a change to
     * empty every cache for, so pages and cards show the new count within the caches' lifetime.
     */
    countDownload: (id: number, within?: AppTxContext) =>
      transaction(async ({ tx }) => {
        await tx
          .update(products)
          .set({ downloadCount: sql`${products.downloadCount} + 1` })
          .where(eq(products.id, id));
      }, within),

    /**
     * Links a product and its twin in the other language (same kind): each page offers the other. `null`
     * unlinks the product. 400 `twin.invalid` for an unknown product, the same language or another kind.
     */
    linkTwins: (id: number, twinId: number | null, within?: AppTxContext) =>
      transaction((ctx) => linkTwin(ctx, id, twinId), within),

    /** Raises the "popular" score of a product (e.g. by the quantity sold); the rows follow within the TTL. */
    addPopularity: (id: number, points: number, within?: AppTxContext) =>
      transaction(async ({ tx }) => {
        await tx
          .update(products)
          .set({ popularity: sql`${products.popularity} + ${points}` })
          .where(eq(products.id, id));
      }, within),
  };
}

export type CatalogWrites = ReturnType<typeof createCatalogWrites>;
