import { and, asc, eq } from 'drizzle-orm';
import type { OrderEvent, OrderEventKind, OrderStatus } from '@hls/contract';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { EventRow, LineRow, OrderRow } from './orders.queries.ts';
import { orderEvents, orderLines, orders } from './orders.tables.ts';

/** The rows every use case of the orders reads and writes: an order locked, its lines, its history. */

export type OrderActor = OrderEvent['actor'];

export const notFound = () => new AppError('not_found', 'No such order.');
export const invalidTransition = (message: string) => new AppError('invalid_transition', message);
export const refundUnavailable = (message: string) => new AppError('refund_unavailable', message);
export const withdrawalUnavailable = (message: string) => new AppError('withdrawal_unavailable', message);

/** The order locked for the transaction (only the given customer's, with `userId`). */
export async function lockOrder(tx: Tx, orderId: string, userId?: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId))
    .for('update');
  return row;
}

export async function linesOf(tx: Tx, orderId: string): Promise<LineRow[]> {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

export async function eventsOf(tx: Tx, orderId: string): Promise<EventRow[]> {
  return tx.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/** A row of the order's history, with the status the order has after the change. */
export async function addEvent(
  tx: Tx,
  orderId: string,
  event: {
    kind: OrderEventKind;
    status: OrderStatus;
    actor: OrderActor;
    actorUserId?: string | null | undefined;
    note?: string | null | undefined;
  },
): Promise<EventRow> {
  const [row] = await tx
    .insert(orderEvents)
    .values({
      orderId,
      kind: event.kind,
      status: event.status,
      actor: event.actor,
      actorUserId: event.actorUserId ?? null,
      note: event.note ?? null,
    })
    .returning();
  return row!;
}

/** Editions in one order everywhere, so two orders holding the same books never wait on each other. */
export const byEdition = (a: { editionId: number | null }, b: { editionId: number | null }) =>
  (a.editionId ?? 0) - (b.editionId ?? 0);
