import { and, asc, desc, eq, ilike, lt, sql } from 'drizzle-orm';
import {
  LOW_STOCK,
  type StockAdjustBody,
  type StockHistory,
  type StockList,
  type StockRow,
} from '@hls/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import { bookEditions, products, stockMovements } from './catalog.tables.ts';
import { likePattern } from '../../db/like.ts';

/**
 * Paper stock by hand (editors and admins): the paper editions with their copies, the lowest first; a change to
 * the count a person made, with its reason, kept as history; the catalogue's pages follow at once.
 */

const notFound = () => new AppError('not_found', 'No such paper edition.');

const rowColumns = {
  editionId: bookEditions.id,
  productId: products.id,
  title: products.title,
  status: products.status,
  stock: sql<number>`coalesce(${bookEditions.stock}, 0)`.mapWith(Number),
  updatedAt: bookEditions.updatedAt,
};

type RawRow = {
  editionId: number;
  productId: number;
  title: string;
  status: string;
  stock: number;
  updatedAt: Date;
};
const toRow = (r: RawRow): StockRow => ({
  ...r,
  low: r.stock < LOW_STOCK,
  updatedAt: r.updatedAt.toISOString(),
});

export function createCatalogStock(deps: {
  db: Db;
  transaction: AppTransaction;
  accounts: Pick<AccountsService, 'profiles'>;
  /** Called in the transaction of a change that brings copies back to an edition out of stock. */
  restocked?: (ctx: AppTxContext) => Promise<void>;
}) {
  const { db, transaction, accounts, restocked } = deps;

  async function rowOf(executor: Db, editionId: number): Promise<StockRow | null> {
    const [row] = await executor
      .select(rowColumns)
      .from(bookEditions)
      .innerJoin(products, eq(products.id, bookEditions.productId))
      .where(and(eq(bookEditions.id, editionId), eq(bookEditions.format, 'paper')));
    return row ? toRow(row) : null;
  }

  return {
    /** The paper editions, lowest stock first (then by title), filtered by title or only the low ones. */
    async list(query: { q?: string | undefined; low?: boolean | undefined }): Promise<StockList> {
      const rows = await db
        .select(rowColumns)
        .from(bookEditions)
        .innerJoin(products, eq(products.id, bookEditions.productId))
        .where(
          and(
            eq(bookEditions.format, 'paper'),
            query.q ? ilike(products.title, likePattern(query.q)) : undefined,
            query.low ? lt(sql`coalesce(${bookEditions.stock}, 0)`, LOW_STOCK) : undefined,
          ),
        )
        .orderBy(asc(sql`coalesce(${bookEditions.stock}, 0)`), asc(products.title))
        .limit(200);
      return { results: rows.map(toRow) };
    },

    /** An edition's stock and its changes by hand, newest first. */
    async history(editionId: number): Promise<StockHistory> {
      const stock = await rowOf(db, editionId);
      if (!stock) throw notFound();
      const movements = await db
        .select({
          at: stockMovements.at,
          delta: stockMovements.delta,
          stockAfter: stockMovements.stockAfter,
          reason: stockMovements.reason,
          note: stockMovements.note,
          byUserId: stockMovements.byUserId,
        })
        .from(stockMovements)
        .where(eq(stockMovements.editionId, editionId))
        .orderBy(desc(stockMovements.at), desc(stockMovements.id))
        .limit(100);
      const ids = [...new Set(movements.flatMap((m) => (m.byUserId ? [m.byUserId] : [])))];
      const names = ids.length ? await accounts.profiles(ids) : new Map();
      return {
        stock,
        movements: movements.map(({ byUserId, ...m }) => ({
          ...m,
          at: m.at.toISOString(),
          by: (byUserId && names.get(byUserId)?.name) || null,
        })),
      };
    },

    /**
     * Sets the copies in stock of a paper edition, with the reason, in one transaction: the edition locked, the
     * change and what is left written to the history (none when the count is unchanged), the pages told.
     */
    async adjust(editionId: number, body: z.output<typeof StockAdjustBody>, by: string): Promise<StockRow> {
      await transaction(async (ctx) => {
        const { tx, raise } = ctx;
        const [edition] = await tx
          .select({ stock: bookEditions.stock })
          .from(bookEditions)
          .where(and(eq(bookEditions.id, editionId), eq(bookEditions.format, 'paper')))
          .for('update');
        if (!edition) throw notFound();
        const delta = body.stock - (edition.stock ?? 0);
        if (delta === 0) return;
        await tx
          .update(bookEditions)
          .set({ stock: body.stock, updatedAt: sql`now()` })
          .where(eq(bookEditions.id, editionId));
        await tx.insert(stockMovements).values({
          editionId,
          delta,
          stockAfter: body.stock,
          reason: body.reason,
          note: body.note ?? null,
          byUserId: by,
        });
        raise('catalog.changed', { what: 'product' });
        if ((edition.stock ?? 0) === 0) await restocked?.(ctx);
      });
      return (await rowOf(db, editionId))!;
    },
  };
}

export type CatalogStock = ReturnType<typeof createCatalogStock>;
