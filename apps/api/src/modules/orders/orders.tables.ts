import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  fileTypes,
  languages,
  lineFormats,
  OrderEventKind,
  orderStatuses,
  productKinds,
  sections,
  taxTreatments,
  type Address,
  type DigitalConsent,
  type TaxEvidence,
} from '@hls/contract';
import { users } from '../accounts/accounts.tables.ts';
import { bookEditions, products } from '../catalog/catalog.tables.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const orderLineStatuses = ['active', 'refunded', 'withdrawn'] as const;
/** Paper lines: copies held for a pending order, taken by its payment, or given back; `none` for digital lines. */
export const stockStates = ['reserved', 'committed', 'released', 'none'] as const;
export const orderActors = ['customer', 'staff', 'provider', 'system'] as const;

/** The running number of the orders' human references (HLS-2026-000042). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human reference for receipts, e-mails and stamped PDFs: HLS-<year>-<running number, 6 digits or more>. */
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: orderStatuses }).notNull().default('pending_payment'),
    currency: text('currency').notNull().default('EUR'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The VAT and the net of the total (total = net + VAT), once the buyer's country is known; null before. */
    vatCents: integer('vat_cents'),
    netCents: integer('net_cents'),
    /** Where the buyer lives, as decided from the evidence kept beside it (decision 0027). */
    billingCountry: text('billing_country'),
    /** An EU business's VAT number, accepted for the reverse charge (normalised, with its prefix). */
    vatNumber: text('vat_number'),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** Prices included VAT when the order was taxed (the shop's setting then). */
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(true),
    /** The evidence of the buyer's country: what they gave, where the request came from, the card's country. */
    taxEvidence: jsonb('tax_evidence').$type<TaxEvidence>(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Language of the page the order was placed from: its e-mails speak it. */
    language: text('language', { enum: languages }).notNull(),
    /** The order holds paper books (it needs an address and a parcel) / digital goods (it needs the consents). */
    needsAddress: boolean('needs_address').notNull(),
    hasDigital: boolean('has_digital').notNull(),
    /** The delivery address as the customer gave it (a copy: later edits of an address book never change it). */
    shippingAddress: jsonb('shipping_address').$type<Address>(),
    /** The digital-goods consents with their wording, language and time (Art. 16(m)). */
    consent: jsonb('consent').$type<DigitalConsent>(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    withdrawalRequestedAt: timestamp('withdrawal_requested_at', { withTimezone: true }),
    withdrawalLineIds: integer('withdrawal_line_ids').array(),
    withdrawalRefundedAt: timestamp('withdrawal_refunded_at', { withTimezone: true }),
    /** A pending order is cancelled and its stock released after this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentProvider: text('payment_provider'),
    paymentReference: text('payment_reference'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    index('orders_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending_payment'`),
    index('orders_withdrawal_idx')
      .on(t.withdrawalRequestedAt.desc())
      .where(sql`withdrawal_requested_at IS NOT NULL`),
    check('orders_currency', sql`${t.currency} = 'EUR'`),
    check(
      'orders_money',
      sql`${t.subtotalCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.totalCents} >= 0 AND ${t.refundedCents} >= 0 AND (${t.vatCents} IS NULL OR ${t.vatCents} >= 0)`,
    ),
    check(
      'orders_total',
      sql`(${t.netCents} IS NULL AND ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents}) OR (${t.netCents} IS NOT NULL AND ${t.vatCents} IS NOT NULL AND ${t.totalCents} = ${t.netCents} + ${t.vatCents})`,
    ),
    check('orders_refunded', sql`${t.refundedCents} <= ${t.totalCents}`),
    check('orders_paid', sql`${t.status} IN ('pending_payment', 'cancelled') OR ${t.paidAt} IS NOT NULL`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    format: text('format', { enum: lineFormats }).notNull(),
    /** Books: the edition sold (paper or ebook); null for files. */
    editionId: integer('edition_id').references(() => bookEditions.id, { onDelete: 'restrict' }),
    /** Copies of the product as it was sold: a later edit of the product never changes an order. */
    title: text('title').notNull(),
    coverUrl: text('cover_url').notNull(),
    kind: text('kind', { enum: productKinds }).notNull(),
    section: text('section', { enum: sections }).notNull(),
    fileType: text('file_type', { enum: fileTypes }),
    authorId: uuid('author_id').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    unitFinalCents: integer('unit_final_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The price after discount × quantity, as the catalogue shows it. */
    totalCents: integer('total_cents').notNull(),
    /** What the buyer pays for the line (net + VAT): the total, but with VAT added on top or taken off. */
    amountCents: integer('amount_cents').notNull(),
    /** The line's VAT as charged: the country and rate it was taxed at (null until the order is taxed). */
    taxCountry: text('tax_country'),
    taxTreatment: text('tax_treatment', { enum: taxTreatments }),
    vatRateBp: integer('vat_rate_bp'),
    vatCents: integer('vat_cents'),
    netCents: integer('net_cents'),
    status: text('status', { enum: orderLineStatuses }).notNull().default('active'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    stockState: text('stock_state', { enum: stockStates }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.id),
    index('order_lines_product_idx').on(t.productId),
    uniqueIndex('order_lines_order_product_format_unique').on(t.orderId, t.productId, t.format),
    check(
      'order_lines_money',
      sql`${t.unitPriceCents} >= 0 AND ${t.unitFinalCents} >= 0 AND ${t.totalCents} >= 0 AND ${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents} AND ${t.discountPercent} BETWEEN 0 AND 100`,
    ),
    check('order_lines_total', sql`${t.totalCents} = ${t.unitFinalCents} * ${t.quantity}`),
    check(
      'order_lines_tax',
      sql`(${t.netCents} IS NULL AND ${t.amountCents} = ${t.totalCents}) OR (${t.netCents} IS NOT NULL AND ${t.amountCents} = ${t.netCents} + ${t.vatCents})`,
    ),
    check('order_lines_quantity', sql`${t.quantity} >= 1 AND (${t.format} = 'paper' OR ${t.quantity} = 1)`),
    check('order_lines_edition', sql`(${t.format} = 'file') = (${t.editionId} IS NULL)`),
    check('order_lines_stock_state', sql`(${t.format} = 'paper') = (${t.stockState} <> 'none')`),
  ],
);

/** An order's history: every change of it, who made it, when and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: OrderEventKind.options as [OrderEventKind, ...OrderEventKind[]] }).notNull(),
    /** The order's status after the event. */
    status: text('status', { enum: orderStatuses }).notNull(),
    actor: text('actor', { enum: orderActors }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
