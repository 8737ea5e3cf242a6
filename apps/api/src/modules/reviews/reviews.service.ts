import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  REVIEWS_PAGE_SIZE,
  type ModerationPage,
  type ModerationQuery,
  type ModerationReview,
  type MyReview,
  type OwnReview,
  type ProductReviews,
  type ReviewBody,
} from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { createExpiringCache } from '../../lib/expiring-cache.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import { deepFreeze } from '../../plugins/serializer.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { AuthorNews } from '../author-news/index.ts';
import type { CatalogSales, CatalogWrites, SaleProduct } from '../catalog/index.ts';
import type { DownloadsService } from '../downloads/index.ts';
import type { OrdersService } from '../orders/index.ts';
import { productReviews } from './reviews.tables.ts';

/** Reviews per page of the editors' queue. */
export const MODERATION_PAGE_SIZE = 20;
/** A product's public reviews are read from memory until the next catalogue change, or this long at most. */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 500;

export type ReviewsDeps = {
  db: Db;
  transaction: AppTransaction;
  catalog: { sales: Pick<CatalogSales, 'offers'>; writes: Pick<CatalogWrites, 'rate'> };
  orders: Pick<OrdersService, 'bought'>;
  downloads: Pick<DownloadsService, 'downloadedFree'>;
  accounts: Pick<AccountsService, 'getUser'>;
  /** The product's author hears of a review published. */
  authors: Pick<AuthorNews, 'reviewPublished'>;
};

type ReviewRow = typeof productReviews.$inferSelect;

const noProduct = () => new AppError('not_found', 'No such product.');
const noReview = () => new AppError('not_found', 'No such review.');

/** The name a review is signed with: the first name and the last name's initial ("Camille M."). */
export function reviewerName(user: { firstName: string; lastName: string }): string {
  const initial = [...user.lastName.trim()][0];
  return [user.firstName.trim(), initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}

function toOwnReview(row: ReviewRow): OwnReview {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    text: row.text,
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What an approved review adds to its product's stars (and a review leaving that state takes away). */
const approvedShare = (row: Pick<ReviewRow, 'rating'>, sign: 1 | -1) => ({
  count: sign,
  stars: sign * row.rating,
});

/**
 * Customer reviews: written by verified buyers (or, for free documents, users who downloaded them), one per
 * user and product, public once an editor approves them. Approved reviews count on their product through the
 * catalogue (`catalog.writes.rate`, which empties the pages' caches when the transaction commits).
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { db, transaction } = deps;
  const publicCache = createExpiringCache<ProductReviews>({ ttlMs: CACHE_TTL_MS, max: CACHE_MAX });

  async function publishedProduct(productId: number): Promise<SaleProduct> {
    const product = (await deps.catalog.sales.offers([productId])).get(productId);
    if (!product || product.status !== 'published') throw noProduct();
    return product;
  }

  /** A verified buyer: a paid, not refunded line of it; a free document: downloaded at least once. */
  async function eligible(userId: string, product: SaleProduct): Promise<boolean> {
    if (product.authorId === userId) return false;
    return product.section === 'academic'
      ? deps.downloads.downloadedFree(userId, product.productId)
      : deps.orders.bought(userId, product.productId);
  }

  async function ownRow(userId: string, productId: number, within?: AppTxContext) {
    const query = (within?.tx ?? db)
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
    const [row] = within ? await query.for('update') : await query;
    return row;
  }

  async function loadPublic(productId: number, page: number): Promise<ProductReviews> {
    const approved = and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved'));
    const byStars = await db
      .select({ rating: productReviews.rating, n: count() })
      .from(productReviews)
      .where(approved)
      .groupBy(productReviews.rating);
    const distribution = [1, 2, 3, 4, 5].map((stars) => byStars.find((r) => r.rating === stars)?.n ?? 0);
    const total = distribution.reduce((sum, n) => sum + n, 0);
    const stars = distribution.reduce((sum, n, i) => sum + n * (i + 1), 0);
    const offset = (page - 1) * REVIEWS_PAGE_SIZE;
    const rows =
      offset < total
        ? await db
            .select()
            .from(productReviews)
            .where(approved)
            .orderBy(desc(productReviews.updatedAt), productReviews.id)
            .limit(REVIEWS_PAGE_SIZE)
            .offset(offset)
        : [];
    return {
      summary: total > 0 ? { count: total, average: Math.round((stars * 10) / total) / 10 } : null,
      distribution,
      results: rows.map((row) => ({
        id: row.id,
        rating: row.rating,
        text: row.text,
        reviewer: row.reviewerName,
        date: row.updatedAt.toISOString(),
      })),
      count: total,
      page,
      pageSize: REVIEWS_PAGE_SIZE,
      pages: Math.ceil(total / REVIEWS_PAGE_SIZE),
    };
  }

  async function moderationView(rows: ReviewRow[]): Promise<ModerationReview[]> {
    const products = await deps.catalog.sales.offers(rows.map((row) => row.productId));
    return rows.map((row) => {
      const product = products.get(row.productId);
      return {
        ...toOwnReview(row),
        reviewer: row.reviewerName,
        product: product ? { kind: product.kind, section: product.section, title: product.title } : null,
        moderatedAt: row.moderatedAt?.toISOString() ?? null,
      };
    });
  }

  /** Moves a review from one of `from` to `to`; a review in another state is a 409, an unknown one a 404. */
  async function moderate(
    reviewId: string,
    editorId: string,
    from: ReviewRow['status'][],
    to: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<ModerationReview> {
    const row = await transaction(async (ctx) => {
      const [current] = await ctx.tx
        .select()
        .from(productReviews)
        .where(eq(productReviews.id, reviewId))
        .for('update');
      if (!current) throw noReview();
      if (!from.includes(current.status)) {
        throw new AppError('invalid_transition', `This review is ${current.status}.`);
      }
      const [updated] = await ctx.tx
        .update(productReviews)
        .set({
          status: to,
          rejectionReason: reason,
          moderatedBy: editorId,
          moderatedAt: sql`now()`,
        })
        .where(eq(productReviews.id, reviewId))
        .returning();
      if (to === 'approved') {
        await deps.catalog.writes.rate(current.productId, approvedShare(current, 1), ctx);
        const product = (await deps.catalog.sales.offers([current.productId], ctx)).get(current.productId);
        if (product) {
          await deps.authors.reviewPublished(ctx, {
            id: current.id,
            rating: current.rating,
            product: {
              id: product.productId,
              kind: product.kind,
              title: product.title,
              authorId: product.authorId,
            },
          });
        }
      }
      if (current.status === 'approved') {
        await deps.catalog.writes.rate(current.productId, approvedShare(current, -1), ctx);
      }
      return updated!;
    });
    return (await moderationView([row]))[0]!;
  }

  return {
    /** A published product's approved reviews, newest first, with their average and count. */
    productReviews(productId: number, page: number): Promise<ProductReviews> {
      // Shared by every request: frozen, and serialized once (plugins/serializer.ts).
      return publicCache(`${productId}:${page}`, () => loadPublic(productId, page).then(deepFreeze));
    },

    /** May the user review this published product, and their review of it if any. */
    async mine(userId: string, productId: number): Promise<MyReview> {
      const product = await publishedProduct(productId);
      const [may, row] = await Promise.all([eligible(userId, product), ownRow(userId, productId)]);
      return { eligible: may, review: row ? toOwnReview(row) : null };
    },

    /**
     * Writes the user's review of a product, or replaces it: either way it waits for an editor again (an approved
     * one leaves the product's stars until then). Only a verified buyer may (403 `review_not_allowed`).
     */
    async save(
      userId: string,
      productId: number,
      body: z.output<typeof ReviewBody>,
    ): Promise<{ review: OwnReview; created: boolean }> {
      const product = await publishedProduct(productId);
      if (!(await eligible(userId, product))) {
        throw new AppError(
          'review_not_allowed',
          'Only a buyer of this product, or someone who downloaded this document, may review it.',
        );
      }
      const signature = reviewerName(await deps.accounts.getUser(userId));
      const write = () =>
        transaction(async (ctx) => {
          const current = await ownRow(userId, productId, ctx);
          if (!current) {
            const [created] = await ctx.tx
              .insert(productReviews)
              .values({ productId, userId, reviewerName: signature, rating: body.rating, text: body.text })
              .returning();
            return { row: created!, created: true };
          }
          if (current.status === 'approved') {
            await deps.catalog.writes.rate(productId, approvedShare(current, -1), ctx);
          }
          const [updated] = await ctx.tx
            .update(productReviews)
            .set({
              rating: body.rating,
              text: body.text,
              reviewerName: signature,
              status: 'pending',
              rejectionReason: null,
              moderatedBy: null,
              moderatedAt: null,
              updatedAt: sql`now()`,
            })
            .where(eq(productReviews.id, current.id))
            .returning();
          return { row: updated!, created: false };
        });
      let outcome: { row: ReviewRow; created: boolean };
      try {
        outcome = await write();
      } catch (error) {
        // The same user's two first writes at once: the second one replaces the first.
        if (!isUniqueViolation(error)) throw error;
        outcome = await write();
      }
      return { review: toOwnReview(outcome.row), created: outcome.created };
    },

    /** Deletes the user's review of a product (404 without one); an approved one leaves the product's stars. */
    async remove(userId: string, productId: number): Promise<void> {
      await transaction(async (ctx) => {
        const current = await ownRow(userId, productId, ctx);
        if (!current) throw noReview();
        await ctx.tx.delete(productReviews).where(eq(productReviews.id, current.id));
        if (current.status === 'approved') {
          await deps.catalog.writes.rate(productId, approvedShare(current, -1), ctx);
        }
      });
    },

    /** The editors' queue: reviews of one status, oldest first, and how many wait. */
    async moderationList(query: z.output<typeof ModerationQuery>): Promise<ModerationPage> {
      const offset = (query.page - 1) * MODERATION_PAGE_SIZE;
      const [[counted], [waiting], rows] = await Promise.all([
        db.select({ n: count() }).from(productReviews).where(eq(productReviews.status, query.status)),
        db.select({ n: count() }).from(productReviews).where(eq(productReviews.status, 'pending')),
        db
          .select()
          .from(productReviews)
          .where(eq(productReviews.status, query.status))
          .orderBy(productReviews.updatedAt, productReviews.id)
          .limit(MODERATION_PAGE_SIZE)
          .offset(offset),
      ]);
      const total = counted?.n ?? 0;
      return {
        results: await moderationView(rows),
        count: total,
        page: query.page,
        pageSize: MODERATION_PAGE_SIZE,
        pages: Math.ceil(total / MODERATION_PAGE_SIZE),
        pending: waiting?.n ?? 0,
      };
    },

    /** Makes a waiting (or a rejected) review public. */
    approve: (reviewId: string, editorId: string) =>
      moderate(reviewId, editorId, ['pending', 'rejected'], 'approved', null),

    /** Refuses a waiting review, or takes down a public one, with the reason its author reads. */
    reject: (reviewId: string, editorId: string, reason: string) =>
      moderate(reviewId, editorId, ['pending', 'approved'], 'rejected', reason),

    /** A user's name changed: their reviews are signed with the new one. */
    async renamed(userId: string): Promise<void> {
      const signature = reviewerName(await deps.accounts.getUser(userId));
      await db
        .update(productReviews)
        .set({ reviewerName: signature })
        .where(eq(productReviews.userId, userId));
    },

    /** Empties the public reviews read from memory (at every catalogue change). */
    clearCache: () => publicCache.clear(),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
