import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AdminOrder, AdminOrderPage, AdminOrderQuery, Download, Order, OrderPage } from '@hls/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import {
  adminOrderRows,
  adminPage,
  customerOrderIds,
  downloadableLineIds,
  orderPage,
  paidStatuses,
  readOrders,
  toAdminSummary,
  toOrder,
  type OrderDetail,
} from './orders.queries.ts';
import { notFound } from './orders.records.ts';
import { orderLines, orders } from './orders.tables.ts';

/**
 * Reading orders: the customer's list and detail, the back office's list and detail, and what other modules ask
 * (copies sold, whether a customer bought a product). The download links of paid digital lines are the downloads
 * module's: the caller passes how to find them (`LineDownloads`), so the orders know nothing of downloads.
 */

/** The download of each of these paid digital lines of the customer, by line id. */
export type LineDownloads = (userId: string, orderLineIds: number[]) => Promise<Map<number, Download>>;

export type OrderReadsDeps = {
  db: Db;
  accounts: Pick<AccountsService, 'profiles' | 'findUserIds'>;
};

type PaymentViewRow = {
  provider: 'stripe' | 'demo';
  intent_id: string;
  status: string;
  amount_cents: number;
};
type RefundViewRow = {
  id: string;
  amount_cents: number;
  line_ids: number[];
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  created_at: Date | string;
};

export function createOrderReads(deps: OrderReadsDeps) {
  const { db, accounts } = deps;

  /** Orders as the contract shows them, with the downloads of their paid digital lines (outside transactions). */
  async function withDownloads(
    details: OrderDetail[],
    userId: string,
    downloadsOf: LineDownloads,
  ): Promise<Order[]> {
    const lineIds = downloadableLineIds(details);
    const found = lineIds.length ? await downloadsOf(userId, lineIds) : new Map<number, Download>();
    const now = new Date();
    return details.map((detail) => toOrder(detail, found, now));
  }

  /** The payment and refunds of an order, from the views the payments module publishes (`order_payments`…). */
  async function paymentOf(orderId: string): Promise<Pick<AdminOrder, 'payment' | 'refunds'>> {
    const [payment, refunds] = await Promise.all([
      db.execute<PaymentViewRow>(sql`SELECT * FROM order_payments WHERE order_id = ${orderId}`),
      db.execute<RefundViewRow>(
        sql`SELECT * FROM order_refunds WHERE order_id = ${orderId} ORDER BY created_at`,
      ),
    ]);
    const found = payment.rows[0];
    return {
      payment: found
        ? {
            provider: found.provider,
            intentId: found.intent_id,
            status: found.status,
            amountCents: found.amount_cents,
          }
        : null,
      refunds: refunds.rows.map((row) => ({
        id: row.id,
        amountCents: row.amount_cents,
        lineIds: row.line_ids,
        reason: row.reason,
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }

  return {
    /**
     * Copies sold of these products: units of the active lines of paid orders (refunded and withdrawn lines
     * left out), per product id; products never sold are absent.
     */
    async unitsSold(productIds: number[]): Promise<Map<number, number>> {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ productId: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::int` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            inArray(orderLines.productId, ids),
            eq(orderLines.status, 'active'),
            inArray(orders.status, [...paidStatuses]),
          ),
        )
        .groupBy(orderLines.productId);
      return new Map(rows.map((row) => [row.productId, row.units]));
    },

    /** The user bought this product: a line of it in a paid order, neither refunded nor withdrawn. */
    async bought(userId: string, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: orderLines.id })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orders.userId, userId),
            eq(orderLines.productId, productId),
            eq(orderLines.status, 'active'),
            inArray(orders.status, [...paidStatuses]),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** One of the customer's orders (another customer's is a 404). */
    async customerOrder(userId: string, orderId: string, downloadsOf: LineDownloads): Promise<Order> {
      const [detail] = await readOrders(db, [orderId]);
      if (!detail || detail.row.userId !== userId) throw notFound();
      return (await withDownloads([detail], userId, downloadsOf))[0]!;
    },

    /** The customer's orders, newest first. */
    async customerOrders(userId: string, page: number, downloadsOf: LineDownloads): Promise<OrderPage> {
      const { ids, count, pages } = await customerOrderIds(db, userId, page);
      const details = await readOrders(db, ids);
      return orderPage(await withDownloads(details, userId, downloadsOf), count, page, pages);
    },

    async adminList(query: z.output<typeof AdminOrderQuery>): Promise<AdminOrderPage> {
      const customerIds = query.customer ? await accounts.findUserIds(query.customer) : undefined;
      const { rows, count } = await adminOrderRows(db, query, customerIds);
      const customers = await accounts.profiles(rows.map((r) => r.userId));
      const results = rows.map((row) => {
        const c = customers.get(row.userId);
        return toAdminSummary(row, { id: row.userId, name: c?.name ?? '', email: c?.email ?? '' });
      });
      return adminPage(results, count, query.page);
    },

    /** An order as the back office shows it: with its customer, history, downloads, payment and refunds. */
    async adminGet(orderId: string, downloadsOf: LineDownloads): Promise<AdminOrder> {
      const [detail] = await readOrders(db, [orderId]);
      if (!detail) throw notFound();
      const { userId } = detail.row;
      const [[order], customers, payment] = await Promise.all([
        withDownloads([detail], userId, downloadsOf),
        accounts.profiles([userId]),
        paymentOf(orderId),
      ]);
      const customer = customers.get(userId);
      return {
        ...order!,
        customer: { id: userId, name: customer?.name ?? '', email: customer?.email ?? '' },
        ...payment,
      };
    },
  };
}

export type OrderReads = ReturnType<typeof createOrderReads>;
