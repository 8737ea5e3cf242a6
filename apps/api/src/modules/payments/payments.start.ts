import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  consentTexts,
  type ConfirmResult,
  type Language,
  type OrderStatus,
  type PaymentIntent,
} from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { AlongsideWrite } from '../orders/index.ts';
import { declineMessage, isDeclineCode, message } from './payments.messages.ts';
import type { Settlement } from './payments.settlement.ts';
import {
  markCanceled,
  notFound,
  openStatuses,
  unavailable,
  unreachableAs503,
  type PaymentOrders,
  type PaymentRow,
  type PaymentsLogger,
} from './payments.shared.ts';
import { payments } from './payments.tables.ts';
import { ProviderRefusedError, type IntentStatus, type PaymentsProvider } from './providers/provider.ts';

/** Statuses of an order whose payment has been taken (and may since have been shipped, refunded…). */
const settledOrderStatuses: readonly OrderStatus[] = [
  'paid',
  'shipped',
  'delivered',
  'refunded',
  'partially_refunded',
  'withdrawn',
];

const notPayable = (text = 'This order is no longer waiting for payment.') =>
  new AppError('order_not_payable', text);
const incomplete = () =>
  new AppError(
    'payment_incomplete',
    'The payment has not been taken yet: confirm the card, then confirm the order again.',
  );

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

/**
 * The customer's payment of an order: its one attempt and intent (created or reused, the consents recorded), then
 * the confirmation the browser asks for once the card is through.
 */
export function createPaymentStart(deps: {
  db: Db;
  transaction: AppTransaction;
  orders: Pick<PaymentOrders, 'forPayment' | 'forPaymentOpening' | 'paymentStarted'>;
  provider: PaymentsProvider;
  log: PaymentsLogger;
  settlement: Pick<Settlement, 'settle'>;
}) {
  const { db, transaction, orders, provider, log } = deps;
  const { settle } = deps.settlement;

  /** The attempt opened with the order's read (`orders.forPaymentOpening`), for the order's total and currency. */
  const opening: AlongsideWrite = {
    write: (order) => sql`
      INSERT INTO ${payments} (order_id, provider, amount_cents, currency)
      SELECT id, ${sql.placeholder('provider')}::text, total_cents, currency FROM (${order}) AS o
      ON CONFLICT DO NOTHING
      RETURNING id, amount_cents, currency`,
    values: { provider: provider.name },
  };
  /** The attempt takes its intent, in the statement that records it on the order (`orders.paymentStarted`). */
  const takesIntent: AlongsideWrite['write'] = () =>
    db
      .update(payments)
      .set({ intentId: sql`${sql.placeholder('intentId')}`, status: 'open', updatedAt: sql`now()` })
      .where(and(eq(payments.id, sql.placeholder('paymentId')), isNull(payments.intentId)))
      .returning({ id: payments.id })
      .getSQL();

  /** An attempt as the intent needs it. */
  type Attempt = Pick<PaymentRow, 'id' | 'intentId' | 'amountCents' | 'currency'>;

  /**
   * The order's attempt in progress, created when there is none (one per order, even under concurrent calls);
   * `tried`: the insert of the usual case was made already (with the order's read) and found one.
   */
  async function openAttempt(
    order: { id: string; totalCents: number; currency: string },
    tried = false,
  ): Promise<{ payment: Attempt; replaced: PaymentRow | null }> {
    const values = {
      orderId: order.id,
      provider: provider.name,
      amountCents: order.totalCents,
      currency: order.currency,
    };
    // The usual case in one statement: no attempt is open yet (the unique index refuses a second one).
    const [first] = tried ? [] : await db.insert(payments).values(values).onConflictDoNothing().returning();
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

  return {
    /** POST /api/order/intentPayement: the order's one intent, created or reused; amount and currency from the order. */
    async startPayment(input: {
      orderId: string;
      userId: string;
      consent: { immediateDelivery: true; withdrawalWaiver: true } | undefined;
      language: Language;
    }): Promise<PaymentIntent> {
      // The order read, and its attempt opened in the same statement when it can be paid now (the usual case).
      const found = await orders.forPaymentOpening<{ id: string; amount_cents: number; currency: string }>(
        input.orderId,
        input.userId,
        input.consent !== undefined,
        opening,
      );
      if (!found) throw notFound();
      const { order, opened } = found;
      if (order.status !== 'pending_payment') throw notPayable();
      if (!order.hasBilling) {
        throw new AppError(
          'billing_required',
          'The order needs the country the buyer lives in before payment.',
        );
      }
      if (order.needsAddress && !order.hasAddress) {
        throw new AppError('address_required', 'The order needs its delivery address before payment.');
      }
      if (order.hasDigital && !input.consent) {
        throw new AppError('validation_failed', 'Some fields are not valid.', {
          'consent.immediateDelivery': 'consent.immediateDelivery',
          'consent.withdrawalWaiver': 'consent.withdrawalWaiver',
        });
      }
      for (let round = 0; round < 2; round += 1) {
        const { payment, replaced } =
          round === 0 && opened
            ? {
                payment: {
                  id: opened.id,
                  intentId: null,
                  amountCents: opened.amount_cents,
                  currency: opened.currency,
                },
                replaced: null,
              }
            : await openAttempt(order, round === 0);
        if (replaced?.intentId) {
          await provider.cancelIntent(replaced.intentId).catch((error: unknown) => {
            log.warn({ err: error, intentId: replaced.intentId }, 'a replaced intent could not be cancelled');
          });
        }
        const intent = await unreachableAs503(async () => {
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
          await markCanceled(db, payment);
          continue;
        }
        const consent =
          order.hasDigital && !order.consent
            ? { ...consentTexts[input.language], language: input.language, at: new Date().toISOString() }
            : undefined;
        // The attempt takes its intent, and the history row (when it took it now) and the consents are written,
        // in one statement.
        await orders.paymentStarted(
          order.id,
          { kind: 'payment_started', actor: 'customer', note: `${provider.name} ${intent.id}` },
          consent,
          { write: takesIntent, values: { intentId: intent.id, paymentId: payment.id } },
        );
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
      const intent = await unreachableAs503(() => provider.retrieveIntent(payment.intentId!));
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
          throw new AppError('payment_declined', message('mismatch', input.language), undefined, {
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
          declineMessage(code, intent.lastError.message, input.language),
          undefined,
          isDeclineCode(code) ? { reason: code } : {},
        );
      }
      throw incomplete();
    },
  };
}
