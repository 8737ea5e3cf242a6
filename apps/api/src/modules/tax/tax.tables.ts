import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { languages, taxCategories, taxTreatments } from '@hls/contract';
import { users } from '../accounts/accounts.tables.ts';

/**
 * A VAT rate of a country and category from a day on, until the next one of the same country and category. Seeded
 * from the EU's published table (migration 0018), added to by admins; a rate once written is never edited, so an
 * order's rate can always be traced.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    country: text('country').notNull(),
    category: text('category', { enum: taxCategories }).notNull(),
    /** Basis points (5.5 % = 550). */
    rateBp: integer('rate_bp').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Where the rate comes from: the table it was seeded from, or who set it. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('vat_rates_country_category_from_unique').on(t.country, t.category, t.validFrom),
    check('vat_rates_bp', sql`${t.rateBp} BETWEEN 0 AND 5000`),
    check('vat_rates_country', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

export const invoiceKinds = ['invoice', 'credit_note'] as const;

/** The seller as an invoice names it (a copy: later changes of the settings never change an invoice). */
export type InvoiceSeller = {
  name: string;
  address: string;
  /** UK VAT registration number. */
  vatNumber: string;
  /** The EU's non-Union OSS identification number, and the import scheme's (IOSS). */
  ossNumber: string;
  iossNumber: string;
};

/** The buyer as an invoice names them. */
export type InvoiceBuyer = {
  name: string;
  email: string;
  country: string;
  vatNumber: string | null;
  address: string | null;
};

/**
 * Invoices and credit notes: one invoice per paid order, one credit note per refund, never edited. Each kind has
 * its own unbroken sequence per year (invoice_counters, taken in the payment's or the refund's transaction).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: invoiceKinds }).notNull(),
    /** INV-2026-000001, CN-2026-000001. */
    number: text('number').notNull(),
    orderId: uuid('order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id').notNull(),
    /** A credit note's invoice. */
    creditsInvoiceId: uuid('credits_invoice_id'),
    /** What a credit note gives back (the refund's order lines, sorted and joined): one credit note per refund. */
    refundKey: text('refund_key'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    language: text('language', { enum: languages }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    /** Negative on a credit note. */
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_order_invoice_unique')
      .on(t.orderId)
      .where(sql`kind = 'invoice'`),
    uniqueIndex('invoices_refund_unique').on(t.orderId, t.refundKey),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_user_idx').on(t.userId, t.issuedAt.desc()),
    check('invoices_total', sql`${t.totalCents} = ${t.netCents} + ${t.vatCents}`),
    check(
      'invoices_kind',
      sql`(${t.kind} = 'invoice') = (${t.creditsInvoiceId} IS NULL AND ${t.refundKey} IS NULL)`,
    ),
  ],
);

/** An invoice's lines, as the OSS return adds them up (per country, scheme and rate). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    orderLineId: integer('order_line_id').notNull(),
    title: text('title').notNull(),
    format: text('format').notNull(),
    quantity: integer('quantity').notNull(),
    category: text('category', { enum: taxCategories }).notNull(),
    country: text('country').notNull(),
    treatment: text('treatment', { enum: taxTreatments }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    /** Negative on a credit note. */
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    check('invoice_lines_amount', sql`${t.amountCents} = ${t.netCents} + ${t.vatCents}`),
  ],
);

/** The next number of each kind's sequence per year, taken under a row lock: no number is skipped or reused. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: invoiceKinds }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);
