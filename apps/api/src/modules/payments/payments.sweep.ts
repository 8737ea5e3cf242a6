import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Settlement } from './payments.settlement.ts';
import {
  markCanceled,
  openStatuses,
  type PaymentOrders,
  type PaymentRow,
  type PaymentsLogger,
} from './payments.shared.ts';
import { payments } from './payments.tables.ts';
import { ProviderRefusedError, type PaymentsProvider, type RetrievedIntent } from './providers/provider.ts';

/** Attempts the sweep asks the provider about per round (the oldest first; the rest wait for the next round). */
const SWEEP_BATCH = 200;

/**
 * Attempts that stopped waiting: the intent of an order expired or cancelled, and the sweep that ends payment
 * windows. Each asks the provider where the attempt stands, so money taken is settled, never dropped.
 */
export function createSweep(deps: {
  db: Db;
  orders: Pick<PaymentOrders, 'overdue' | 'stillPending' | 'expireDue'>;
  provider: Pick<PaymentsProvider, 'retrieveIntent' | 'cancelIntent'>;
  log: PaymentsLogger;
  /** Milliseconds after which an attempt in flight with no news is asked about (a crash may have cut it off). */
  quietAfterMs: number;
  settlement: Pick<Settlement, 'settle'>;
}) {
  const { db, orders, provider, log, quietAfterMs } = deps;
  const { settle } = deps.settlement;

  /** The provider's intent, or null when it knows none of that id. */
  async function retrieveOrNull(intentId: string): Promise<RetrievedIntent | null> {
    try {
      return await provider.retrieveIntent(intentId);
    } catch (error) {
      if (error instanceof ProviderRefusedError) return null;
      throw error;
    }
  }

  /**
   * Asks the provider where an attempt in flight stands and acts on what it says: money taken settles the order
   * (paid, or refunded when it can no longer be paid); with `closing` (its order stopped waiting, or must), the
   * intent is cancelled and asked about again, so a card that succeeded in between is settled, never dropped.
   * 'open' means the payment is still in flight (a card being typed, a bank still deciding): its order waits.
   * An unreachable provider throws (ProviderUnavailableError) and changes nothing.
   */
  async function reconcileAttempt(
    payment: PaymentRow,
    closing: boolean,
  ): Promise<'settled' | 'canceled' | 'open'> {
    if (!payment.intentId) {
      // No intent was stored: none was handed to the browser, so no card can have paid this attempt.
      if (closing) await markCanceled(db, payment, 'no intent was started');
      return closing ? 'canceled' : 'open';
    }
    let intent = await retrieveOrNull(payment.intentId);
    if (closing && intent && intent.status !== 'succeeded' && intent.status !== 'canceled') {
      try {
        await provider.cancelIntent(intent.id);
      } catch (error) {
        // A payment the bank is still deciding cannot be cancelled: it stays in flight.
        if (!(error instanceof ProviderRefusedError)) throw error;
        log.warn({ err: error, intentId: intent.id }, 'the provider refused to cancel an intent');
      }
      intent = await retrieveOrNull(intent.id);
    }
    if (intent?.status === 'succeeded') {
      await settle(intent, { eventId: `intent:${intent.id}:succeeded`, type: 'payment_intent.succeeded' });
      return 'settled';
    }
    if (!intent || intent.status === 'canceled') {
      await markCanceled(db, payment);
      return 'canceled';
    }
    // Asked again after the other attempts in flight.
    await db
      .update(payments)
      .set({ updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, openStatuses)));
    return 'open';
  }

  return {
    /**
     * Cancels the order's intent in progress (an expired or cancelled order) — or settles it, when the card
     * succeeded meanwhile; safe to call again.
     */
    async cancelForOrder(orderId: string): Promise<void> {
      const open = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), inArray(payments.status, openStatuses)));
      for (const payment of open) await reconcileAttempt(payment, true);
    },

    /**
     * The end of payment windows, every minute. First the provider is asked about the attempts in flight of the
     * orders past their window, and of any attempt quiet for a minute (`PAYMENT_QUIET_AFTER`: a crash, a database
     * gone, may have cut its confirmation off): money taken pays the order — or is refunded when it no longer can be — and the rest are
     * cancelled with the provider. Then the orders past their window are expired, except those whose payment is
     * still in flight (the provider unreachable, a bank still deciding): they wait for the next round. So a payment
     * taken is never followed by an expired order.
     */
    async sweep(now: Date = new Date()) {
      const outcome = { settled: 0, canceled: 0, waiting: 0, expired: 0 };
      const inFlight = inArray(payments.status, openStatuses);
      // An attempt closes when its order is past its window, or no longer waits for a payment (paid by another
      // attempt, cancelled): what is taken is settled, the rest cancelled with the provider.
      const ask = async (attempts: PaymentRow[], overdue: ReadonlySet<string>) => {
        const pending = await orders.stillPending(
          attempts.map((payment) => payment.orderId).filter((id) => !overdue.has(id)),
        );
        for (const payment of attempts) {
          try {
            const closing = overdue.has(payment.orderId) || !pending.has(payment.orderId);
            const result = await reconcileAttempt(payment, closing);
            outcome[result === 'open' ? 'waiting' : result] += 1;
          } catch (error) {
            outcome.waiting += 1;
            log.warn({ err: error, paymentId: payment.id }, 'a payment in flight is asked about again later');
          }
        }
      };
      // Orders past their window, a batch at a time: their attempts asked about, then those with none in flight
      // expired. Each order is looked at once per sweep.
      const seen = new Set<string>();
      for (;;) {
        const overdue = (await orders.overdue(now, SWEEP_BATCH + seen.size)).filter((id) => !seen.has(id));
        if (overdue.length === 0) break;
        for (const id of overdue) seen.add(id);
        const attempts = await db
          .select()
          .from(payments)
          .where(and(inFlight, inArray(payments.orderId, overdue)));
        await ask(attempts, new Set(overdue));
        const still = await db
          .selectDistinct({ orderId: payments.orderId })
          .from(payments)
          .where(and(inFlight, inArray(payments.orderId, overdue)));
        const waiting = new Set(still.map((row) => row.orderId));
        outcome.expired += await orders.expireDue(now, { only: overdue.filter((id) => !waiting.has(id)) });
      }
      // Attempts quiet for a while, whatever their order's window.
      const quiet = await db
        .select()
        .from(payments)
        .where(
          and(
            inFlight,
            isNotNull(payments.intentId),
            lt(payments.updatedAt, new Date(now.getTime() - quietAfterMs)),
          ),
        )
        .orderBy(payments.updatedAt)
        .limit(SWEEP_BATCH);
      await ask(quiet, new Set());
      return outcome;
    },
  };
}
