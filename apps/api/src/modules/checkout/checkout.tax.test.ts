import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@hls/contract';
import { orderLines, orders, royaltyEntries } from '../../db/schema.ts';
import {
  customer,
  openShop,
  placeOrder,
  saveBilling,
  staff,
  type Customer,
  type Line,
  type Shop,
} from '../../../test/checkout-fixtures.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { useApp } from '../../../test/helper.ts';
import { startViesStub, type ViesStub } from '../../../test/vies-stub.ts';

/**
 * VAT where the buyer lives (decision 0027), through the API on a real database: each order of the table is
 * worked out by hand below, to the cent. The shop: a paper book at 20.00 − 10 % = 18.00, its ebook at 12.00, an
 * Excel file at 49.00 − 20 % = 39.20. The rates are the seeded ones (France 5.5 % on books, 20 % standard…).
 */

type Expected = {
  /** Per line, in the order of the lines given: treatment, country, rate (bp), VAT, net, amount. */
  lines: [string, string, number, number, number, number][];
  total: number;
  vat: number;
  reverseCharge?: boolean;
};

const ebook: Line = { productId: 0, edition: 'ebook' };

/** A German address (Hetzner), as the offline IP database places it. */
const GERMAN_IP = '5.9.0.1';

describe('VAT where the buyer lives', () => {
  const t = useApp({ env: { SHIPPING_COUNTRIES: 'FR,BE,DE,IT,TN,GB,US' } });
  let shop: Shop;
  let admin: Customer;
  const lines = {
    ebook: () => ({ ...ebook, productId: shop.bookId }),
    file: () => ({ productId: shop.fileId }),
    paper: (quantity: number) => ({ productId: shop.bookId, edition: 'paper' as const, quantity }),
  };

  beforeAll(async () => {
    shop = await openShop(t.app, { paperStock: 100 });
    admin = await staff(t.app, 'admin');
  });

  const taxOf = (order: Order) => order.lines.map((l) => [
    l.tax!.treatment, l.tax!.country, l.tax!.rateBp, l.tax!.vatCents, l.tax!.netCents, l.tax!.amountCents,
  ]); // prettier-ignore

  const table: { name: string; order: () => Line[]; billing: { country: string; vatNumber?: string }; shipTo?: string; expected: Expected }[] = [
    {
      // 12.00 × 550 / 10550 = 62.56 → 0.63; 39.20 × 2000 / 12000 = 6.5333 → 6.53.
      name: 'a French consumer: ebook at 5.5 %, Excel file at 20 %',
      order: () => [lines.ebook(), lines.file()],
      billing: { country: 'FR' },
      expected: { lines: [['oss', 'FR', 550, 63, 1137, 1200], ['oss', 'FR', 2000, 653, 3267, 3920]], total: 5120, vat: 716 },
    },
    {
      // 12.00 × 700 / 10700 = 0.785 → 0.79; 39.20 × 1900 / 11900 = 6.2588 → 6.26.
      name: 'a German consumer: 7 % and 19 %, the same prices',
      order: () => [lines.ebook(), lines.file()],
      billing: { country: 'DE' },
      expected: { lines: [['oss', 'DE', 700, 79, 1121, 1200], ['oss', 'DE', 1900, 626, 3294, 3920]], total: 5120, vat: 705 },
    },
    {
      // Reverse charge: no VAT, the price less the German VAT it would have carried.
      name: 'a German business with a VAT number: reverse charge, invoiced without VAT',
      order: () => [lines.ebook(), lines.file()],
      billing: { country: 'DE', vatNumber: 'DE 136 695 976' },
      expected: {
        lines: [['reverse_charge', 'DE', 0, 0, 1121, 1121], ['reverse_charge', 'DE', 0, 0, 3294, 3294]],
        total: 4415,
        vat: 0,
        reverseCharge: true,
      },
    },
    {
      // Ebooks are zero-rated in the UK; the file at 20 %.
      name: 'a UK consumer: 0 % on the ebook, 20 % on the file',
      order: () => [lines.ebook(), lines.file()],
      billing: { country: 'GB' },
      expected: { lines: [['uk', 'GB', 0, 0, 1200, 1200], ['uk', 'GB', 2000, 653, 3267, 3920]], total: 5120, vat: 653 },
    },
    {
      name: 'a consumer in the United States: outside the scope of VAT, the same price',
      order: () => [lines.ebook(), lines.file()],
      billing: { country: 'US' },
      expected: { lines: [['outside_scope', 'US', 0, 0, 1200, 1200], ['outside_scope', 'US', 0, 0, 3920, 3920]], total: 5120, vat: 0 },
    },
    {
      // 36.00 × 550 / 10550 = 1.8768 → 1.88.
      name: 'paper books to a French consumer under €150: the import scheme at the French rate',
      order: () => [lines.paper(2)],
      billing: { country: 'FR' },
      shipTo: 'FR',
      expected: { lines: [['ioss', 'FR', 550, 188, 3412, 3600]], total: 3600, vat: 188 },
    },
    {
      // 162.00 > 150: outside the import scheme, delivered duty paid — the Italian 4 % in the price, paid by the
      // shop at import (162.00 × 400 / 10400 = 6.2308 → 6.23).
      name: 'paper books to an Italian consumer over €150: delivered duty paid, the Italian rate',
      order: () => [lines.paper(9)],
      billing: { country: 'IT' },
      shipTo: 'IT',
      expected: { lines: [['import', 'IT', 400, 623, 15577, 16200]], total: 16200, vat: 623 },
    },
    {
      // The books go to Belgium (6 %: 18.00 × 600 / 10600 = 1.0189 → 1.02); the ebook is taxed where the buyer lives.
      name: 'a French buyer sending a book to Belgium: the book at the Belgian rate, the ebook at the French',
      order: () => [lines.paper(1), lines.ebook()],
      billing: { country: 'FR' },
      shipTo: 'BE',
      expected: { lines: [['ioss', 'BE', 600, 102, 1698, 1800], ['oss', 'FR', 550, 63, 1137, 1200]], total: 3000, vat: 165 },
    },
    {
      name: 'paper books to Tunisia: no VAT configured there',
      order: () => [lines.paper(2)],
      billing: { country: 'TN' },
      shipTo: 'TN',
      expected: { lines: [['outside_scope', 'TN', 0, 0, 3600, 3600]], total: 3600, vat: 0 },
    },
    {
      // Finland's reduced rate rose to 14 % on 1 January 2025: 12.00 × 1400 / 11400 = 1.4737 → 1.47.
      name: 'a Finnish consumer: the rate in force today',
      order: () => [lines.ebook()],
      billing: { country: 'FI' },
      expected: { lines: [['oss', 'FI', 1400, 147, 1053, 1200]], total: 1200, vat: 147 },
    },
  ]; // prettier-ignore

  it.each(table)('$name', async ({ order: orderLinesOf, billing, shipTo, expected }) => {
    const buyer = await customer(t.app);
    const placed = await placeOrder(t.app, buyer, orderLinesOf(), null);
    expect(placed.billing).toBeNull();
    expect(placed.vatCents).toBeNull();
    let order = await saveBilling(t.app, buyer, placed.id, billing);
    if (shipTo) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/order/address',
        headers: buyer.headers,
        payload: {
          orderId: order.id,
          fullName: 'Ana Client',
          line1: '1 rue de la Paix',
          postalCode: '1000',
          city: 'Ville',
          country: shipTo,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      order = response.json<Order>();
    }
    expect(taxOf(order)).toEqual(expected.lines);
    expect({ total: order.totalCents, vat: order.vatCents, net: order.netCents }).toEqual({
      total: expected.total,
      vat: expected.vat,
      net: expected.total - expected.vat,
    });
    expect(order.billing).toMatchObject({
      country: billing.country,
      reverseCharge: expected.reverseCharge ?? false,
    });
  });

  it('pays what the order says, and the royalty follows each line’s net (a partial refund reverses its line only)', async () => {
    const buyer = await customer(t.app);
    const paid = await buy(t.app, buyer, [lines.ebook(), lines.file()], { country: 'DE' });
    const sold = await t.database.db
      .select({
        id: orderLines.id,
        net: orderLines.netCents,
        vat: orderLines.vatCents,
        amount: orderLines.amountCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, paid.id))
      .orderBy(orderLines.id);
    const entries = await t.database.db
      .select({
        line: royaltyEntries.orderLineId,
        gross: royaltyEntries.grossCents,
        vat: royaltyEntries.vatCents,
        net: royaltyEntries.netCents,
        royalty: royaltyEntries.royaltyCents,
        rate: royaltyEntries.rateBp,
      })
      .from(royaltyEntries)
      .where(
        and(
          inArray(
            royaltyEntries.orderLineId,
            sold.map((l) => l.id),
          ),
          eq(royaltyEntries.kind, 'accrual'),
        ),
      )
      .orderBy(royaltyEntries.orderLineId);
    // The German VAT comes off: 11.21 and 32.94 net; the royalty is the format's rate of that, rounded once.
    expect(entries.map((e) => [e.gross, e.vat, e.net])).toEqual([
      [1200, 79, 1121],
      [3920, 626, 3294],
    ]);
    for (const e of entries) expect(e.royalty).toBe(Math.round((e.net * e.rate) / 10_000));

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.id}/refund`,
      headers: admin.headers,
      payload: { lineIds: [sold[1]!.id] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, paid.id));
    expect({ status: row!.status, refunded: row!.refundedCents }).toEqual({
      status: 'partially_refunded',
      refunded: 3920,
    });
    const reversal = await t.database.db
      .select({ net: royaltyEntries.netCents, vat: royaltyEntries.vatCents })
      .from(royaltyEntries)
      .where(and(eq(royaltyEntries.orderLineId, sold[1]!.id), eq(royaltyEntries.kind, 'reversal')));
    expect(reversal).toEqual([{ net: -3294, vat: -626 }]);
  });

  it('a reverse-charge order is paid at its lower total', async () => {
    const buyer = await customer(t.app);
    const paid = await buy(t.app, buyer, [lines.file()], { country: 'AT', vatNumber: 'ATU13585627' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, paid.id));
    // 39.20 less the Austrian 20 % in it (6.53): 32.67.
    expect({
      status: row!.status,
      total: row!.totalCents,
      vat: row!.vatCents,
      reverse: row!.reverseCharge,
    }).toEqual({
      status: 'paid',
      total: 3267,
      vat: 0,
      reverse: true,
    });
    expect(row!.taxEvidence).toMatchObject({
      billingCountry: 'AT',
      vatCheck: { number: 'ATU13585627', by: 'format' },
    });
  });

  it('refuses a VAT number that is malformed, of another country, or outside the EU, and changes nothing', async () => {
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [lines.file()], null);
    const attempt = (billing: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/billing',
        headers: buyer.headers,
        payload: { orderId: order.id, ...billing },
      });
    for (const [billing, key] of [
      [{ country: 'DE', vatNumber: 'DE123' }, 'vatNumber.format'],
      [{ country: 'FR', vatNumber: 'DE136695976' }, 'vatNumber.countryMismatch'],
      [{ country: 'CH', vatNumber: 'CHE-123.456.788' }, 'vatNumber.notEu'],
      [{ country: 'ZZ' }, 'country.invalid'],
    ] as const) {
      const response = await attempt(billing);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fieldKeys).toEqual(
        'vatNumber' in billing ? { vatNumber: key } : { country: key },
      );
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect({ billing: row!.billingCountry, vat: row!.vatCents }).toEqual({ billing: null, vat: null });
  });

  it('asks the buyer when the request comes from another country, and keeps the evidence', async () => {
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [lines.ebook()], null);
    const from = (billing: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/billing',
        headers: buyer.headers,
        remoteAddress: GERMAN_IP,
        payload: { orderId: order.id, ...billing },
      });
    const asked = await from({ country: 'FR' });
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json().error).toMatchObject({ code: 'country_unconfirmed', reason: 'DE' });
    const [before] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(before!.billingCountry).toBeNull();

    const confirmed = await from({ country: 'FR', confirmCountry: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Order>().lines[0]!.tax).toMatchObject({ country: 'FR', rateBp: 550 });
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.taxEvidence).toMatchObject({
      billingCountry: 'FR',
      ipAddress: GERMAN_IP,
      ipCountry: 'DE',
      confirmedByBuyer: true,
    });

    // The same country on both sides needs no confirmation.
    const agreed = await from({ country: 'DE' });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json<Order>().lines[0]!.tax).toMatchObject({ country: 'DE', rateBp: 700 });
  });

  it('a rate changed from a day on applies to the orders taxed from then; the earlier keep theirs', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tax/rates?country=LU',
      headers: admin.headers,
    });
    expect(before.statusCode, before.body).toBe(200);
    const buyer = await customer(t.app);
    const first = await placeOrder(t.app, buyer, [lines.ebook()], { country: 'LU' });
    expect(first.lines[0]!.tax).toMatchObject({ rateBp: 300, vatCents: 35 });

    const today = new Date().toISOString().slice(0, 10);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tax/rates',
      headers: admin.headers,
      payload: { country: 'LU', category: 'ebook', ratePercent: 8, validFrom: today },
    });
    expect(set.statusCode, set.body).toBe(201);
    expect(set.json()).toMatchObject({
      country: 'LU',
      category: 'ebook',
      rateBp: 800,
      validFrom: today,
      validTo: null,
    });

    const second = await placeOrder(t.app, buyer, [lines.ebook()], { country: 'LU' });
    // 12.00 × 800 / 10800 = 0.8889 → 0.89.
    expect(second.lines[0]!.tax).toMatchObject({ rateBp: 800, vatCents: 89 });
    const kept = await t.app.inject({ method: 'GET', url: `/api/order/${first.id}`, headers: buyer.headers });
    expect(kept.json<Order>().lines[0]!.tax).toMatchObject({ rateBp: 300, vatCents: 35 });

    const rates = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tax/rates?country=LU',
      headers: admin.headers,
    });
    const ebookRates = rates
      .json<{ category: string; rateBp: number; validTo: string | null }[]>()
      .filter((r) => r.category === 'ebook');
    expect(ebookRates.map((r) => r.rateBp)).toEqual([800, 300]);
    expect(ebookRates[1]!.validTo).not.toBeNull();

    const past = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tax/rates',
      headers: admin.headers,
      payload: { country: 'LU', category: 'ebook', ratePercent: 3, validFrom: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fieldKeys).toEqual({ validFrom: 'validFrom.past' });
    const customerTry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tax/rates',
      headers: buyer.headers,
      payload: { country: 'LU', category: 'ebook', ratePercent: 3, validFrom: today },
    });
    expect(customerTry.statusCode).toBe(403);
  });

  it('offers each of the 249 countries of ISO 3166-1 once, by name in the page’s language', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/checkout/billing-countries?lng=fr' });
    const countries = list.json<{ code: string; name: string; eu: boolean }[]>();
    expect(countries).toHaveLength(249);
    expect(new Set(countries.map((c) => c.name)).size).toBe(249);
    expect(countries.filter((c) => c.eu)).toHaveLength(27);
    expect(countries.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Allemagne', eu: true });
    expect(countries.map((c) => c.code)).not.toContain('DD');
  });

  it('payment waits for the buyer’s country; another customer’s order is a 404', async () => {
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [lines.ebook()], null);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/order/intentPayement',
      headers: buyer.headers,
      payload: { orderId: order.id, consent: { immediateDelivery: true, withdrawalWaiver: true } },
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.code).toBe('billing_required');
    const stranger = await customer(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/order/billing',
      headers: stranger.headers,
      payload: { orderId: order.id, country: 'FR' },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('VAT added on top of prices (PRICES_INCLUDE_VAT=false)', () => {
  const t = useApp({ env: { PRICES_INCLUDE_VAT: 'false' } });

  it('adds each line’s VAT to its price', async () => {
    const shop = await openShop(t.app);
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [
      { productId: shop.bookId, edition: 'ebook' },
      { productId: shop.fileId },
    ]);
    // 12.00 × 5.5 % = 0.66; 39.20 × 20 % = 7.84.
    expect(order.lines.map((l) => [l.tax!.vatCents, l.tax!.netCents, l.tax!.amountCents])).toEqual([
      [66, 1200, 1266],
      [784, 3920, 4704],
    ]);
    expect({
      total: order.totalCents,
      vat: order.vatCents,
      inclusive: order.billing!.pricesIncludeVat,
    }).toEqual({
      total: 5970,
      vat: 850,
      inclusive: false,
    });
  });
});

describe('VAT numbers checked with the EU’s VIES service (VIES_ENABLED, against a local VIES)', () => {
  let vies: ViesStub;
  const env: Record<string, string> = { VIES_ENABLED: 'true' };
  beforeAll(async () => {
    vies = await startViesStub({ DE136695976: { name: 'Buchhandlung Weber GmbH', address: 'Berlin' } });
    env.VIES_URL = vies.url;
    env.VIES_TIMEOUT_MS = '2000';
  });
  afterAll(() => vies.close());
  const t = useApp({ env });

  it('takes a number VIES knows, with its answer as evidence; refuses one it does not; answers 503 while VIES is down', async () => {
    const shop = await openShop(t.app);
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [{ productId: shop.fileId }], null);
    const attempt = (vatNumber: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/billing',
        headers: buyer.headers,
        payload: { orderId: order.id, country: 'DE', vatNumber },
      });

    const unknown = await attempt('DE 811 907 980');
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().error.fieldKeys).toEqual({ vatNumber: 'vatNumber.notRegistered' });

    vies.failure = { code: 'MS_UNAVAILABLE' };
    const down = await attempt('DE136695976');
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().error.code).toBe('vat_check_unavailable');
    const [untouched] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(untouched!.billingCountry).toBeNull();

    vies.failure = null;
    const known = await attempt('DE136695976');
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json<Order>().billing).toMatchObject({ vatNumber: 'DE136695976', reverseCharge: true });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.taxEvidence!.vatCheck).toMatchObject({
      by: 'vies',
      number: 'DE136695976',
      name: 'Buchhandlung Weber GmbH',
    });
    expect(vies.requests.map((r) => `${r.countryCode}${r.vatNumber}`)).toEqual(
      expect.arrayContaining(['DE811907980', 'DE136695976']),
    );
  });
});
