import { z } from 'zod';
import { Id } from './catalog.ts';
import { payoutSchemes, TreatyForm } from './bank-details.ts';
import { PaymentTerms } from './withholding.ts';
import { MAX_PAGE, royaltyEntryKinds, royaltyFormats, royaltyStates } from './values.ts';

/**
 * Royalties, bank details and payouts (SPEC §1, §2 /author-payment, §7 GET /api/checkout/list and the bank
 * routes, §8 bank toasts; DESIGN §3).
 *
 * The ledger: at payment every paid line of an author's product gets one `accrual` entry, frozen (format, net
 * sale, rate in basis points, royalty in cents rounded once per line). A refund or withdrawal of the line writes a
 * `reversal` (the same amounts negated), never an edit. An entry is `pending` during the hold, `available` once it
 * ends (digital goods: some days after payment, or at once when the download started; paper books: some days
 * after delivery), and `paid` once a payout settled it. Money is integer cents; a balance may be negative (a
 * reversal after payout) and is carried into the next payout.
 */

export const RoyaltyFormat = z.enum(royaltyFormats);
export type RoyaltyFormat = z.infer<typeof RoyaltyFormat>;
export const RoyaltyEntryKind = z.enum(royaltyEntryKinds);
export type RoyaltyEntryKind = z.infer<typeof RoyaltyEntryKind>;
export const RoyaltyState = z.enum(royaltyStates);
export type RoyaltyState = z.infer<typeof RoyaltyState>;

/** A rate in basis points (2500 = 25 %). */
export const RateBp = z.coerce
  .number({ error: 'rate.invalid' })
  .int('rate.invalid')
  .min(0, 'rate.invalid')
  .max(10_000, 'rate.invalid');

/* ---------------------------------------------------------------- bank details */

export * from './bank-details.ts';
export * from './withholding.ts';

/* ---------------------------------------------------------------- the author's statement */

/** GET /api/checkout/list (and its CSV): the detailed report's filters. Dates are ISO (YYYY-MM-DD), inclusive. */
export const RoyaltyReportQuery = z.object({
  from: z.iso.date({ error: 'date.invalid' }).optional(),
  to: z.iso.date({ error: 'date.invalid' }).optional(),
  productId: Id.optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});
export type RoyaltyReportQuery = z.input<typeof RoyaltyReportQuery>;

/** One ledger entry, traceable to its order line. Reversals carry negative amounts. */
export const RoyaltyEntry = z.object({
  id: z.number().int(),
  kind: RoyaltyEntryKind,
  /** When the entry was written (the payment, or the refund for a reversal). */
  createdAt: z.string(),
  orderNumber: z.string(),
  orderLineId: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  format: RoyaltyFormat,
  quantity: z.number().int(),
  /** What the customer paid for the line after discount, the VAT in it, and the net sale (gross − VAT). */
  grossCents: z.number().int(),
  vatCents: z.number().int(),
  netCents: z.number().int(),
  rateBp: z.number().int(),
  royaltyCents: z.number().int(),
  state: RoyaltyState,
  /** When it becomes (or became) payable; null while a paper book waits for its delivery. */
  availableAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  payoutReference: z.string().nullable(),
  /** An accrual that a reversal cancelled. */
  reversed: z.boolean(),
});
export type RoyaltyEntry = z.infer<typeof RoyaltyEntry>;

/** Sales of one product in one format. */
export const RoyaltyProductLine = z.object({
  productId: z.number().int(),
  title: z.string(),
  format: RoyaltyFormat,
  /** Units sold and not refunded / refunded. */
  units: z.number().int(),
  refundedUnits: z.number().int(),
  netCents: z.number().int(),
  royaltyCents: z.number().int(),
  refundedCents: z.number().int(),
  pendingCents: z.number().int(),
  availableCents: z.number().int(),
  paidCents: z.number().int(),
});
export type RoyaltyProductLine = z.infer<typeof RoyaltyProductLine>;

export const PayoutSummary = z.object({
  id: z.string(),
  /** The transfer's reference as the bank shows it (end-to-end id): HLS-PO-2026-000012. */
  reference: z.string(),
  /** What was transferred: the royalties less the tax withheld. */
  amountCents: z.number().int(),
  /** The royalties it settled, the withholding rate of the author's residence and the tax withheld. */
  royaltiesCents: z.number().int(),
  withholdingBp: z.number().int(),
  withholdingCents: z.number().int(),
  residenceCountry: z.string().nullable(),
  /** The transfer file it went in: the SEPA one or the international one. */
  scheme: z.enum(payoutSchemes),
  /** The entries it settled were written between these dates (ISO). */
  periodFrom: z.string(),
  periodTo: z.string(),
  paidAt: z.string(),
  ibanMasked: z.string(),
  entries: z.number().int(),
});
export type PayoutSummary = z.infer<typeof PayoutSummary>;

/** Royalties per month (YYYY-MM) and format, in cents (reversals counted in the month they were written). */
export const RoyaltyMonth = z.object({
  month: z.string(),
  paper: z.number().int(),
  ebook: z.number().int(),
  professional_file: z.number().int(),
});
export type RoyaltyMonth = z.infer<typeof RoyaltyMonth>;

export const RoyaltyRates = z.object({
  paper: z.number().int(),
  ebook: z.number().int(),
  professional_file: z.number().int(),
});
export type RoyaltyRates = z.infer<typeof RoyaltyRates>;

/** GET /api/checkout/list: the author's Paid Products screen. */
export const AuthorPayments = z.object({
  totals: z.object({
    pendingCents: z.number().int(),
    availableCents: z.number().int(),
    paidCents: z.number().int(),
    refundedCents: z.number().int(),
    /** Everything earned and not paid yet: pending + available (may be negative after a reversal). */
    balanceCents: z.number().int(),
  }),
  products: z.array(RoyaltyProductLine),
  payouts: z.array(PayoutSummary),
  monthly: z.array(RoyaltyMonth),
  /** The detailed report: entries matching the query, newest first, a page at a time. */
  report: z.object({
    results: z.array(RoyaltyEntry),
    count: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
  }),
  /** The author's products that have entries (the report's product filter). */
  productChoices: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** The terms: rates today, the holds in days, the smallest balance paid out. */
  terms: z.object({
    rates: RoyaltyRates,
    digitalHoldDays: z.number().int(),
    paperHoldDays: z.number().int(),
    minimumPayoutCents: z.number().int(),
    payment: PaymentTerms,
  }),
  hasBankDetails: z.boolean(),
});
export type AuthorPayments = z.infer<typeof AuthorPayments>;

/** GET /api/checkout/statement/{month}: the monthly PDF statement. */
export const StatementParams = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month.invalid'),
});

/* ---------------------------------------------------------------- admins: rates */

/** POST /api/admin/royalty-rates: a new rate for a format from a date on (never before now: not retroactive). */
export const RoyaltyRateBody = z.object({
  format: RoyaltyFormat,
  rateBp: RateBp,
  /** ISO date-time; omitted = now. */
  effectiveFrom: z.iso.datetime({ offset: true, error: 'date.invalid' }).optional(),
});
export type RoyaltyRateBody = z.input<typeof RoyaltyRateBody>;
export const RoyaltyRateChange = z.object({
  id: z.number().int(),
  format: RoyaltyFormat,
  rateBp: z.number().int(),
  effectiveFrom: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type RoyaltyRateChange = z.infer<typeof RoyaltyRateChange>;
/** GET /api/admin/royalty-rates. */
export const RoyaltyRateBoard = z.object({
  current: RoyaltyRates,
  /** The settings' rates, used until a format has a rate of its own. */
  defaults: RoyaltyRates,
  /** Every change, scheduled ones first, newest first. */
  changes: z.array(RoyaltyRateChange),
});
export type RoyaltyRateBoard = z.infer<typeof RoyaltyRateBoard>;

/* ---------------------------------------------------------------- admins: payouts */

/** GET /api/admin/payouts/due: every author with an unpaid balance. */
export const PayoutDue = z.object({
  authorId: z.string(),
  name: z.string(),
  email: z.string(),
  availableCents: z.number().int(),
  pendingCents: z.number().int(),
  entries: z.number().int(),
  /** Masked IBAN or account number; null when the author has saved no bank details (they cannot be paid). */
  ibanMasked: z.string().nullable(),
  /** The transfer file a payout would go in; null without bank details. */
  scheme: z.enum(payoutSchemes).nullable(),
  /** The withholding rate of the author's declared residence today. */
  withholdingBp: z.number().int(),
  /** Paid by the next run: available ≥ the minimum and bank details saved. */
  payable: z.boolean(),
  /** The treaty form the author filed with their residence, if any. */
  treatyForm: TreatyForm.nullable(),
});
export type PayoutDue = z.infer<typeof PayoutDue>;
export const PayoutDueList = z.object({
  minimumPayoutCents: z.number().int(),
  results: z.array(PayoutDue),
});
export type PayoutDueList = z.infer<typeof PayoutDueList>;

/** POST /api/admin/payouts/runs: pays the payable authors (or those named) their available balance. */
export const PayoutRunBody = z.object({
  authorIds: z
    .array(z.uuid({ error: 'id.invalid' }))
    .max(1000)
    .optional(),
  /** The transfers' requested execution date (ISO date); today by default. */
  executionDate: z.iso.date({ error: 'date.invalid' }).optional(),
});
export type PayoutRunBody = z.input<typeof PayoutRunBody>;

export const AdminPayout = PayoutSummary.extend({
  authorId: z.string(),
  authorName: z.string(),
  authorEmail: z.string(),
  holder: z.string(),
  bic: z.string(),
});
export type AdminPayout = z.infer<typeof AdminPayout>;

export const PayoutRun = z.object({
  id: z.string(),
  /** The SEPA message id of its transfer file: HLS-RUN-2026-000003. */
  reference: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  executionDate: z.string(),
  totalCents: z.number().int(),
  count: z.number().int(),
  /** Payouts in each transfer file (a file with none is not offered). */
  sepaCount: z.number().int(),
  internationalCount: z.number().int(),
  withholdingCents: z.number().int(),
  payouts: z.array(AdminPayout),
});
export type PayoutRun = z.infer<typeof PayoutRun>;
export const PayoutRunList = z.object({
  results: z.array(PayoutRun.omit({ payouts: true })),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
});
export type PayoutRunList = z.infer<typeof PayoutRunList>;
export const PayoutRunParams = z.object({ id: z.uuid({ error: 'id.invalid' }) });
