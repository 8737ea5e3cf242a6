import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { ossSchemes, type OssAmounts, type OssReport, type OssRow, type OssScheme } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { invoiceLines, invoices } from './tax.tables.ts';

/** What the orders took in a period and gave back, as the orders module counts it (the report's check). */
export type OrdersTaken = (from: Date, to: Date) => Promise<{ paidCents: number; refundedCents: number }>;

/** A quarter's first day and the next quarter's (UTC). */
export function quarterBounds(quarter: string): { from: Date; to: Date } {
  const [year, q] = quarter.split('-Q').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, (q - 1) * 3, 1)),
    to: new Date(Date.UTC(year, q * 3, 1)),
  };
}

const zero = (): OssAmounts => ({
  salesNetCents: 0,
  salesVatCents: 0,
  refundsNetCents: 0,
  refundsVatCents: 0,
  netCents: 0,
  vatCents: 0,
});

const add = (into: OssAmounts, row: OssAmounts) => {
  into.salesNetCents += row.salesNetCents;
  into.salesVatCents += row.salesVatCents;
  into.refundsNetCents += row.refundsNetCents;
  into.refundsVatCents += row.refundsVatCents;
  into.netCents += row.netCents;
  into.vatCents += row.vatCents;
};

/** Decimal euros with a dot, as a spreadsheet reads a number ("-12.50"). */
const euros = (cents: number) => `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;
const percent = (bp: number) => (bp / 100).toFixed(2);

/**
 * The quarterly report the EU's OSS return needs (decision 0027): per scheme — the non-Union OSS for digital goods
 * to consumers, IOSS for imported paper books — per member state and rate, the taxable amount and the VAT of the
 * invoices issued in the quarter less the credit notes issued in it; and its check against the orders.
 */
export function createOssReport(deps: { db: Db }) {
  const { db } = deps;

  async function report(quarter: string, ordersTaken: OrdersTaken): Promise<OssReport> {
    const { from, to } = quarterBounds(quarter);
    // Both queries name the invoices `i`.
    const inQuarter = sql`i.issued_at >= ${from.toISOString()}::timestamptz AND i.issued_at < ${to.toISOString()}::timestamptz`;
    const grouped = await db.execute<{
      scheme: OssScheme;
      country: string;
      rate_bp: number;
      sales_net: string;
      sales_vat: string;
      refunds_net: string;
      refunds_vat: string;
    }>(sql`
      SELECT l.treatment AS scheme, l.country, l.rate_bp,
        coalesce(sum(l.net_cents) FILTER (WHERE i.kind = 'invoice'), 0) AS sales_net,
        coalesce(sum(l.vat_cents) FILTER (WHERE i.kind = 'invoice'), 0) AS sales_vat,
        coalesce(sum(l.net_cents) FILTER (WHERE i.kind = 'credit_note'), 0) AS refunds_net,
        coalesce(sum(l.vat_cents) FILTER (WHERE i.kind = 'credit_note'), 0) AS refunds_vat
      FROM ${invoiceLines} l JOIN ${invoices} i ON i.id = l.invoice_id
      WHERE ${inQuarter} AND l.treatment IN ('oss', 'ioss')
      GROUP BY l.treatment, l.country, l.rate_bp
      ORDER BY l.treatment DESC, l.country, l.rate_bp`);
    const rows: OssRow[] = grouped.rows.map((r) => {
      const amounts = {
        salesNetCents: Number(r.sales_net),
        salesVatCents: Number(r.sales_vat),
        refundsNetCents: Number(r.refunds_net),
        refundsVatCents: Number(r.refunds_vat),
      };
      return {
        scheme: r.scheme,
        country: r.country,
        rateBp: Number(r.rate_bp),
        ...amounts,
        netCents: amounts.salesNetCents + amounts.refundsNetCents,
        vatCents: amounts.salesVatCents + amounts.refundsVatCents,
      };
    });
    const schemes = ossSchemes.map((scheme) => {
      const sums = zero();
      for (const row of rows.filter((r) => r.scheme === scheme)) add(sums, row);
      return { scheme, ...sums };
    });
    const totals = zero();
    for (const row of rows) add(totals, row);

    const [documents] = (
      await db.execute<{ invoices: string; credit_notes: string; invoiced: string; credited: string }>(sql`
        SELECT count(*) FILTER (WHERE kind = 'invoice') AS invoices,
          count(*) FILTER (WHERE kind = 'credit_note') AS credit_notes,
          coalesce(sum(total_cents) FILTER (WHERE kind = 'invoice'), 0) AS invoiced,
          coalesce(sum(total_cents) FILTER (WHERE kind = 'credit_note'), 0) AS credited
        FROM ${invoices} i WHERE ${inQuarter}`)
    ).rows;
    const taken = await ordersTaken(from, to);
    const invoicedCents = Number(documents!.invoiced);
    const creditedCents = Number(documents!.credited);
    return {
      quarter,
      from: from.toISOString().slice(0, 10),
      to: to.toISOString().slice(0, 10),
      rows,
      schemes,
      totals,
      check: {
        invoices: Number(documents!.invoices),
        creditNotes: Number(documents!.credit_notes),
        invoicedCents,
        creditedCents,
        ordersPaidCents: taken.paidCents,
        ordersRefundedCents: taken.refundedCents,
        matches: invoicedCents + creditedCents === taken.paidCents - taken.refundedCents,
      },
    };
  }

  return {
    report,

    /**
     * The report as a CSV file: one row per scheme, member state and rate, then each scheme's total and the
     * grand total; amounts in decimal euros with a dot, rates in percent. UTF-8 with a byte order mark, CRLF.
     */
    async csv(quarter: string, ordersTaken: OrdersTaken): Promise<{ filename: string; csv: string }> {
      const data = await report(quarter, ordersTaken);
      const columns = [
        'quarter',
        'scheme',
        'member_state',
        'vat_rate_percent',
        'sales_taxable_amount_eur',
        'sales_vat_eur',
        'refunds_taxable_amount_eur',
        'refunds_vat_eur',
        'taxable_amount_eur',
        'vat_eur',
      ];
      const amounts = (a: OssAmounts) => [
        euros(a.salesNetCents),
        euros(a.salesVatCents),
        euros(a.refundsNetCents),
        euros(a.refundsVatCents),
        euros(a.netCents),
        euros(a.vatCents),
      ];
      const records = [
        ...data.rows.map((r) => [
          data.quarter,
          r.scheme.toUpperCase(),
          r.country,
          percent(r.rateBp),
          ...amounts(r),
        ]),
        ...data.schemes.map((s) => [data.quarter, s.scheme.toUpperCase(), 'TOTAL', '', ...amounts(s)]),
        [data.quarter, 'ALL', 'TOTAL', '', ...amounts(data.totals)],
      ];
      const csv = stringify(records, { bom: true, header: true, columns, record_delimiter: 'windows' });
      return { filename: `hls-oss-${data.quarter}.csv`, csv };
    },
  };
}

export type OssReports = ReturnType<typeof createOssReport>;
