import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminOrderPage,
  AdminOrderQuery,
  AdminOrderSummary,
  Download,
  Order,
  OrderLine,
  OrderPage,
} from '@hls/contract';
import { WITHDRAWAL_DAYS } from '@hls/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import { orderEvents, orderLines, orders } from './orders.tables.ts';
import { likePattern } from '../../db/like.ts';

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;

/** Orders per page of the customer's list. */
export const CUSTOMER_PAGE_SIZE = 10;
/** Orders per page of the back office's list. */
export const ADMIN_PAGE_SIZE = 20;

const DAY_MS = 86_400_000;

/** Statuses of an order whose payment was taken (and not wholly given back). */
export const paidStatuses = ['paid', 'shipped', 'delivered', 'partially_refunded'] as const;

export type OrderDetail = { row: OrderRow; lines: LineRow[]; events: EventRow[] };

/** The orders of these ids with their lines and history (absent ids are skipped), in the order of `ids`. */
export async function readOrders(db: DbOrTx, ids: string[]): Promise<OrderDetail[]> {
  if (ids.length === 0) return [];
  const [rows, lines, events] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            row,
            lines: lines.filter((l) => l.orderId === id),
            events: events.filter((e) => e.orderId === id),
          },
        ]
      : [];
  });
}

/** Last moment paper lines can be withdrawn: WITHDRAWAL_DAYS after delivery; null before delivery. */
export function withdrawalDeadline(row: Pick<OrderRow, 'deliveredAt'>): Date | null {
  return row.deliveredAt ? new Date(row.deliveredAt.getTime() + WITHDRAWAL_DAYS * DAY_MS) : null;
}

/**
 * Paper lines may be withdrawn once the parcel left (the customer may receive it before we mark it delivered)
 * and until WITHDRAWAL_DAYS after its delivery, once per order.
 */
export function canWithdraw(row: OrderRow, lines: LineRow[], now: Date): boolean {
  if (row.withdrawalRequestedAt || !row.shippedAt) return false;
  if (!['shipped', 'delivered', 'partially_refunded'].includes(row.status)) return false;
  if (!lines.some((l) => l.format === 'paper' && l.status === 'active')) return false;
  const deadline = withdrawalDeadline(row);
  return deadline === null || now.getTime() <= deadline.getTime();
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toOrderLine(line: LineRow, download: Download | null): OrderLine {
  return {
    id: line.id,
    productId: line.productId,
    kind: line.kind,
    section: line.section,
    format: line.format,
    fileType: line.fileType,
    title: line.title,
    coverUrl: line.coverUrl,
    unitPriceCents: line.unitPriceCents,
    discountPercent: line.discountPercent,
    unitFinalCents: line.unitFinalCents,
    quantity: line.quantity,
    totalCents: line.totalCents,
    tax:
      line.netCents !== null && line.taxCountry && line.taxTreatment
        ? {
            country: line.taxCountry,
            treatment: line.taxTreatment,
            rateBp: line.vatRateBp ?? 0,
            vatCents: line.vatCents ?? 0,
            netCents: line.netCents,
            amountCents: line.amountCents,
          }
        : null,
    status: line.status,
    refundedCents: line.refundedCents,
    download,
  };
}

export function toOrder(
  { row, lines, events }: OrderDetail,
  downloads: ReadonlyMap<number, Download>,
  now = new Date(),
): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    currency: 'EUR',
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    expiresAt: row.status === 'pending_payment' ? iso(row.expiresAt) : null,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    totalCents: row.totalCents,
    vatCents: row.vatCents,
    netCents: row.netCents,
    billing: row.billingCountry
      ? {
          country: row.billingCountry,
          vatNumber: row.vatNumber,
          reverseCharge: row.reverseCharge,
          pricesIncludeVat: row.pricesIncludeVat,
        }
      : null,
    refundedCents: row.refundedCents,
    needsAddress: row.needsAddress,
    hasDigital: row.hasDigital,
    address: row.shippingAddress ?? null,
    consent: row.consent ?? null,
    lines: lines.map((line) =>
      toOrderLine(line, line.format === 'paper' ? null : (downloads.get(line.id) ?? null)),
    ),
    shipment:
      row.shippedAt && row.carrier && row.trackingNumber
        ? {
            carrier: row.carrier,
            trackingNumber: row.trackingNumber,
            trackingUrl: row.trackingUrl,
            shippedAt: row.shippedAt.toISOString(),
            deliveredAt: iso(row.deliveredAt),
          }
        : null,
    withdrawal: row.withdrawalRequestedAt
      ? {
          requestedAt: row.withdrawalRequestedAt.toISOString(),
          lineIds: row.withdrawalLineIds ?? [],
          refundedAt: iso(row.withdrawalRefundedAt),
        }
      : null,
    withdrawalDeadline: iso(withdrawalDeadline(row)),
    canWithdraw: canWithdraw(row, lines, now),
    history: events.map((e) => ({
      at: e.at.toISOString(),
      kind: e.kind,
      status: e.status,
      actor: e.actor,
      note: e.note,
    })),
  };
}

/** Digital lines that may have a download: those of an order whose payment was taken. */
export function downloadableLineIds(details: OrderDetail[]): number[] {
  return details.flatMap(({ row, lines }) =>
    row.paidAt ? lines.filter((l) => l.format !== 'paper').map((l) => l.id) : [],
  );
}

/** One page of a customer's orders, newest first: the ids and the count. */
export async function customerOrderIds(
  db: DbOrTx,
  userId: string,
  page: number,
): Promise<{ ids: string[]; count: number; pages: number }> {
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CUSTOMER_PAGE_SIZE)
      .offset((page - 1) * CUSTOMER_PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  const n = total?.n ?? 0;
  return { ids: ids.map((r) => r.id), count: n, pages: Math.ceil(n / CUSTOMER_PAGE_SIZE) };
}

export function orderPage(results: Order[], n: number, page: number, pages: number): OrderPage {
  return { results, count: n, page, pageSize: CUSTOMER_PAGE_SIZE, pages };
}

type ParsedAdminQuery = z.output<typeof AdminOrderQuery>;

/**
 * The back office's list: filters on status, creation dates (UTC days, inclusive), the customer (ids found by
 * the accounts module from a part of the e-mail or name) or the order number, and withdrawal requests.
 */
export async function adminOrderRows(
  db: DbOrTx,
  query: ParsedAdminQuery,
  customerIds: string[] | undefined,
): Promise<{ rows: (OrderRow & { lineCount: number })[]; count: number }> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.from) where.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) where.push(lt(orders.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  if (query.withdrawal === 'requested') where.push(isNotNull(orders.withdrawalRequestedAt));
  if (query.customer) {
    const byNumber = sql`${orders.number} ILIKE ${likePattern(query.customer)}`;
    where.push(
      customerIds && customerIds.length > 0 ? or(byNumber, inArray(orders.userId, customerIds))! : byNumber,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        lineCount: sql<number>`(SELECT count(*)::int FROM order_lines l WHERE l.order_id = orders.id)`,
      })
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  return { rows: rows.map((r) => ({ ...r.order, lineCount: r.lineCount })), count: total?.n ?? 0 };
}

export function toAdminSummary(
  row: OrderRow & { lineCount: number },
  customer: AdminOrderSummary['customer'],
): AdminOrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    totalCents: row.totalCents,
    refundedCents: row.refundedCents,
    customer,
    lineCount: row.lineCount,
    needsShipping:
      row.needsAddress && !row.shippedAt && (row.status === 'paid' || row.status === 'partially_refunded'),
    withdrawalRequested: row.withdrawalRequestedAt !== null,
  };
}

export function adminPage(results: AdminOrderSummary[], n: number, page: number): AdminOrderPage {
  return { results, count: n, page, pageSize: ADMIN_PAGE_SIZE, pages: Math.ceil(n / ADMIN_PAGE_SIZE) };
}
