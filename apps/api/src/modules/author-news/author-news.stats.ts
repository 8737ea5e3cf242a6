import type { AuthorStats, ProductStats } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AccountsService } from '../accounts/index.ts';
import { monthlyStats } from './author-news.queries.ts';

/** The first day (YYYY-MM-DD) of the month `months - 1` months before `now`'s (UTC). */
export const firstCounted = (now: Date, months: number): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1)).toISOString().slice(0, 10);

/** Sales kept (refunds excluded) per view, to four decimals; null without views. */
const conversionOf = (sales: number, refunded: number, views: number): number | null =>
  views > 0 ? Math.round(((sales - refunded) / views) * 10000) / 10000 : null;

/**
 * An author's products month by month: views of their page, copies sold, refunded, and the conversion. The author
 * sees their own; editors and admins any author's; anyone else's is not found.
 */
export function createAuthorStats(deps: {
  db: Db;
  now: () => Date;
  accounts: Pick<AccountsService, 'mailRecipients'>;
}) {
  return {
    async stats(
      viewer: { id: string; role: string },
      query: { authorId?: string | undefined; months: number },
    ): Promise<AuthorStats> {
      const authorId = query.authorId ?? viewer.id;
      const staff = viewer.role === 'editor' || viewer.role === 'admin';
      if (authorId !== viewer.id && !staff) throw noAuthor();
      const author = (await deps.accounts.mailRecipients([authorId])).get(authorId);
      if (!author || (author.role !== 'author' && authorId !== viewer.id)) throw noAuthor();
      const from = firstCounted(deps.now(), query.months);
      const rows = await monthlyStats(deps.db, authorId, from);
      const products: ProductStats[] = [];
      for (const row of rows) {
        let product = products.at(-1);
        if (product?.productId !== row.productId) {
          product = { productId: row.productId, title: row.title, kind: row.kind, months: [] };
          products.push(product);
        }
        if (row.month === null) continue;
        product.months.push({
          month: row.month,
          views: row.views,
          sales: row.sales,
          refunded: row.refunded,
          conversion: conversionOf(row.sales, row.refunded, row.views),
        });
      }
      return { authorId, from: from.slice(0, 7), products };
    },
  };
}

const noAuthor = () => new AppError('not_found', 'No author has this id.');

export type AuthorStatsService = ReturnType<typeof createAuthorStats>;
