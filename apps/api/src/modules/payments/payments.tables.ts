import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { paymentProviders } from '@hls/contract';
import { users } from '../accounts/accounts.tables.ts';
import { orders } from '../orders/orders.tables.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * `creating`: the row exists, the provider's intent may not yet; `open`: the intent waits for the card;
 * `succeeded`: the provider took the money; `mismatch`: it took money that does not match the order (never paid);
 * `canceled`: the intent was cancelled (expired order, replaced attempt).
 */
export const paymentStatuses = ['creating', 'open', 'succeeded', 'mismatch', 'canceled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * One payment attempt of an order with the provider. Its id is the idempotency key of the intent's creation and is
 * carried in the intent's metadata; an order has at most one attempt in progress (`creating` or `open`).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    intentId: text('intent_id'),
    /** From the order when the attempt began; the provider must take exactly this. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('creating'),
    /** The provider's last refusal (decline code and message) or the reason of a mismatch. */
    lastError: text('last_error'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_intent_unique').on(t.provider, t.intentId),
    uniqueIndex('payments_order_open_unique')
      .on(t.orderId)
      .where(sql`status in ('creating', 'open')`),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The provider events already acted on: a row is inserted in the transaction that acts on the event, so a replayed
 * or concurrent delivery of the same event does nothing.
 */
export const processedEvents = pgTable(
  'processed_events',
  {
    provider: text('provider', { enum: paymentProviders }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'processed_events_pk', columns: [t.provider, t.eventId] })],
);

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

/**
 * Refunds of an order through the provider. The row's id is the provider call's idempotency key, so a retried
 * refund never pays back twice; an order has at most one refund in progress.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    lineIds: integer('line_ids').array().notNull(),
    reason: text('reason'),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    /** Who asked: a staff member, or null when the shop refunded by itself (a payment it could not honour). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor', { enum: ['staff', 'system', 'provider'] }).notNull(),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('refunds_provider_refund_unique').on(t.providerRefundId),
    uniqueIndex('refunds_order_pending_unique')
      .on(t.orderId)
      .where(sql`status = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const demoIntentStatuses = [
  'requires_payment_method',
  'requires_action',
  'succeeded',
  'canceled',
] as const;

/**
 * The demo provider's intents: what Stripe would hold, kept in our database. No money is taken and no card number
 * is stored (its last four digits at most).
 */
export const demoIntents = pgTable(
  'demo_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    orderId: uuid('order_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    amountReceived: integer('amount_received').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status', { enum: demoIntentStatuses }).notNull().default('requires_payment_method'),
    declineCode: text('decline_code'),
    cardLast4: text('card_last4'),
    attempts: integer('attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('demo_intents_order_idx').on(t.orderId)],
);

/** The demo provider's refunds, for the same idempotency as Stripe's. */
export const demoRefunds = pgTable('demo_refunds', {
  id: text('id').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => demoIntents.id, { onDelete: 'restrict' }),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
