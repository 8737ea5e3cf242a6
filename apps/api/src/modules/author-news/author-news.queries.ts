import { sql } from 'drizzle-orm';
import type { LineFormat, ProductKind } from '@hls/contract';
import type { DbOrTx } from '../../db/database.ts';

/**
 * What the authors' e-mails and statistics read of the other modules: the views the catalogue and the royalties
 * ledger publish (`author_products`; `author_sales`, a paid line of an author's product and whether it was refunded
 * since — migration 0028) and the page-view counters (`page_views`, a row per page and day). Each answer is one
 * query over all the author's products, never one per product.
 */

/** The ledger writes `professional_file` where an order line says `file`. */
const lineFormat = (format: string): LineFormat =>
  format === 'professional_file' ? 'file' : (format as LineFormat);

export type DaySale = {
  authorId: string;
  title: string;
  format: LineFormat;
  quantity: number;
  royaltyCents: number;
};

/**
 * The sales of one UTC day (YYYY-MM-DD) of these authors, per product and format, the lines refunded since left
 * out, biggest royalty first.
 */
export async function salesOfDay(db: DbOrTx, day: string, authorIds: string[]): Promise<DaySale[]> {
  if (authorIds.length === 0) return [];
  const result = await db.execute<{
    author_id: string;
    title: string;
    format: string;
    quantity: number;
    royalty_cents: number;
  }>(sql`
    SELECT s.author_id, s.title, s.format, sum(s.quantity)::int AS quantity,
      sum(s.royalty_cents)::int AS royalty_cents
    FROM author_sales s
    WHERE s.author_id IN (${sql.join(
      authorIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      AND s.paid_at >= (${day}::date)::timestamp AT TIME ZONE 'UTC'
      AND s.paid_at < (${day}::date + 1)::timestamp AT TIME ZONE 'UTC'
      AND NOT s.refunded
    GROUP BY s.author_id, s.product_id, s.title, s.format
    ORDER BY s.author_id, royalty_cents DESC, s.title`);
  return result.rows.map((row) => ({
    authorId: row.author_id,
    title: row.title,
    format: lineFormat(row.format),
    quantity: Number(row.quantity),
    royaltyCents: Number(row.royalty_cents),
  }));
}

export type StatsRow = {
  productId: number;
  title: string;
  kind: ProductKind;
  month: string | null;
  views: number;
  sales: number;
  refunded: number;
};

/**
 * Each of the author's products, month by month from `fromDay` (the first of a month) on: the views of its page
 * (`/product/{id}` or `/prodoc/{id}`, the same address in both languages: the page-view counters key on it), the
 * copies of its paid lines written to the ledger that month, and how many of those were refunded since. A product
 * with neither views nor sales comes once with a null month.
 */
export async function monthlyStats(db: DbOrTx, authorId: string, fromDay: string): Promise<StatsRow[]> {
  const result = await db.execute<{
    product_id: number;
    title: string;
    kind: ProductKind;
    month: string | null;
    views: number;
    sales: number;
    refunded: number;
  }>(sql`
    WITH mine AS (
      SELECT id, title, kind FROM author_products WHERE author_id = ${authorId}
    ),
    views AS (
      SELECT m.id AS product_id, to_char(v.day, 'YYYY-MM') AS month, sum(v.count)::int AS views
      FROM mine m
      JOIN page_views v ON v.path IN ('/product/' || m.id, '/prodoc/' || m.id)
      WHERE v.day >= ${fromDay}::date
      GROUP BY 1, 2
    ),
    sales AS (
      SELECT s.product_id, to_char(s.paid_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
        sum(s.quantity)::int AS sales,
        coalesce(sum(s.quantity) FILTER (WHERE s.refunded), 0)::int AS refunded
      FROM author_sales s
      WHERE s.author_id = ${authorId}
        AND s.paid_at >= (${fromDay}::date)::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1, 2
    ),
    months AS (
      SELECT coalesce(v.product_id, s.product_id) AS product_id, coalesce(v.month, s.month) AS month,
        coalesce(v.views, 0) AS views, coalesce(s.sales, 0) AS sales, coalesce(s.refunded, 0) AS refunded
      FROM views v FULL JOIN sales s ON s.product_id = v.product_id AND s.month = v.month
    )
    SELECT m.id AS product_id, m.title, m.kind, x.month, coalesce(x.views, 0) AS views,
      coalesce(x.sales, 0) AS sales, coalesce(x.refunded, 0) AS refunded
    FROM mine m LEFT JOIN months x ON x.product_id = m.id
    ORDER BY lower(m.title), m.id, x.month DESC`);
  return result.rows.map((row) => ({
    productId: Number(row.product_id),
    title: row.title,
    kind: row.kind,
    month: row.month,
    views: Number(row.views),
    sales: Number(row.sales),
    refunded: Number(row.refunded),
  }));
}
