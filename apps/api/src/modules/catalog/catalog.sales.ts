import { and, eq, gte, sql } from 'drizzle-orm';
import type { FileType, LineFormat, ProductKind, ProductStatus, Section } from '@hls/contract';
import { discountedPrice } from '@hls/contract';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import { coverUrl } from './catalog.queries.ts';
import { bookEditions, fileAssets, products } from './catalog.tables.ts';

/** One thing a product sells: a book's paper or ebook edition, or the file itself. */
export type SaleOffer = {
  format: LineFormat;
  /** Books: the edition's id; null for a file. */
  editionId: number | null;
  priceCents: number;
  discountPercent: number;
  /** What one unit costs after the discount (SPEC §5, `discountedPrice`). */
  finalPriceCents: number;
  /** Paper: copies in stock; null for digital offers. */
  stock: number | null;
};

/** A product as the shop sells it, read from the database at the moment of the sale. */
export type SaleProduct = {
  productId: number;
  kind: ProductKind;
  section: Section;
  status: ProductStatus;
  title: string;
  coverUrl: string;
  authorId: string;
  fileType: FileType | null;
  offers: SaleOffer[];
};

/**
 * What the orders need of the catalogue: products priced from the database, and paper stock held and given back
 * in the caller's transaction. A `catalog.changed` event is raised only when a stock reaches or leaves zero (the
 * pages show "out of stock"), not at every copy sold.
 */
export function createCatalogSales(deps: {
  db: Db;
  /** Called in the transaction that gives copies back to an edition out of stock. */
  restocked?: (ctx: AppTxContext) => Promise<void>;
}) {
  /**
   * One statement, prepared: each product with its editions (a row per edition, one row for a file) and whether a
   * stored file can be delivered for it. One product (most orders) has a statement of its own: PostgreSQL prices a
   * generic plan of `= ANY($1)` for ten products, so the list's statement is planned again at every run, the
   * single product's once (decision 0036).
   */
  const offersQuery = (db: DbOrTx, several: boolean) =>
    db
      .select({
        id: products.id,
        kind: products.kind,
        section: products.section,
        status: products.status,
        title: products.title,
        coverKey: products.coverKey,
        authorId: products.authorId,
        fileType: products.fileType,
        priceCents: products.priceCents,
        discountPercent: products.discountPercent,
        delivered: sql<boolean>`EXISTS (SELECT 1 FROM ${fileAssets} WHERE ${fileAssets.productId} = ${products.id})`,
        edition: {
          id: bookEditions.id,
          format: bookEditions.format,
          priceCents: bookEditions.priceCents,
          discountPercent: bookEditions.discountPercent,
          finalPriceCents: bookEditions.finalPriceCents,
          stock: bookEditions.stock,
        },
      })
      .from(products)
      .leftJoin(bookEditions, eq(bookEditions.productId, products.id))
      .where(
        several
          ? sql`${products.id} = ANY(${sql.placeholder('ids')}::int[])`
          : eq(products.id, sql.placeholder('id')),
      )
      .orderBy(products.id, bookEditions.id)
      .prepare(several ? 'hls_sale_offers' : 'hls_sale_offer');
  /** Built once for the pool; in a transaction, built on its connection. */
  const offersOnPool = { one: offersQuery(deps.db, false), several: offersQuery(deps.db, true) };

  return {
    /**
     * The products of these ids with their offers (unknown ids are absent), in the caller's transaction if any. A
     * digital offer (ebook, file) without a stored file to deliver is left out: it cannot be sold.
     */
    async offers(productIds: number[], within?: AppTxContext): Promise<Map<number, SaleProduct>> {
      const ids = [...new Set(productIds)];
      const found = new Map<number, SaleProduct>();
      if (ids.length === 0) return found;
      const several = ids.length > 1;
      const query = within
        ? offersQuery(within.tx, several)
        : several
          ? offersOnPool.several
          : offersOnPool.one;
      const rows = await query.execute(several ? { ids } : { id: ids[0] });
      for (const row of rows) {
        const { edition, delivered } = row;
        // A digital offer is on sale only when there is a file to deliver.
        const offer: SaleOffer | null = edition
          ? edition.format === 'paper' || delivered
            ? {
                format: edition.format,
                editionId: edition.id,
                priceCents: edition.priceCents,
                discountPercent: edition.discountPercent,
                finalPriceCents: edition.finalPriceCents,
                stock: edition.format === 'paper' ? (edition.stock ?? 0) : null,
              }
            : null
          : row.kind !== 'book' && delivered
            ? {
                format: 'file',
                editionId: null,
                priceCents: row.priceCents,
                discountPercent: row.discountPercent,
                finalPriceCents: discountedPrice(row.priceCents, row.discountPercent),
                stock: null,
              }
            : null;
        const product = found.get(row.id) ?? {
          productId: row.id,
          kind: row.kind,
          section: row.section,
          status: row.status,
          title: row.title,
          coverUrl: coverUrl(row.coverKey),
          authorId: row.authorId,
          fileType: row.fileType,
          offers: [],
        };
        if (offer) product.offers.push(offer);
        found.set(row.id, product);
      }
      return found;
    },

    /**
     * Takes `quantity` copies of a paper edition if that many are in stock (one conditional UPDATE: two buyers of
     * the last copy cannot both get it); false, and nothing changed, otherwise.
     */
    async reserveStock({ tx, raise }: AppTxContext, editionId: number, quantity: number): Promise<boolean> {
      if (!Number.isInteger(quantity) || quantity < 1)
        throw new RangeError('quantity must be a positive integer');
      const [row] = await tx
        .update(bookEditions)
        .set({ stock: sql`${bookEditions.stock} - ${quantity}`, updatedAt: sql`now()` })
        .where(
          and(
            eq(bookEditions.id, editionId),
            eq(bookEditions.format, 'paper'),
            gte(bookEditions.stock, quantity),
          ),
        )
        .returning({ stock: bookEditions.stock });
      if (!row) return false;
      if (row.stock === 0) raise('catalog.changed', { what: 'product' });
      return true;
    },

    /** Gives `quantity` copies back to a paper edition's stock (an unpaid order expired). */
    async releaseStock(ctx: AppTxContext, editionId: number, quantity: number): Promise<void> {
      const { tx, raise } = ctx;
      if (!Number.isInteger(quantity) || quantity < 1)
        throw new RangeError('quantity must be a positive integer');
      const [row] = await tx
        .update(bookEditions)
        .set({ stock: sql`${bookEditions.stock} + ${quantity}`, updatedAt: sql`now()` })
        .where(and(eq(bookEditions.id, editionId), eq(bookEditions.format, 'paper')))
        .returning({ stock: bookEditions.stock });
      if (row && row.stock === quantity) {
        raise('catalog.changed', { what: 'product' });
        await deps.restocked?.(ctx);
      }
    },
  };
}

export type CatalogSales = ReturnType<typeof createCatalogSales>;
