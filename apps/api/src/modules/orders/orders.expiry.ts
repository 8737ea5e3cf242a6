import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import { releaseReserved, type OrderStock } from './orders.stock.ts';
import { orderEvents, orderLines, orders } from './orders.tables.ts';

/** Pending orders expired per transaction. */
const EXPIRY_BATCH = 50;

/**
 * The end of payment windows: which pending orders are overdue, and their expiry (cancelled, their paper copies
 * given back, `orders.expired` raised for their payment intents). The payments' sweep decides when.
 */
export function createOrderExpiry(deps: { db: Db; transaction: AppTransaction; sales: OrderStock }) {
  const { db, transaction, sales } = deps;
  return {
    /** Of these orders, those still waiting for their payment: one statement for a batch of attempts. */
    async stillPending(orderIds: readonly string[]): Promise<Set<string>> {
      if (orderIds.length === 0) return new Set();
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.id, [...orderIds]), eq(orders.status, 'pending_payment')));
      return new Set(rows.map((row) => row.id));
    },

    /** The pending orders whose payment window closed before `now` (the oldest first, at most `limit`). */
    async overdue(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'pending_payment'), lte(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Cancels the pending orders whose payment window closed before `now` and gives their paper copies back,
     * each with an 'expired' row in its history; returns how many (with `only`, of these orders alone: the payments'
     * sweep leaves out those whose payment is still in flight). Orders being paid meanwhile are skipped.
     */
    async expireDue(now: Date = new Date(), options: { only?: readonly string[] } = {}): Promise<number> {
      if (options.only?.length === 0) return 0;
      const chosen = options.only ? inArray(orders.id, [...options.only]) : undefined;
      let expired = 0;
      for (;;) {
        const batch = await transaction(async (ctx) => {
          const { tx } = ctx;
          const due = await tx
            .select()
            .from(orders)
            .where(and(eq(orders.status, 'pending_payment'), lte(orders.expiresAt, now), chosen))
            .orderBy(asc(orders.expiresAt))
            .limit(EXPIRY_BATCH)
            .for('update', { skipLocked: true });
          if (due.length === 0) return 0;
          const ids = due.map((r) => r.id);
          const lines = await tx.select().from(orderLines).where(inArray(orderLines.orderId, ids));
          await releaseReserved(sales, ctx, lines);
          await tx
            .update(orders)
            .set({ status: 'cancelled', updatedAt: sql`now()` })
            .where(inArray(orders.id, ids));
          ctx.raise('orders.expired', { orderIds: ids });
          await tx.insert(orderEvents).values(
            ids.map((orderId) => ({
              orderId,
              kind: 'expired' as const,
              status: 'cancelled' as const,
              actor: 'system' as const,
              note: 'The payment window closed.',
            })),
          );
          return due.length;
        });
        expired += batch;
        if (batch < EXPIRY_BATCH) return expired;
      }
    },
  };
}

export type OrderExpiry = ReturnType<typeof createOrderExpiry>;
