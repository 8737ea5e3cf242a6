import { and, asc, type Column, eq, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import type { OrderEvent, OrderEventKind, OrderStatus } from '@hls/contract';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { EventRow, LineRow, OrderRow } from './orders.queries.ts';
import { orderEvents, orderLines, orders } from './orders.tables.ts';

/** The rows every use case of the orders reads and writes: an order locked, its lines, its history. */

export type OrderActor = OrderEvent['actor'];

export const notFound = () => new AppError('not_found', 'No such order.');
export const notPayable = () =>
  new AppError('order_not_payable', 'This order is no longer waiting for payment.');
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

/** The columns of a table by their keys, listed once per table. */
const columnsOf = new WeakMap<Table, [string, Column][]>();

/**
 * A row of `table` as a statement gave it in JSON (`row_to_json`, `json_agg`: the columns by their SQL names), read
 * the way Drizzle reads the row itself (timestamps as dates, JSON columns parsed).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  let columns = columnsOf.get(table);
  if (!columns) columnsOf.set(table, (columns = Object.entries(getTableColumns(table))));
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * The whole row of `table` (of the statement's FROM or a join) as one selected value: Drizzle builds one chunk where
 * a table selected column by column costs one per column (the paid order's statement: 188 -> 99 µs to build). The
 * table of a left join gives null where it found none.
 */
export function rowOf<T extends Table>(table: T): SQL<T['$inferSelect']>;
export function rowOf<T extends Table>(table: T, join: 'left join'): SQL<T['$inferSelect'] | null>;
export function rowOf<T extends Table>(table: T): SQL<T['$inferSelect'] | null> {
  return sql`row_to_json(${table})`.mapWith((json: Record<string, unknown> | string | null) =>
    json === null ? null : rowFromJson(table, parsedJson(json)),
  );
}

/** A `json`/`json_agg` column as the driver gives it: parsed by node-postgres and PGlite, a string otherwise. */
export function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** An order written in one statement that answers it as JSON (`row_to_json` and `json_agg` of its lines, history). */
export type WrittenOrderJson = { order: unknown; lines: unknown; events: unknown };

/** An order and its lines answered as JSON (`row_to_json` of the order, `json_agg` of its lines), as Drizzle reads. */
export function orderFromJson(json: { order: unknown; lines: unknown }): { row: OrderRow; lines: LineRow[] } {
  return {
    row: rowFromJson(orders, parsedJson(json.order)),
    lines: parsedJson<Record<string, unknown>[]>(json.lines).map((l) => rowFromJson(orderLines, l)),
  };
}

/** The rows of an order answered by `WrittenOrderJson`, as Drizzle would have read them. */
export function writtenOrder(written: WrittenOrderJson): {
  row: OrderRow;
  lines: LineRow[];
  events: EventRow[];
} {
  return {
    ...orderFromJson(written),
    events: parsedJson<Record<string, unknown>[]>(written.events).map((e) => rowFromJson(orderEvents, e)),
  };
}
