import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { inTransaction, preparedOnce } from '../../db/prepared.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { CheckoutWorkflow } from '../checkout/index.ts';
import type { AlongsideWrite } from '../orders/index.ts';
import {
  openStatuses,
  REFUND_JOB,
  type EventSource,
  type PaymentOrders,
  type PaymentRow,
  type PaymentsLogger,
} from './payments.shared.ts';
import { payments, processedEvents, refunds } from './payments.tables.ts';
import type { PaymentsProvider, RetrievedIntent } from './providers/provider.ts';

export type SettleOutcome = 'paid' | 'already_paid' | 'mismatch' | 'not_payable' | 'duplicate' | 'unknown';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a succeeded intent cannot pay this attempt's order, or null when it matches. */
function mismatchOf(payment: PaymentRow, intent: RetrievedIntent): string | null {
  if (intent.orderId !== payment.orderId) {
    return `the intent ${intent.id} belongs to order ${intent.orderId ?? '(none)'}`;
  }
  if (intent.currency.toUpperCase() !== payment.currency) {
    return `received ${intent.currency.toUpperCase()}, expected ${payment.currency}`;
  }
  if (intent.amountReceived !== payment.amountCents) {
    return `received ${intent.amountReceived} cents, expected ${payment.amountCents}`;
  }
  return null;
}

/**
 * What the provider says of an intent, recorded once: the attempt found (or adopted) and locked, the event
 * recorded as processed, money taken settled with the order, a declined card noted. The other use cases confirm
 * through it.
 */
export function createSettlement(deps: {
  db: Db;
  transaction: AppTransaction;
  orders: Pick<PaymentOrders, 'recordEvent'>;
  checkout: Pick<CheckoutWorkflow, 'orderPaid'>;
  provider: Pick<PaymentsProvider, 'name'>;
  jobs: Pick<Jobs, 'send'>;
  log: PaymentsLogger;
}) {
  const { transaction, orders, checkout, provider, jobs, log } = deps;

  /** The payment attempt of this intent: by its id, else by the attempt named in its metadata. */
  async function findPayment(
    intent: Pick<RetrievedIntent, 'id' | 'paymentId'>,
    within?: AppTxContext,
  ): Promise<PaymentRow | null> {
    const db = within?.tx ?? deps.db;
    const [byIntent] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.intentId, intent.id)));
    if (byIntent) return byIntent;
    if (!intent.paymentId || !uuidPattern.test(intent.paymentId)) return null;
    // The intent was created but its id not yet stored (the answer was lost): the metadata names the attempt.
    const [adopted] = await db
      .update(payments)
      .set({ intentId: intent.id, status: 'open', updatedAt: new Date() })
      .where(
        and(
          eq(payments.id, intent.paymentId),
          eq(payments.provider, provider.name),
          isNull(payments.intentId),
        ),
      )
      .returning();
    return adopted ?? null;
  }

  /** Inserts the event's row; false when it was processed before (a replay, a concurrent delivery). */
  async function firstTime(ctx: AppTxContext, eventId: string, type: string): Promise<boolean> {
    const inserted = await ctx.tx
      .insert(processedEvents)
      .values({ provider: provider.name, eventId, type })
      .onConflictDoNothing()
      .returning({ eventId: processedEvents.eventId });
    return inserted.length > 0;
  }

  /** `lockAttempt`'s one statement, built once. The event is recorded only when the attempt is there. */
  const lockAndRecord = (() => {
    const ofIntent = and(
      eq(payments.provider, provider.name),
      eq(payments.intentId, sql.placeholder('intentId')),
    );
    const recorded = deps.db.$with('recorded', {}).as(sql`
      INSERT INTO ${processedEvents} (provider, event_id, type)
      SELECT ${provider.name}, ${sql.placeholder('eventId')}, ${sql.placeholder('type')}
      WHERE EXISTS (SELECT 1 FROM ${payments} WHERE ${ofIntent})
      ON CONFLICT DO NOTHING
      RETURNING event_id`);
    return preparedOnce(
      deps.db
        .with(recorded)
        .select({ payment: payments, first: sql<boolean>`EXISTS (SELECT 1 FROM ${recorded})` })
        .from(payments)
        .where(ofIntent)
        .for('update'),
    );
  })();

  /** The attempt `paymentId` marked succeeded, in the statement that marks its order paid (when it does). */
  const attemptSucceeded: AlongsideWrite['write'] = (paid) =>
    deps.db
      .update(payments)
      .set({ status: 'succeeded', succeededAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
      .where(and(eq(payments.id, sql.placeholder('paymentId')), sql`EXISTS (SELECT 1 FROM ${paid})`))
      .getSQL();

  const lockPayment = async (ctx: AppTxContext, id: string) =>
    (await ctx.tx.select().from(payments).where(eq(payments.id, id)).for('update'))[0]!;

  /**
   * The attempt of this intent locked, and the event recorded as processed (`first`: not before), in one statement
   * when the attempt has the intent already; else the attempt adopted by `findPayment` (which locks it), then the
   * event recorded. No attempt: nothing is recorded.
   */
  async function lockAttempt(
    ctx: AppTxContext,
    intent: RetrievedIntent,
    source: EventSource,
  ): Promise<{ payment: PaymentRow; first: boolean } | null> {
    const [byIntent] = await inTransaction(lockAndRecord, ctx.tx).execute({
      intentId: intent.id,
      eventId: source.eventId,
      type: source.type,
    });
    if (byIntent) return byIntent;
    const adopted = await findPayment(intent, ctx);
    if (!adopted) return null;
    return { payment: adopted, first: await firstTime(ctx, source.eventId, source.type) };
  }

  /** Money that does not match the attempt never pays the order; the attempt and the history say why. */
  async function markMismatch(ctx: AppTxContext, payment: PaymentRow, problem: string, recorded: boolean) {
    if (payment.status !== 'succeeded') {
      await ctx.tx
        .update(payments)
        .set({ status: 'mismatch', lastError: problem, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
    }
    if (recorded) return;
    await orders.recordEvent(ctx, payment.orderId, {
      kind: 'payment_mismatch',
      actor: 'provider',
      note: problem,
    });
  }

  /**
   * The one confirmation (the confirm route, a webhook, the demo card form): in one transaction, the event is
   * recorded as processed, the intent is checked against the attempt (succeeded, order, amount received, currency)
   * and the order is paid (the checkout workflow's `orderPaid`). A payment the order can no longer take (expired, stock gone) is refunded.
   */
  async function settle(intent: RetrievedIntent, source: EventSource): Promise<SettleOutcome> {
    if (intent.status !== 'succeeded') return 'unknown';
    return transaction(async (ctx) => {
      // The attempt is locked first: concurrent confirmations of one payment wait here, one after the other.
      const locked = await lockAttempt(ctx, intent, source);
      if (!locked) {
        log.warn({ intentId: intent.id }, 'a succeeded intent matches no payment attempt');
        return 'unknown';
      }
      if (!locked.first) return 'duplicate';
      const current = locked.payment;
      const problem = mismatchOf(current, intent);
      if (problem) {
        await markMismatch(ctx, current, problem, false);
        return 'mismatch';
      }
      const succeeded = (condition: SQL) =>
        ctx.tx
          .update(payments)
          .set({ status: 'succeeded', succeededAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
          .where(and(eq(payments.id, current.id), condition));
      const result = await checkout.orderPaid(ctx, {
        orderId: current.orderId,
        amountCents: intent.amountReceived,
        currency: intent.currency.toUpperCase(),
        provider: provider.name,
        paymentReference: intent.id,
        // The usual case: the attempt marked succeeded by the statement that marks the order paid.
        ...(current.status === 'succeeded'
          ? {}
          : { alongside: { write: attemptSucceeded, values: { paymentId: current.id } } }),
      });
      if (result === 'mismatch') {
        // The order wrote the mismatch in its history.
        await markMismatch(ctx, current, `the order's total or currency differs from the payment`, true);
        return 'mismatch';
      }
      // Money taken for an order paid already or no longer payable: the attempt succeeded all the same.
      if (result !== 'paid' && current.status !== 'succeeded') await succeeded(sql`true`);
      if (result === 'not_payable') {
        await refundInFull(ctx, current, intent.amountReceived, {
          reason: 'The order expired before the payment and its items are no longer available.',
          note: 'payment received after the order expired, items no longer available: refunded in full',
        });
      }
      if (result === 'already_paid' && (await paidByAnother(ctx, current))) {
        await refundInFull(ctx, current, intent.amountReceived, {
          reason: 'The order was already paid by another payment.',
          note: `a second payment (${intent.id}) of an order already paid: refunded in full`,
        });
      }
      return result;
    });
  }

  /** The order was paid by another of its attempts (an old intent paid in a second tab): this money is extra. */
  async function paidByAnother(ctx: AppTxContext, payment: PaymentRow): Promise<boolean> {
    const [other] = await ctx.tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, payment.orderId),
          eq(payments.status, 'succeeded'),
          sql`${payments.id} <> ${payment.id}`,
        ),
      )
      .limit(1);
    return other !== undefined;
  }

  /** Money the order cannot keep is given back in full, by a job that retries until the provider answers. */
  async function refundInFull(
    ctx: AppTxContext,
    payment: PaymentRow,
    amountCents: number,
    why: { reason: string; note: string },
  ) {
    const [already] = await ctx.tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.actor, 'system')));
    if (already) return;
    const [refund] = await ctx.tx
      .insert(refunds)
      .values({
        orderId: payment.orderId,
        paymentId: payment.id,
        amountCents,
        lineIds: [],
        reason: why.reason,
        actor: 'system',
      })
      .onConflictDoNothing()
      .returning();
    // Another refund of the order is in progress: this confirmation is rolled back and tried again later.
    if (!refund) throw new Error(`order ${payment.orderId} has a refund in progress; retry the confirmation`);
    await orders.recordEvent(ctx, payment.orderId, { kind: 'refunded', actor: 'system', note: why.note });
    await jobs.send(REFUND_JOB, { refundId: refund.id }, { ctx, singletonKey: refund.id });
  }

  /** A declined card: the attempt keeps the reason and the order's history says so; a paid order is left alone. */
  async function recordFailure(intent: RetrievedIntent, source: EventSource) {
    const payment = await findPayment(intent);
    if (!payment) return;
    const reason = intent.lastError
      ? [intent.lastError.code, intent.lastError.message].filter(Boolean).join(': ')
      : 'declined';
    await transaction(async (ctx) => {
      if (!(await firstTime(ctx, source.eventId, source.type))) return;
      const current = await lockPayment(ctx, payment.id);
      if (!openStatuses.includes(current.status)) return;
      await ctx.tx
        .update(payments)
        .set({ lastError: reason, updatedAt: new Date() })
        .where(eq(payments.id, current.id));
      await orders.recordEvent(ctx, current.orderId, {
        kind: 'payment_failed',
        actor: 'provider',
        note: reason,
      });
    });
  }

  return { findPayment, firstTime, lockPayment, settle, recordFailure };
}

export type Settlement = ReturnType<typeof createSettlement>;
