import { z } from 'zod';
import { Uuid } from './checkout.ts';

/**
 * Invoices and credit notes (decision 0027): every paid order gets an invoice, every refund a credit note, each
 * numbered in an unbroken sequence per kind and year (INV-2026-000001, CN-2026-000001), never edited.
 */
export const invoiceKinds = ['invoice', 'credit_note'] as const;
export const InvoiceKind = z.enum(invoiceKinds);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

/** An invoice or credit note as the orders pages list it (the PDF is its own address). */
export const InvoiceSummary = z.object({
  id: z.uuid(),
  kind: InvoiceKind,
  number: z.string(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  /** ISO time. */
  issuedAt: z.string(),
  /** Negative on a credit note. */
  totalCents: z.number().int(),
  /** A credit note's invoice number. */
  creditsNumber: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const OrderInvoiceParams = z.object({ id: Uuid, invoiceId: Uuid });

/* ---------------------------------------------------------------- the OSS report (back office) */

/** "2026-Q4": a calendar quarter, as the OSS return is filed. */
export const Quarter = z
  .string({ error: 'quarter.required' })
  .trim()
  .toUpperCase()
  .regex(/^(20\d\d)-Q[1-4]$/, 'quarter.invalid');

export const OssReportQuery = z.object({
  quarter: Quarter,
  format: z.enum(['json', 'csv'], { error: 'format.invalid' }).optional(),
});
export type OssReportQuery = z.input<typeof OssReportQuery>;

/** The EU's schemes HLS declares: non-Union OSS (digital goods to consumers), IOSS (imported paper books). */
export const ossSchemes = ['oss', 'ioss'] as const;
export const OssScheme = z.enum(ossSchemes);
export type OssScheme = z.infer<typeof OssScheme>;

/** Sums of a scheme, member state and rate over the quarter: sales (invoices), refunds (credit notes, negative). */
const OssAmounts = z.object({
  salesNetCents: z.number().int(),
  salesVatCents: z.number().int(),
  refundsNetCents: z.number().int(),
  refundsVatCents: z.number().int(),
  /** Sales plus refunds: what the return declares. */
  netCents: z.number().int(),
  vatCents: z.number().int(),
});
export type OssAmounts = z.infer<typeof OssAmounts>;

export const OssRow = OssAmounts.extend({
  scheme: OssScheme,
  country: z.string(),
  rateBp: z.number().int(),
});
export type OssRow = z.infer<typeof OssRow>;

export const OssReport = z.object({
  quarter: z.string(),
  /** The quarter's first day and the next quarter's (UTC), YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  rows: z.array(OssRow),
  /** Per scheme. */
  schemes: z.array(OssAmounts.extend({ scheme: OssScheme })),
  /** Both schemes. */
  totals: OssAmounts,
  /**
   * The report checked against the orders: everything invoiced in the quarter (every scheme, UK and outside the
   * scope included) less what was credited equals what the orders took (paid in the quarter) less their refunds
   * (refunded in the quarter).
   */
  check: z.object({
    invoices: z.number().int(),
    creditNotes: z.number().int(),
    invoicedCents: z.number().int(),
    creditedCents: z.number().int(),
    ordersPaidCents: z.number().int(),
    ordersRefundedCents: z.number().int(),
    matches: z.boolean(),
  }),
});
export type OssReport = z.infer<typeof OssReport>;
