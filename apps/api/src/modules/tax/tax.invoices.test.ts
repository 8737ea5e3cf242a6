import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmResult, DemoPaymentResult, InvoiceSummary, Order, OssReport } from '@hls/contract';
import { invoiceCounters, invoiceLines, invoices } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { extractPdfText } from '../../lib/pdf/pdf-text.ts';
import { demoCard } from '../../../test/checkout-data.ts';
import {
  confirm,
  customer,
  openShop,
  placeOrder,
  staff,
  startPayment,
  type Customer,
  type Line,
  type Shop,
} from '../../../test/checkout-fixtures.ts';
import { readMails, useApp, type TestApp } from '../../../test/helper.ts';

/**
 * Invoices and credit notes (decision 0027) through the API on a real database: issued in the payment's and the
 * refund's transactions, numbered without gaps, downloaded by their owner and the back office; and the quarter's
 * OSS report, checked against the orders in SQL. The shop: a paper book at 18.00, its ebook at 12.00, an Excel
 * file at 39.20 (prices include VAT).
 */

type Billing = { country: string; vatNumber?: string };

/** An order placed with a billing country, paid with the demo card and confirmed. */
async function pay(t: TestApp, buyer: Customer, lines: Line[], billing: Billing = { country: 'FR' }) {
  const order = await placeOrder(t.app, buyer, lines, billing);
  const intent = await startPayment(t.app, buyer, order.id);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/demo/${intent.intentId}/pay`,
    payload: { clientSecret: intent.clientSecret, ...demoCard },
  });
  if (paid.statusCode !== 200 || paid.json<DemoPaymentResult>().status !== 'succeeded') {
    throw new Error(`demo payment: ${paid.statusCode} ${paid.body}`);
  }
  const confirmed = await confirm(t.app, buyer, order.id);
  if (confirmed.statusCode !== 200)
    throw new Error(`confirmation: ${confirmed.statusCode} ${confirmed.body}`);
  expect(confirmed.json<ConfirmResult>().status).toBe('paid');
  return order;
}

const listInvoices = async (t: TestApp, who: Customer, orderId: string) =>
  t.app.inject({ method: 'GET', url: `/api/order/${orderId}/invoices`, headers: who.headers });

/** The quarter of now, as the report names it. */
const currentQuarter = () => {
  const now = new Date();
  return `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
};

/** The bytes of the attachment `filename` of a raw MIME message (base64 part). */
function attachment(raw: string, filename: string): Buffer | undefined {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head, ...body] = part.split(/\r?\n\r?\n/);
    if (!head?.includes(`filename=${filename}`) && !head?.includes(`filename="${filename}"`)) continue;
    return Buffer.from(
      body
        .join('\n')
        .split(/\r?\n--/)[0]!
        .replace(/\s+/g, ''),
      'base64',
    );
  }
  return undefined;
}

const words = (lines: string[]) => lines.join('\n').replace(/\s+/g, ' ');

describe('invoices and credit notes', () => {
  const t = useApp({ env: { SHIPPING_COUNTRIES: 'FR,BE,DE,IT,TN,GB,US' } });
  let shop: Shop;
  let admin: Customer;

  beforeAll(async () => {
    shop = await openShop(t.app);
    admin = await staff(t.app, 'admin');
  });

  it('issues the invoice of a paid order, in the buyer’s language, attached to the confirmation', async () => {
    const buyer = await customer(t.app, 'fr');
    const order = await pay(t, buyer, [
      { productId: shop.bookId, edition: 'ebook' },
      { productId: shop.fileId },
    ]);

    const listed = await listInvoices(t, buyer, order.id);
    expect(listed.statusCode).toBe(200);
    const [invoice, ...others] = listed.json<InvoiceSummary[]>();
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      orderId: order.id,
      orderNumber: order.number,
      totalCents: 1200 + 3920,
      creditsNumber: null,
    });
    expect(invoice!.number).toMatch(/^INV-\d{4}-\d{6}$/);

    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(row).toMatchObject({
      language: 'fr',
      reverseCharge: false,
      // 12.00 at 5.5 % holds 0.63 of VAT; 39.20 at 20 % holds 6.53.
      vatCents: 63 + 653,
      netCents: 1137 + 3267,
      totalCents: 5120,
      buyer: { email: buyer.email, country: 'FR', vatNumber: null, name: 'Zoë Łukasz' },
      seller: { name: t.config.site.company.name, ossNumber: t.config.site.company.ossNumber },
    });
    const lines = await t.database.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice!.id))
      .orderBy(asc(invoiceLines.id));
    expect(
      lines.map((l) => [l.format, l.category, l.country, l.treatment, l.rateBp, l.netCents, l.vatCents]),
    ).toEqual([
      ['ebook', 'ebook', 'FR', 'oss', 550, 1137, 63],
      ['file', 'standard', 'FR', 'oss', 2000, 3267, 653],
    ]);

    // The confirmation carries the invoice's PDF, in French, with the rates and the VAT.
    await t.app.mail.sender.runOnce();
    const mail = readMails(t.mailDir).find((m) => m.to === buyer.email && m.subject.includes(order.number))!;
    expect(mail.body).toContain('Votre facture est jointe');
    const pdf = attachment(mail.raw, `invoice-${invoice!.number}.pdf`);
    expect(pdf, 'the invoice is attached').toBeDefined();
    const text = words(await extractPdfText(pdf!));
    expect(text).toContain('Facture');
    expect(text).toContain(invoice!.number);
    expect(text).toContain(order.number);
    expect(text).toMatch(/5,5\s%/);
    expect(text).toMatch(/20\s%/);
    expect(text).toMatch(/0,63\s€/);
    expect(text).toMatch(/6,53\s€/);
    expect(text).toContain('Récapitulatif de la TVA');
    expect(text).not.toMatch(/Aucune TVA/);

    // The buyer downloads the same invoice from their orders.
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/invoices/${invoice!.id}.pdf`,
      headers: buyer.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`invoice-${invoice!.number}.pdf`);
    expect(words(await extractPdfText(download.rawPayload))).toContain(invoice!.number);

    // An order has one invoice: a second one is refused, and its number is given back to the next invoice.
    const counters = () =>
      t.database.db.select().from(invoiceCounters).where(eq(invoiceCounters.kind, 'invoice'));
    const before = await counters();
    const second = await t.app
      .transaction((ctx) =>
        t.app.tax.invoices.issueInvoice(ctx, {
          orderId: order.id,
          orderNumber: order.number,
          userId: row!.userId,
          language: 'fr',
          buyer: row!.buyer,
          reverseCharge: false,
          lines: lines.map(({ id: _, invoiceId: __, category: ___, ...l }) => ({
            ...l,
            format: l.format as 'ebook',
          })),
        }),
      )
      .catch((error: unknown) => error);
    expect(isUniqueViolation(second), 'the second invoice breaks the unique index').toBe(true);
    expect(await counters()).toEqual(before);
    expect((await listInvoices(t, buyer, order.id)).json<InvoiceSummary[]>()).toHaveLength(1);
  });

  it('invoices an EU business under the reverse charge, with the mention the law requires', async () => {
    const buyer = await customer(t.app, 'en');
    const order = await pay(t, buyer, [{ productId: shop.fileId }], {
      country: 'DE',
      vatNumber: 'DE136695976',
    });
    const [invoice] = (await listInvoices(t, buyer, order.id)).json<InvoiceSummary[]>();
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/invoices/${invoice!.id}.pdf`,
      headers: buyer.headers,
    });
    const text = words(await extractPdfText(pdf.rawPayload));
    expect(text).toContain('Invoice');
    expect(text).toContain('DE136695976');
    expect(text).toContain(
      'Reverse charge: VAT to be accounted for by the customer (Article 196 of Council Directive 2006/112/EC).',
    );
  });

  it('issues a credit note of the refunded lines on a partial refund, once', async () => {
    const buyer = await customer(t.app, 'en');
    const order = await pay(
      t,
      buyer,
      [{ productId: shop.bookId, edition: 'ebook' }, { productId: shop.fileId }],
      { country: 'DE' },
    );
    const fileLine = order.lines.find((l) => l.format === 'file')!;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: admin.headers,
      payload: { lineIds: [fileLine.id], reason: 'wrong file' },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const listed = (await listInvoices(t, buyer, order.id)).json<InvoiceSummary[]>();
    expect(listed.map((i) => i.kind)).toEqual(['invoice', 'credit_note']);
    const [invoice, creditNote] = listed;
    // Germany: the file at 19 %, 39.20 holds 6.26 of VAT.
    expect(creditNote).toMatchObject({ totalCents: -3920, creditsNumber: invoice!.number });
    expect(creditNote!.number).toMatch(/^CN-\d{4}-\d{6}$/);
    const lines = await t.database.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, creditNote!.id));
    expect(
      lines.map((l) => [l.orderLineId, l.country, l.treatment, l.rateBp, l.netCents, l.vatCents]),
    ).toEqual([[fileLine.id, 'DE', 'oss', 1900, -3294, -626]]);

    // The same refund recorded again gives the same credit note.
    await t.app.transaction(async (ctx) => {
      const again = await t.app.tax.invoices.issueCreditNote(ctx, {
        orderId: order.id,
        orderLineIds: [fileLine.id],
      });
      expect(again?.number).toBe(creditNote!.number);
    });
    expect((await listInvoices(t, buyer, order.id)).json<InvoiceSummary[]>()).toHaveLength(2);

    // The refund e-mail carries the credit note.
    await t.app.mail.sender.runOnce();
    const mail = readMails(t.mailDir).find((m) => m.to === buyer.email && m.subject.startsWith('Refund'))!;
    const pdf = attachment(mail.raw, `credit-note-${creditNote!.number}.pdf`);
    expect(pdf, 'the credit note is attached').toBeDefined();
    const text = words(await extractPdfText(pdf!));
    expect(text).toContain('Credit note');
    expect(text).toContain(invoice!.number);
    expect(text).toMatch(/-€6\.26/);
  });

  it('keeps invoices to their owner and the back office', async () => {
    const buyer = await customer(t.app);
    const other = await customer(t.app);
    const order = await pay(t, buyer, [{ productId: shop.fileId }]);
    const [invoice] = (await listInvoices(t, buyer, order.id)).json<InvoiceSummary[]>();
    const pdfUrl = `/api/order/${order.id}/invoices/${invoice!.id}.pdf`;

    expect((await t.app.inject({ method: 'GET', url: pdfUrl, headers: other.headers })).statusCode).toBe(404);
    expect((await listInvoices(t, other, order.id)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: pdfUrl })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/order/${order.id}/invoices/not-a-uuid.pdf`,
          headers: buyer.headers,
        })
      ).statusCode,
    ).toBe(400);

    // The back office sees every order's invoices; a customer does not reach its routes.
    const adminList = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/invoices`,
      headers: admin.headers,
    });
    expect(adminList.json<InvoiceSummary[]>().map((i) => i.number)).toEqual([invoice!.number]);
    const adminPdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/invoices/${invoice!.id}.pdf`,
      headers: admin.headers,
    });
    expect(adminPdf.statusCode).toBe(200);
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/invoices`,
      headers: buyer.headers,
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  describe('the OSS report', () => {
    beforeAll(async () => {
      // Digital goods across member states, a paper book imported to France (IOSS), a UK consumer, a business,
      // a country outside the scope; one order refunded in part.
      const fr = await customer(t.app, 'fr');
      await pay(t, fr, [
        { productId: shop.bookId, edition: 'paper', quantity: 2 },
        { productId: shop.fileId },
      ]);
      const it = await customer(t.app);
      await pay(t, it, [{ productId: shop.bookId, edition: 'ebook' }], { country: 'IT' });
      const uk = await customer(t.app);
      await pay(t, uk, [{ productId: shop.bookId, edition: 'ebook' }, { productId: shop.fileId }], {
        country: 'GB',
      });
      const us = await customer(t.app);
      await pay(t, us, [{ productId: shop.fileId }], { country: 'US' });
      const be = await customer(t.app);
      const order = await pay(
        t,
        be,
        [{ productId: shop.bookId, edition: 'ebook' }, { productId: shop.fileId }],
        {
          country: 'BE',
        },
      );
      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refund`,
        headers: admin.headers,
        payload: { lineIds: [order.lines.find((l) => l.format === 'ebook')!.id] },
      });
      expect(refund.statusCode, refund.body).toBe(200);
    });

    const report = async (who: Customer, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/tax/oss?${query}`, headers: who.headers });

    it('adds up the quarter’s invoices less its credit notes per scheme, member state and rate, as the orders do', async () => {
      const quarter = currentQuarter();
      const response = await report(admin, `quarter=${quarter}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<OssReport>();

      // The same sums computed from the orders' own lines: paid in the quarter, less the lines refunded.
      const [year, q] = quarter.split('-Q').map(Number) as [number, number];
      const from = new Date(Date.UTC(year, (q - 1) * 3, 1)).toISOString();
      const to = new Date(Date.UTC(year, q * 3, 1)).toISOString();
      const expected = await t.database.db.execute<{
        scheme: string;
        country: string;
        rate_bp: number;
        sales_net: number;
        sales_vat: number;
        refunds_net: number;
        refunds_vat: number;
      }>(sql`
        SELECT l.tax_treatment AS scheme, l.tax_country AS country, l.vat_rate_bp AS rate_bp,
          sum(l.net_cents)::int AS sales_net, sum(l.vat_cents)::int AS sales_vat,
          (-coalesce(sum(l.net_cents) FILTER (WHERE l.status <> 'active'), 0))::int AS refunds_net,
          (-coalesce(sum(l.vat_cents) FILTER (WHERE l.status <> 'active'), 0))::int AS refunds_vat
        FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE o.paid_at >= ${from}::timestamptz AND o.paid_at < ${to}::timestamptz
          AND l.tax_treatment IN ('oss', 'ioss')
        GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3`);
      expect(expected.rows.length).toBeGreaterThanOrEqual(5);
      expect(
        body.rows.map((r) => ({
          scheme: r.scheme,
          country: r.country,
          rate_bp: r.rateBp,
          sales_net: r.salesNetCents,
          sales_vat: r.salesVatCents,
          refunds_net: r.refundsNetCents,
          refunds_vat: r.refundsVatCents,
        })),
      ).toEqual(expected.rows);
      for (const row of body.rows) {
        expect(row.netCents).toBe(row.salesNetCents + row.refundsNetCents);
        expect(row.vatCents).toBe(row.salesVatCents + row.refundsVatCents);
      }
      // The schemes seen: OSS for digital goods (France, Italy, Belgium, Germany…), IOSS for the paper book.
      expect(body.rows.find((r) => r.scheme === 'ioss')).toMatchObject({ country: 'FR', rateBp: 550 });
      expect(body.rows.some((r) => r.country === 'GB' || r.country === 'US')).toBe(false);
      const belgianEbook = body.rows.find((r) => r.country === 'BE' && r.rateBp === 600)!;
      expect(belgianEbook.netCents).toBe(0);
      expect(belgianEbook.refundsVatCents).toBe(-belgianEbook.salesVatCents);
      const sum = (pick: (r: OssReport['rows'][number]) => number) =>
        body.rows.reduce((s, r) => s + pick(r), 0);
      expect(body.totals.vatCents).toBe(sum((r) => r.vatCents));
      expect(body.totals.netCents).toBe(sum((r) => r.netCents));

      // The check: every invoice and credit note of the quarter against the orders' payments and refunds.
      const [orders] = (
        await t.database.db.execute<{ paid: number; refunded: number }>(sql`
          SELECT (SELECT coalesce(sum(total_cents), 0)::int FROM orders
                  WHERE paid_at >= ${from}::timestamptz AND paid_at < ${to}::timestamptz) AS paid,
                 (SELECT coalesce(sum(refunded_cents), 0)::int FROM orders
                  WHERE paid_at >= ${from}::timestamptz AND paid_at < ${to}::timestamptz) AS refunded`)
      ).rows;
      expect(body.check).toMatchObject({
        ordersPaidCents: orders!.paid,
        ordersRefundedCents: orders!.refunded,
        invoicedCents: orders!.paid,
        creditedCents: -orders!.refunded,
        matches: true,
      });
    });

    it('downloads the CSV of the quarter, the same figures', async () => {
      const quarter = currentQuarter();
      const json = (await report(admin, `quarter=${quarter}`)).json<OssReport>();
      const response = await report(admin, `quarter=${quarter.toLowerCase()}&format=csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="hls-oss-${quarter}.csv"`);
      // Plain cells only (codes, numbers): no quoting to undo.
      expect(response.body.startsWith('\ufeff')).toBe(true);
      const [header, ...lines] = response.body
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .map((l) => l.split(','));
      const records = lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])));
      const rows = records.filter((r) => r.member_state !== 'TOTAL');
      expect(rows).toHaveLength(json.rows.length);
      const first = json.rows[0]!;
      expect(rows[0]).toMatchObject({
        quarter,
        scheme: first.scheme.toUpperCase(),
        member_state: first.country,
        vat_rate_percent: (first.rateBp / 100).toFixed(2),
        taxable_amount_eur: (first.netCents / 100).toFixed(2),
        vat_eur: (first.vatCents / 100).toFixed(2),
      });
      const total = records.find((r) => r.scheme === 'ALL')!;
      expect(total.vat_eur).toBe((json.totals.vatCents / 100).toFixed(2));
    });

    it('answers an empty quarter with zeros, refuses a bad quarter, and only to admins', async () => {
      const empty = (await report(admin, 'quarter=2020-Q1')).json<OssReport>();
      expect(empty).toMatchObject({ rows: [], from: '2020-01-01', to: '2020-04-01' });
      expect(empty.check).toMatchObject({ invoices: 0, invoicedCents: 0, matches: true });

      const bad = await report(admin, 'quarter=2026-Q5');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: { code: 'validation_failed', fieldKeys: { quarter: 'quarter.invalid' } },
      });
      expect((await report(admin, '')).statusCode).toBe(400);

      const buyer = await customer(t.app);
      expect((await report(buyer, `quarter=${currentQuarter()}`)).statusCode).toBe(403);
      const editor = await staff(t.app, 'editor');
      expect((await report(editor, `quarter=${currentQuarter()}`)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/tax/oss?quarter=2026-Q1' })).statusCode,
      ).toBe(401);
    });
  });
});

describe('invoice numbers under concurrent payments', () => {
  const t = useApp();

  it('numbers 50 concurrent payments 1 to 50 of the year, none skipped or repeated', async () => {
    const shop = await openShop(t.app);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => customer(t.app)));
    const orders: Order[] = await Promise.all(buyers.map((b) => pay(t, b, [{ productId: shop.fileId }])));
    const year = new Date().getUTCFullYear();
    const rows = await t.database.db
      .select({ number: invoices.number, orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'));
    expect(rows.map((r) => r.number).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`),
    );
    expect(new Set(rows.map((r) => r.orderId))).toEqual(new Set(orders.map((o) => o.id)));
    const [counter] = await t.database.db.select().from(invoiceCounters);
    expect(counter).toMatchObject({ kind: 'invoice', year, last: 50 });

    // Past the six digits, the number grows a seventh: none is cut to six and taken twice.
    await t.database.db
      .update(invoiceCounters)
      .set({ last: 999_999 })
      .where(eq(invoiceCounters.kind, 'invoice'));
    const millionth = await pay(t, buyers[0]!, [{ productId: shop.fileId }]);
    const [row] = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.orderId, millionth.id));
    expect(row?.number).toBe(`INV-${year}-1000000`);
  }, 240_000);
});
