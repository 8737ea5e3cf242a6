import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { OrdersService } from '../orders/index.ts';
import { payments, type refunds, type PaymentStatus } from './payments.tables.ts';
import { ProviderUnavailableError } from './providers/provider.ts';

/** What every use case of the payments shares: the rows, the attempts in flight, the jobs, the errors. */

/** What payments needs of the orders module. */
export type PaymentOrders = Pick<
  OrdersService,
  | 'forPayment'
  | 'forPaymentOpening'
  | 'paymentStarted'
  | 'recordEvent'
  | 'refundable'
  | 'overdue'
  | 'stillPending'
  | 'expireDue'
>;

export type PaymentsLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/**
 * The jobs of the payments module: a verified webhook event, a refund the shop makes by itself, the intent of an
 * order that stopped waiting, and the sweep that ends payment windows (`sweep`).
 */
export const WEBHOOK_JOB = 'payments.webhook';
export const REFUND_JOB = 'payments.refund';
export const SWEEP_JOB = 'payments.sweep';
export const CANCEL_JOB = 'payments.cancel';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A confirmation's source: the event recorded as processed (a webhook's id, or one made for the intent). */
export type EventSource = { eventId: string; type: string };

export const openStatuses: PaymentStatus[] = ['creating', 'open'];

export const notFound = () => new AppError('not_found', 'Not found.');
export const unavailable = () =>
  new AppError(
    'payment_provider_unavailable',
    'The payment provider cannot be reached; nothing was changed. Try again in a moment.',
  );

/** A provider call: an unreachable provider is a 503 that changed nothing. */
export async function unreachableAs503<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
}

/** An attempt still in flight is closed (an attempt that moved on meanwhile is left as it is). */
export const markCanceled = (db: Db, payment: Pick<PaymentRow, 'id'>, lastError?: string) =>
  db
    .update(payments)
    .set({ status: 'canceled', updatedAt: new Date(), ...(lastError ? { lastError } : {}) })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, openStatuses)));
