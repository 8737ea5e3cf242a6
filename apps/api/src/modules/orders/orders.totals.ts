import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orders } from './orders.tables.ts';

/**
 * What the orders took over a period and gave back, as the tax report checks its invoices against them: the
 * totals of the orders paid in the period, and the refunds of paid orders that went through in it (from the
 * `order_refunds` view the payments module publishes).
 */
export function createOrderTotals(deps: { db: Db }) {
  const { db } = deps;
  return {
    async takenBetween(from: Date, to: Date): Promise<{ paidCents: number; refundedCents: number }> {
      const [row] = (
        await db.execute<{ paid: string; refunded: string }>(sql`
          SELECT
            (SELECT coalesce(sum(${orders.totalCents}), 0) FROM ${orders}
              WHERE ${orders.paidAt} >= ${from.toISOString()}::timestamptz
                AND ${orders.paidAt} < ${to.toISOString()}::timestamptz) AS paid,
            (SELECT coalesce(sum(r.amount_cents), 0) FROM order_refunds r
              JOIN ${orders} o ON o.id = r.order_id AND o.paid_at IS NOT NULL
              WHERE r.status = 'succeeded'
                AND r.created_at >= ${from.toISOString()}::timestamptz
                AND r.created_at < ${to.toISOString()}::timestamptz) AS refunded`)
      ).rows;
      return { paidCents: Number(row!.paid), refundedCents: Number(row!.refunded) };
    },
  };
}
