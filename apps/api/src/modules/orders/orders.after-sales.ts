import { eq, sql } from 'drizzle-orm';
import type { ShipBody } from '@hls/contract';
import type { z } from 'zod';
import type { AppTxContext } from '../../plugins/database.ts';
import type { AccountsService, UserProfile } from '../accounts/index.ts';
import { canWithdraw, type LineRow, type OrderRow } from './orders.queries.ts';
import {
  addEvent,
  invalidTransition,
  linesOf,
  lockOrder,
  notFound,
  withdrawalUnavailable,
} from './orders.records.ts';
import { orders } from './orders.tables.ts';

/**
 * After the payment: the customer's withdrawal from paper books, the parcel shipped, the parcel delivered. Each
 * records the change with the order, in the caller's transaction, and returns what the workflow tells the customer.
 */

export type AfterSalesDeps = { accounts: Pick<AccountsService, 'profiles'> };

/** A change of a paid order, with its customer: the order after the change. */
export type AfterSaleRecord = { row: OrderRow; customer: UserProfile };

export function createOrderAfterSales(deps: AfterSalesDeps) {
  async function profileOf(userId: string, ctx: AppTxContext): Promise<UserProfile> {
    const profile = (await deps.accounts.profiles([userId], ctx)).get(userId);
    if (!profile) throw new Error(`order customer ${userId} not found`);
    return profile;
  }

  return {
    /**
     * "Withdraw from contract here" (Art. 11a): the customer's paper lines (all, or those named), once, from
     * shipment until WITHDRAWAL_DAYS after delivery.
     */
    async requestWithdrawal(
      ctx: AppTxContext,
      request: { userId: string; orderId: string; lineIds: number[] | undefined },
    ): Promise<AfterSaleRecord & { lines: LineRow[]; requestedAt: Date }> {
      const { tx } = ctx;
      const { userId, orderId, lineIds } = request;
      const row = await lockOrder(tx, orderId, userId);
      if (!row) throw notFound();
      const lines = await linesOf(tx, orderId);
      const now = new Date();
      if (!canWithdraw(row, lines, now)) {
        throw withdrawalUnavailable('This order cannot be withdrawn from (any more).');
      }
      const paper = lines.filter((l) => l.format === 'paper' && l.status === 'active');
      const chosen = lineIds?.length ? paper.filter((l) => lineIds.includes(l.id)) : paper;
      if (chosen.length === 0 || (lineIds?.length && chosen.length !== new Set(lineIds).size)) {
        throw withdrawalUnavailable('Only the paper books of this order can be withdrawn.');
      }
      const [updated] = await tx
        .update(orders)
        .set({
          withdrawalRequestedAt: now,
          withdrawalLineIds: chosen.map((l) => l.id),
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, orderId))
        .returning();
      await addEvent(tx, orderId, {
        kind: 'withdrawal_requested',
        status: row.status,
        actor: 'customer',
        actorUserId: userId,
        note: chosen.map((l) => `${l.quantity} × ${l.title}`).join('; '),
      });
      return { row: updated!, lines: chosen, requestedAt: now, customer: await profileOf(userId, ctx) };
    },

    /** A paid paper order leaves: carrier and tracking number. */
    async markShipped(
      ctx: AppTxContext,
      staffId: string,
      orderId: string,
      parcel: z.output<typeof ShipBody>,
    ): Promise<AfterSaleRecord> {
      const { tx } = ctx;
      const row = await lockOrder(tx, orderId);
      if (!row) throw notFound();
      const lines = await linesOf(tx, orderId);
      const shippable =
        (row.status === 'paid' || row.status === 'partially_refunded') &&
        !row.shippedAt &&
        lines.some((l) => l.format === 'paper' && l.status === 'active');
      if (!shippable)
        throw invalidTransition('Only a paid order with paper books not yet shipped can be shipped.');
      const [updated] = await tx
        .update(orders)
        .set({
          status: 'shipped',
          carrier: parcel.carrier,
          trackingNumber: parcel.trackingNumber,
          trackingUrl: parcel.trackingUrl ?? null,
          shippedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, orderId))
        .returning();
      await addEvent(tx, orderId, {
        kind: 'shipped',
        status: 'shipped',
        actor: 'staff',
        actorUserId: staffId,
        note: `${parcel.carrier} ${parcel.trackingNumber}`,
      });
      return { row: updated!, customer: await profileOf(row.userId, ctx) };
    },

    /** A shipped parcel arrived: the withdrawal period starts. */
    async markDelivered(ctx: AppTxContext, staffId: string, orderId: string): Promise<AfterSaleRecord> {
      const { tx } = ctx;
      const row = await lockOrder(tx, orderId);
      if (!row) throw notFound();
      if (
        !row.shippedAt ||
        row.deliveredAt ||
        (row.status !== 'shipped' && row.status !== 'partially_refunded')
      ) {
        throw invalidTransition('Only a shipped order can be marked delivered.');
      }
      const [updated] = await tx
        .update(orders)
        .set({
          status: row.status === 'shipped' ? 'delivered' : row.status,
          deliveredAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, orderId))
        .returning();
      await addEvent(tx, orderId, {
        kind: 'delivered',
        status: updated!.status,
        actor: 'staff',
        actorUserId: staffId,
      });
      return { row: updated!, customer: await profileOf(row.userId, ctx) };
    },
  };
}

export type OrderAfterSales = ReturnType<typeof createOrderAfterSales>;
