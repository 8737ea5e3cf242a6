import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
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
  bankAccountKinds,
  payoutProposalStatuses,
  payoutSchemes,
  royaltyEntryKinds,
  royaltyFormats,
} from '@hls/contract';
import { users } from '../accounts/accounts.tables.ts';
import { orderLines, orders } from '../orders/orders.tables.ts';
import { products } from '../catalog/catalog.tables.ts';

/**
 * A rate per format from a date on. The rate of a sale is the last one effective at its payment (or the settings'
 * default when none is); a rate is never changed once written, and is never effective before it was written.
 */
export const royaltyRates = pgTable(
  'royalty_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    format: text('format', { enum: royaltyFormats }).notNull(),
    /** Basis points of the net sale (2500 = 25 %). */
    rateBp: integer('rate_bp').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('royalty_rates_format_from_unique').on(t.format, t.effectiveFrom),
    check('royalty_rates_bp', sql`${t.rateBp} BETWEEN 0 AND 10000`),
    check('royalty_rates_not_retroactive', sql`${t.effectiveFrom} >= ${t.createdAt} - interval '1 minute'`),
  ],
);

/**
 * Withholding tax on royalties, per country of the author's residence, from a day on (UTC). No row for a country:
 * 0. A payout keeps the rate it applied; a change never touches a payout made.
 */
export const withholdingRates = pgTable(
  'withholding_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    country: text('country').notNull(),
    rateBp: integer('rate_bp').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('withholding_rates_country_from_unique').on(t.country, t.effectiveFrom),
    check('withholding_rates_bp', sql`${t.rateBp} BETWEEN 0 AND 5000`),
    check('withholding_rates_country', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/** The running number of payout references (HLS-PO-2026-000012) and of payout runs (HLS-RUN-2026-000003). */
export const payoutNumberSeq = pgSequence('payout_number_seq', { startWith: 1 });
export const payoutRunNumberSeq = pgSequence('payout_run_number_seq', { startWith: 1 });

/** One payout run: the transfers of one day, with their SEPA credit transfer file (pain.001). */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The SEPA message id (MsgId) of the run's file. */
    reference: text('reference').notNull(),
    executionDate: date('execution_date', { mode: 'string' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payout_runs_reference_unique').on(t.reference),
    index('payout_runs_created_idx').on(t.createdAt.desc()),
    check('payout_runs_money', sql`${t.totalCents} > 0 AND ${t.count} > 0`),
  ],
);

/**
 * One author's payout: the entries it settled, the amount (their sum), and the account it was sent to, copied at
 * the run (the IBAN as encrypted under the key ring, bound to the author: the same additional data as their bank
 * details), so the transfer file can be made again after the author changes their details.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The transfer's end-to-end reference. */
    reference: text('reference').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    entries: integer('entries').notNull(),
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    holder: text('holder').notNull(),
    ibanEncrypted: text('iban_encrypted').notNull(),
    ibanMasked: text('iban_masked').notNull(),
    bic: text('bic').notNull(),
    /** `iban_encrypted` holds the IBAN, or the account number (`account`). */
    accountKind: text('account_kind', { enum: bankAccountKinds }).notNull().default('iban'),
    /** The transfer file it goes in. */
    scheme: text('scheme', { enum: payoutSchemes }).notNull().default('sepa'),
    /** The creditor's address and bank for the international file, copied at the run (null before them). */
    creditor: jsonb('creditor').$type<PayoutCreditor>(),
    /** The author's declared residence, the rate applied, and the tax withheld: amount = royalties − withheld. */
    residenceCountry: text('residence_country'),
    withholdingBp: integer('withholding_bp').notNull().default(0),
    withholdingCents: bigint('withholding_cents', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_reference_unique').on(t.reference),
    uniqueIndex('payouts_run_author_unique').on(t.runId, t.authorId),
    index('payouts_author_idx').on(t.authorId, t.paidAt.desc()),
    index('payouts_run_idx').on(t.runId, t.scheme),
    check('payouts_amount', sql`${t.amountCents} > 0`),
    check('payouts_withholding', sql`${t.withholdingCents} >= 0 AND ${t.withholdingBp} BETWEEN 0 AND 5000`),
  ],
);

/** What an international transfer says of its creditor, besides the name, account and BIC. */
export type PayoutCreditor = {
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  bankName: string;
  bankAddress: string | null;
  bankCountry: string;
};

/**
 * The monthly payout run the job proposes (one per month, whichever instance runs the job), for an admin to
 * approve (it then becomes a run) or dismiss.
 */
export const payoutProposals = pgTable(
  'payout_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** YYYY-MM. */
    month: text('month').notNull(),
    status: text('status', { enum: payoutProposalStatuses }).notNull().default('proposed'),
    authorIds: jsonb('author_ids').$type<string[]>().notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    runId: uuid('run_id').references(() => payoutRuns.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('payout_proposals_month_unique').on(t.month),
    check('payout_proposals_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * The ledger. An accrual per paid order line of an author's product, frozen at payment; a reversal per refunded
 * or withdrawn line (the accrual's amounts negated). `availableAt` null: a paper book not delivered yet.
 * `payoutId` set: paid. Never edited but for `availableAt` (delivery, first download) and `payoutId`.
 */
export const royaltyEntries = pgTable(
  'royalty_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: royaltyEntryKinds }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** Copies of the sale, so the statement reads the ledger alone. */
    orderNumber: text('order_number').notNull(),
    title: text('title').notNull(),
    format: text('format', { enum: royaltyFormats }).notNull(),
    quantity: integer('quantity').notNull(),
    grossCents: integer('gross_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    rateBp: integer('rate_bp').notNull(),
    royaltyCents: integer('royalty_cents').notNull(),
    /** The accrual a reversal cancels. */
    reversesId: integer('reverses_id'),
    availableAt: timestamp('available_at', { withTimezone: true }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('royalty_entries_accrual_unique')
      .on(t.orderLineId)
      .where(sql`kind = 'accrual'`),
    uniqueIndex('royalty_entries_reversal_unique').on(t.reversesId),
    index('royalty_entries_author_created_idx').on(t.authorId, t.createdAt.desc()),
    index('royalty_entries_unpaid_idx')
      .on(t.authorId, t.availableAt)
      .where(sql`payout_id IS NULL`),
    index('royalty_entries_order_idx').on(t.orderId),
    index('royalty_entries_payout_idx').on(t.payoutId),
    check(
      'royalty_entries_sign',
      sql`(${t.kind} = 'accrual' AND ${t.netCents} >= 0 AND ${t.royaltyCents} >= 0 AND ${t.reversesId} IS NULL)
        OR (${t.kind} = 'reversal' AND ${t.netCents} <= 0 AND ${t.royaltyCents} <= 0 AND ${t.reversesId} IS NOT NULL)`,
    ),
    check('royalty_entries_net', sql`${t.netCents} = ${t.grossCents} - ${t.vatCents}`),
    check('royalty_entries_bp', sql`${t.rateBp} BETWEEN 0 AND 10000`),
  ],
);

/**
 * An author's bank details. The IBAN — or, for `account_kind` `account`, the account number — is stored encrypted
 * (AES-256-GCM under the key ring, the key id in the value, the author's id as additional data) with its masked
 * form; it is decrypted whole only for a transfer file. The holder's address and residence are null for details
 * saved before they were asked.
 */
export const bankAccounts = pgTable('bank_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  accountKind: text('account_kind', { enum: bankAccountKinds }).notNull().default('iban'),
  ibanEncrypted: text('iban_encrypted').notNull(),
  ibanMasked: text('iban_masked').notNull(),
  bic: text('bic').notNull(),
  bankName: text('bank_name').notNull(),
  bankAddress: text('bank_address'),
  country: text('country').notNull(),
  holderStreet: text('holder_street'),
  holderPostcode: text('holder_postcode'),
  holderCity: text('holder_city'),
  holderCountry: text('holder_country'),
  residenceCountry: text('residence_country'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The treaty form an author uploaded with their residence (a certificate of residence or a double-taxation treaty
 * form): one per author, a PDF kept in private storage (never under `covers/`), replaced by the next upload.
 */
export const treatyForms = pgTable('treaty_forms', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique('treaty_forms_user_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  /** The name the author's file had (metadata only: the stored name is generated). */
  fileName: text('file_name').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  /** The country of residence declared when it was uploaded. */
  residenceCountry: text('residence_country'),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bankAuditActions = [
  'created',
  'updated',
  /** The whole IBAN was decrypted for a payout's transfer file. */
  'decrypted',
  /** Someone other than an author tried to read or write bank details, and was refused. */
  'refused',
  /** Re-encrypted under the current key. */
  'rekeyed',
] as const;

/** Who touched bank details, and when: every write, every decryption, every refusal. */
export const bankAudit = pgTable(
  'bank_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Whose details (null for a refused request that named none). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: bankAuditActions }).notNull(),
    /** The route or command, the client address. */
    detail: text('detail'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_audit_owner_idx').on(t.ownerId, t.at.desc()),
    index('bank_audit_at_idx').on(t.at.desc()),
  ],
);
