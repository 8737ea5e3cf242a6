import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  consentTexts,
  type ConfirmResult,
  type DemoPaymentResult,
  type Language,
  type OrderStatus,
  type PaymentIntent,
} from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { CheckoutWorkflow } from '../checkout/index.ts';
import type { OrdersService } from '../orders/index.ts';
import { declineMessage, isDeclineCode, message } from './payments.messages.ts';
import { payments, processedEvents, refunds, type PaymentStatus } from './payments.tables.ts';
import type { DemoAnswer, DemoCard, DemoProvider } from './providers/demo.ts';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type IntentStatus,
  type PaymentsProvider,
  type RetrievedIntent,
} from './providers/provider.ts';
import { toRetrievedIntent, type StripeProvider } from './providers/stripe.ts';

/** What payments needs of the orders module. */
export type PaymentOrders = Pick<
  OrdersService,
  'forPayment' | 'recordConsent' | 'recordEvent' | 'refundable' | 'overdue' | 'stillPending' | 'expireDue'
>;

export type PaymentsLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type PaymentsDeps = {
  db: Db;
  transaction: AppTransaction;
  orders: PaymentOrders;
  /** The checkout workflow: what follows from money taken (the order paid) or given back (refunded). */
  checkout: Pick<CheckoutWorkflow, 'orderPaid' | 'orderRefunded'>;
  provider: PaymentsProvider;
  jobs: Pick<Jobs, 'send'>;
  log: PaymentsLogger;
  /** Milliseconds after which an attempt in flight with no news is asked about (a crash may have cut it off). */
  quietAfterMs: number;
};

/**
 * The jobs of the payments module: a verified webhook event, a refund the shop makes by itself, the intent of an
 * order that stopped waiting, and the sweep that ends payment windows (`sweep`).
 */
export const WEBHOOK_JOB = 'payments.webhook';
export const REFUND_JOB = 'payments.refund';
export const SWEEP_JOB = 'payments.sweep';
export const CANCEL_JOB = 'payments.cancel';

/** Attempts the sweep asks the provider about per round (the oldest first; the rest wait for the next round). */
const SWEEP_BATCH = 200;

type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** Statuses of an order whose payment has been taken (and may since have been shipped, refunded…). */
const settledOrderStatuses: readonly OrderStatus[] = [
  'paid',
  'shipped',
  'delivered',
  'refunded',
  'partially_refunded',
  'withdrawn',
];
const openStatuses: PaymentStatus[] = ['creating', 'open'];
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError('not_found', 404, 'Not found.');
const unavailable = () =>
  new AppError(
    'payment_provider_unavailable',
    503,
    'The payment provider cannot be reached; nothing was changed. Try again in a moment.',
  );
const notPayable = (text = 'This order is no longer waiting for payment.') =>
  new AppError('order_not_payable', 409, text);
const incomplete = () =>
  new AppError(
    'payment_incomplete',
    409,
    'The payment has not been taken yet: confirm the card, then confirm the order again.',
  );

/** A provider call: an unreachable provider is a 503 that changed nothing. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
}

/** The browser's view of an intent (the contract's statuses). */
function browserStatus(status: IntentStatus): PaymentIntent['status'] {
  switch (status) {
    case 'requires_confirmation':
      return 'requires_payment_method';
    case 'requires_capture':
      return 'processing';
    default:
      return status;
  }
}

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

export type SettleOutcome = 'paid' | 'already_paid' | 'mismatch' | 'not_payable' | 'duplicate' | 'unknown';

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, transaction, orders, checkout, provider, jobs, log, quietAfterMs } = deps;

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

  const lockPayment = async (ctx: AppTxContext, id: string) =>
    (await ctx.tx.select().from(payments).where(eq(payments.id, id)).for('update'))[0]!;

  /** The attempt of this intent found and locked in one statement (else adopted by `findPayment`, which locks it). */
  async function lockAttempt(ctx: AppTxContext, intent: RetrievedIntent): Promise<PaymentRow | null> {
    const [byIntent] = await ctx.tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.intentId, intent.id)))
      .for('update');
    return byIntent ?? findPayment(intent, ctx);
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
  async function settle(
    intent: RetrievedIntent,
    source: { eventId: string; type: string },
  ): Promise<SettleOutcome> {
    if (intent.status !== 'succeeded') return 'unknown';
    return transaction(async (ctx) => {
      // The attempt is locked first: concurrent confirmations of one payment wait here, one after the other.
      const current = await lockAttempt(ctx, intent);
      if (!current) {
        log.warn({ intentId: intent.id }, 'a succeeded intent matches no payment attempt');
        return 'unknown';
      }
      if (!(await firstTime(ctx, source.eventId, source.type))) return 'duplicate';
      const problem = mismatchOf(current, intent);
      if (problem) {
        await markMismatch(ctx, current, problem, false);
        return 'mismatch';
      }
      const result = await checkout.orderPaid(ctx, {
        orderId: current.orderId,
        amountCents: intent.amountReceived,
        currency: intent.currency.toUpperCase(),
        provider: provider.name,
        paymentReference: intent.id,
      });
      if (result === 'mismatch') {
        // The order wrote the mismatch in its history.
        await markMismatch(ctx, current, `the order's total or currency differs from the payment`, true);
        return 'mismatch';
      }
      if (current.status !== 'succeeded') {
        await ctx.tx
          .update(payments)
          .set({ status: 'succeeded', succeededAt: new Date(), lastError: null, updatedAt: new Date() })
          .where(eq(payments.id, current.id));
      }
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
  async function recordFailure(intent: RetrievedIntent, source: { eventId: string; type: string }) {
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

  /** The order's attempt in progress, created when there is none (one per order, even under concurrent calls). */
  async function openAttempt(order: { id: string; totalCents: number; currency: string }): Promise<{
    payment: PaymentRow;
    replaced: PaymentRow | null;
  }> {
    const values = {
      orderId: order.id,
      provider: provider.name,
      amountCents: order.totalCents,
      currency: order.currency,
    };
    // The usual case in one statement: no attempt is open yet (the unique index refuses a second one).
    const [first] = await db.insert(payments).values(values).onConflictDoNothing().returning();
    if (first) return { payment: first, replaced: null };
    return transaction(async ({ tx }) => {
      const [current] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), inArray(payments.status, openStatuses)))
        .for('update');
      const fits =
        current &&
        current.amountCents === order.totalCents &&
        current.currency === order.currency &&
        current.provider === provider.name;
      if (current && fits) return { payment: current, replaced: null };
      if (current) {
        await tx
          .update(payments)
          .set({ status: 'canceled', lastError: 'replaced by a new attempt', updatedAt: new Date() })
          .where(eq(payments.id, current.id));
      }
      const [created] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
      if (created) return { payment: created, replaced: current ?? null };
      // A concurrent call created it first (its insert committed while ours waited on the unique index).
      const [other] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), inArray(payments.status, openStatuses)));
      return { payment: other!, replaced: current ?? null };
    });
  }

  const markCanceled = (payment: PaymentRow, lastError?: string) =>
    db
      .update(payments)
      .set({ status: 'canceled', updatedAt: new Date(), ...(lastError ? { lastError } : {}) })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, openStatuses)));

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
      if (closing) await markCanceled(payment, 'no intent was started');
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
      await markCanceled(payment);
      return 'canceled';
    }
    // Asked again after the other attempts in flight.
    await db
      .update(payments)
      .set({ updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, openStatuses)));
    return 'open';
  }

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

  const sameLines = (a: number[], b: number[]) =>
    a.length === b.length &&
    [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

  const service = {
    /** POST /api/order/intentPayement: the order's one intent, created or reused; amount and currency from the order. */
    async startPayment(input: {
      orderId: string;
      userId: string;
      consent: { immediateDelivery: true; withdrawalWaiver: true } | undefined;
      language: Language;
    }): Promise<PaymentIntent> {
      const order = await orders.forPayment(input.orderId, input.userId);
      if (!order) throw notFound();
      if (order.status !== 'pending_payment') throw notPayable();
      if (order.needsAddress && !order.hasAddress) {
        throw new AppError('address_required', 409, 'The order needs its delivery address before payment.');
      }
      if (order.hasDigital && !input.consent) {
        throw new AppError('validation_failed', 400, 'Some fields are not valid.', {
          'consent.immediateDelivery': 'consent.immediateDelivery',
          'consent.withdrawalWaiver': 'consent.withdrawalWaiver',
        });
      }
      for (let round = 0; round < 2; round += 1) {
        const { payment, replaced } = await openAttempt(order);
        if (replaced?.intentId) {
          await provider.cancelIntent(replaced.intentId).catch((error: unknown) => {
            log.warn({ err: error, intentId: replaced.intentId }, 'a replaced intent could not be cancelled');
          });
        }
        const intent = await reach(async () => {
          if (payment.intentId) return provider.retrieveIntent(payment.intentId);
          const created = await provider.createIntent({
            orderId: order.id,
            paymentId: payment.id,
            amountCents: payment.amountCents,
            currency: payment.currency,
            idempotencyKey: payment.id,
            description: `HLS ${order.number}`,
            customerEmail: order.customerEmail,
          });
          return { id: created.intentId, clientSecret: created.clientSecret, status: created.status };
        }).catch((error: unknown) => {
          if (error instanceof ProviderRefusedError) throw notPayable(error.message);
          throw error;
        });
        if (intent.status === 'canceled') {
          await markCanceled(payment);
          continue;
        }
        await transaction(async (ctx) => {
          const started = await ctx.tx
            .update(payments)
            .set({ intentId: intent.id, status: 'open', updatedAt: new Date() })
            .where(and(eq(payments.id, payment.id), isNull(payments.intentId)))
            .returning({ id: payments.id });
          const consent =
            order.hasDigital && !order.consent
              ? { ...consentTexts[input.language], language: input.language, at: new Date().toISOString() }
              : undefined;
          if (started.length > 0) {
            // The history row and the consents in one statement.
            await orders.recordEvent(
              ctx,
              order.id,
              { kind: 'payment_started', actor: 'customer', note: `${provider.name} ${intent.id}` },
              consent,
            );
          } else if (consent) {
            await orders.recordConsent(ctx, order.id, consent);
          }
        });
        return {
          orderId: order.id,
          provider: provider.browser.provider,
          intentId: intent.id,
          clientSecret: intent.clientSecret,
          publishableKey: provider.browser.publishableKey,
          amountCents: payment.amountCents,
          currency: 'EUR',
          status: browserStatus(intent.status),
        };
      }
      throw unavailable();
    },

    /**
     * POST /api/order/confirm: asks the provider and runs the confirmation. A paid order answers at once; a refused
     * card is a 402 with the provider's reason (the order stays payable); anything unfinished a 409.
     */
    async confirm(input: { orderId: string; userId: string; language: Language }): Promise<ConfirmResult> {
      const order = await orders.forPayment(input.orderId, input.userId);
      if (!order) throw notFound();
      if (settledOrderStatuses.includes(order.status)) return { id: order.id, status: order.status };
      const [payment] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), sql`${payments.intentId} IS NOT NULL`))
        .orderBy(sql`${payments.status} IN ('succeeded', 'mismatch') DESC`, desc(payments.createdAt))
        .limit(1);
      if (!payment) throw order.status === 'pending_payment' ? incomplete() : notPayable();
      const intent = await reach(() => provider.retrieveIntent(payment.intentId!));
      if (intent.status === 'succeeded') {
        const outcome = await settle(intent, {
          eventId: `intent:${intent.id}:succeeded`,
          type: 'payment_intent.succeeded',
        });
        const after = await orders.forPayment(order.id);
        if (after && settledOrderStatuses.includes(after.status))
          return { id: after.id, status: after.status };
        const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
        if (outcome === 'mismatch' || row?.status === 'mismatch') {
          throw new AppError('payment_declined', 402, message('mismatch', input.language), undefined, {
            reason: 'mismatch',
          });
        }
        if (outcome === 'not_payable' || after?.status === 'cancelled') {
          throw notPayable(message('expiredRefunded', input.language));
        }
        throw incomplete();
      }
      if (intent.status === 'canceled' || order.status !== 'pending_payment') throw notPayable();
      if (intent.status === 'requires_payment_method' && intent.lastError) {
        const code = intent.lastError.code;
        throw new AppError(
          'payment_declined',
          402,
          declineMessage(code, intent.lastError.message, input.language),
          undefined,
          isDeclineCode(code) ? { reason: code } : {},
        );
      }
      throw incomplete();
    },

    settle,
    recordFailure,

    /** The demo card form: the outcome in the page's language; a success completes the order at once. */
    async demoPay(
      intentId: string,
      input: DemoCard & { clientSecret: string },
      language: Language,
    ): Promise<DemoPaymentResult> {
      const demo = demoProvider();
      const outcome = await demo.pay(intentId, input.clientSecret, {
        number: input.number,
        expiry: input.expiry,
        cvc: input.cvc,
      });
      await afterDemoOutcome(outcome);
      return {
        status: outcome.status,
        declineCode: outcome.declineCode,
        message: outcome.declineCode ? declineMessage(outcome.declineCode, null, language) : null,
      };
    },

    async demoAuthenticate(
      intentId: string,
      input: { clientSecret: string; approve: boolean },
      language: Language,
    ): Promise<DemoPaymentResult> {
      const outcome = await demoProvider().authenticate(intentId, input.clientSecret, input.approve);
      await afterDemoOutcome(outcome);
      return {
        status: outcome.status,
        declineCode: outcome.declineCode,
        message: outcome.declineCode ? declineMessage(outcome.declineCode, null, language) : null,
      };
    },

    /** Verifies a Stripe webhook on its raw body and hands the event to a job; throws a 400 when forged or stale. */
    async receiveStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (provider.name !== 'stripe') throw notFound();
      let event: Stripe.Event;
      try {
        event = (provider as StripeProvider).constructEvent(rawBody, signature ?? '');
      } catch {
        throw new AppError('validation_failed', 400, 'The webhook signature is not valid.');
      }
      if (!handledEvents.has(event.type)) return;
      await jobs.send(WEBHOOK_JOB, event, { singletonKey: event.id });
    },

    /** The job of a verified Stripe event. */
    async processStripeEvent(event: Stripe.Event): Promise<void> {
      switch (event.type) {
        case 'payment_intent.succeeded':
          await settle(toRetrievedIntent(event.data.object), { eventId: event.id, type: event.type });
          return;
        case 'payment_intent.payment_failed':
          await recordFailure(toRetrievedIntent(event.data.object), { eventId: event.id, type: event.type });
          return;
        case 'charge.refunded':
          await reconcileRefunds(event.data.object, event.id);
          return;
        default:
          return;
      }
    },

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
        throw new AppError('refund_unavailable', 409, 'This order has no payment to refund.');
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
        throw new AppError('refund_unavailable', 409, 'Another refund of this order is in progress.');
      }
      const pendingRefund = refund;
      const sent = await reach(() => sendRefund(pendingRefund, payment));
      if ('error' in sent) throw new AppError('refund_unavailable', 409, sent.error);
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

  const handledEvents = new Set([
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'charge.refunded',
  ]);

  function demoProvider(): DemoProvider {
    if (provider.name !== 'demo') throw notFound();
    return provider as DemoProvider;
  }

  /** The demo provider has no webhook: its card form completes the order itself, so a closed tab loses no sale. */
  async function afterDemoOutcome({ status, intent }: DemoAnswer) {
    if (status === 'requires_action') return;
    try {
      if (status === 'succeeded') {
        await settle(intent, { eventId: `intent:${intent.id}:succeeded`, type: 'payment_intent.succeeded' });
      } else {
        await recordFailure(intent, {
          eventId: `${intent.id}:declined:${randomUUID()}`,
          type: 'payment_intent.payment_failed',
        });
      }
    } catch (error) {
      // The confirm route runs the same confirmation again.
      log.error({ err: error, intentId: intent.id }, 'the demo payment could not be recorded yet');
    }
  }

  /**
   * `charge.refunded`: a refund the shop did not make (Stripe's dashboard) is recorded with the order; refunds the
   * shop made, or is making, are already counted.
   */
  async function reconcileRefunds(charge: Stripe.Charge, eventId: string) {
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
        await orders.recordEvent(ctx, payment.orderId, { kind: 'refunded', actor: 'provider', note: reason });
      }
    });
  }

  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
