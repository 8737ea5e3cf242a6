import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { CheckoutWorkflow } from '../checkout/index.ts';
import type { Settlement } from './payments.settlement.ts';
import {
  notFound,
  unreachableAs503,
  type PaymentOrders,
  type PaymentRow,
  type PaymentsLogger,
  type RefundRow,
} from './payments.shared.ts';
import { payments, refunds } from './payments.tables.ts';
import { ProviderRefusedError, type PaymentsProvider } from './providers/provider.ts';

const sameLines = (a: number[], b: number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/**
 * Money given back: the back office's refunds, those the shop makes by itself (a job), and the refunds made from
 * the provider's dashboard, recorded when Stripe tells of them.
 */
export function createRefunds(deps: {
  db: Db;
  transaction: AppTransaction;
  orders: Pick<PaymentOrders, 'forPayment' | 'refundable' | 'recordEvent'>;
  checkout: Pick<CheckoutWorkflow, 'orderRefunded'>;
  provider: Pick<PaymentsProvider, 'refund'>;
  log: PaymentsLogger;
  settlement: Pick<Settlement, 'findPayment' | 'firstTime' | 'lockPayment'>;
}) {
  const { db, transaction, orders, checkout, provider, log } = deps;
  const { findPayment, firstTime, lockPayment } = deps.settlement;

  /** Sends a refund row to the provider (its id is the idempotency key); a refusal marks it failed. */
  async function sendRefund(
    refund: RefundRow,
    payment: PaymentRow,
  ): Promise<{ providerRefundId: string } | { error: string }> {
    try {
      const result = await provider.refund({
        intentId: payment.intentId!,
        amountCents: refund.amountCents,
        idempotencyKey: refund.id,
        ...(refund.reason ? { reason: refund.reason } : {}),
      });
      if (result.status === 'failed' || result.status === 'canceled') {
        throw new ProviderRefusedError(`The provider answered the refund with ${result.status}.`);
      }
      return { providerRefundId: result.refundId };
    } catch (error) {
      if (!(error instanceof ProviderRefusedError)) throw error;
      await db
        .update(refunds)
        .set({ status: 'failed', lastError: error.message, updatedAt: new Date() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
      return { error: error.message };
    }
  }

  return {
    /**
     * POST /api/admin/orders/{id}/refund: the whole order or some lines, through the provider, then recorded with
     * the order (which revokes the lines' downloads). Retrying (a double click, a timeout) never refunds twice.
     */
    async refund(input: {
      orderId: string;
      lineIds: number[] | undefined;
      reason: string | undefined;
      actorId: string;
    }) {
      const order = await orders.forPayment(input.orderId);
      if (!order) throw notFound();
      const [payment] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')))
        .orderBy(desc(payments.succeededAt))
        .limit(1);
      if (!payment?.intentId) {
        throw new AppError('refund_unavailable', 'This order has no payment to refund.');
      }
      const wanted = await orders.refundable(order.id, input.lineIds);
      const inProgress = () =>
        db
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'pending')));
      let [refund] = await inProgress();
      if (!refund) {
        [refund] = await db
          .insert(refunds)
          .values({
            orderId: order.id,
            paymentId: payment.id,
            amountCents: wanted.amountCents,
            lineIds: wanted.lineIds,
            reason: input.reason ?? null,
            actor: 'staff',
            actorId: input.actorId,
          })
          .onConflictDoNothing()
          .returning();
        // A concurrent request (a double click) created it first.
        if (!refund) [refund] = await inProgress();
      }
      // The same refund again (a double click, a retry after a timeout) goes on with the same idempotency key.
      if (
        !refund ||
        refund.actor !== 'staff' ||
        refund.amountCents !== wanted.amountCents ||
        !sameLines(refund.lineIds, wanted.lineIds)
      ) {
        throw new AppError('refund_unavailable', 'Another refund of this order is in progress.');
      }
      const pendingRefund = refund;
      const sent = await unreachableAs503(() => sendRefund(pendingRefund, payment));
      if ('error' in sent) throw new AppError('refund_unavailable', sent.error);
      await transaction(async (ctx) => {
        const [done] = await ctx.tx
          .update(refunds)
          .set({ status: 'succeeded', providerRefundId: sent.providerRefundId, updatedAt: new Date() })
          .where(and(eq(refunds.id, pendingRefund.id), eq(refunds.status, 'pending')))
          .returning();
        // A concurrent retry of the same refund recorded it already.
        if (!done) return;
        await checkout.orderRefunded(ctx, {
          orderId: order.id,
          lineIds: done.lineIds,
          amountCents: done.amountCents,
          reference: sent.providerRefundId,
          actor: { kind: 'staff', userId: input.actorId },
          reason: done.reason,
        });
      });
    },

    /** The job of a refund the shop makes by itself: retried until the provider answers. */
    async runSystemRefund(refundId: string): Promise<void> {
      const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      if (!refund || refund.status !== 'pending') return;
      const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
      const sent = await sendRefund(refund, payment!);
      if ('error' in sent) {
        log.error({ refundId, error: sent.error }, 'the provider refused an automatic refund');
        return;
      }
      await db
        .update(refunds)
        .set({ status: 'succeeded', providerRefundId: sent.providerRefundId, updatedAt: new Date() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    },

    /**
     * `charge.refunded`: a refund the shop did not make (Stripe's dashboard) is recorded with the order; refunds the
     * shop made, or is making, are already counted.
     */
    async reconcileRefunds(charge: Stripe.Charge, eventId: string) {
      const intentId =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return;
      const payment = await findPayment({ id: intentId, paymentId: null });
      if (!payment) return;
      const refundable = await orders.refundable(payment.orderId).catch(() => null);
      await transaction(async (ctx) => {
        if (!(await firstTime(ctx, eventId, 'charge.refunded'))) return;
        await lockPayment(ctx, payment.id);
        const [{ accounted } = { accounted: 0 }] = await ctx.tx
          .select({ accounted: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
          .from(refunds)
          .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ['pending', 'succeeded'])));
        const extra = charge.amount_refunded - accounted;
        if (extra <= 0) return;
        const whole = refundable !== null && extra >= refundable.amountCents;
        const lineIds = whole ? refundable.lineIds : [];
        const amountCents = whole ? refundable.amountCents : extra;
        const reason = 'refunded from the payment provider’s dashboard';
        await ctx.tx.insert(refunds).values({
          orderId: payment.orderId,
          paymentId: payment.id,
          amountCents,
          lineIds,
          reason,
          status: 'succeeded',
          actor: 'provider',
          providerRefundId: `${charge.id}:${charge.amount_refunded}`,
        });
        if (refundable) {
          await checkout.orderRefunded(ctx, {
            orderId: payment.orderId,
            lineIds,
            amountCents,
            reference: charge.id,
            actor: { kind: 'provider' },
            reason,
          });
        } else {
          await orders.recordEvent(ctx, payment.orderId, {
            kind: 'refunded',
            actor: 'provider',
            note: reason,
          });
        }
      });
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
