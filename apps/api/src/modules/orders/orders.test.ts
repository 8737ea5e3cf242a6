import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderPage, Order, OrderPage } from '@hls/contract';
import { useApp } from '../../../test/helper.ts';
import { bookEditions, orderEvents, orderLines, orders } from '../../db/schema.ts';
import { seedShop, signIn, validAddress, type Shop } from '../../../test/order-fixtures.ts';
import { taxedStep } from './orders.taxing.ts';

describe('orders', () => {
  const t = useApp({ env: { ORDER_PAYMENT_WINDOW: '900', SHIPPING_COUNTRIES: 'FR,BE,TN,DE,CH' } });
  let shop: Shop;
  let customer: Awaited<ReturnType<typeof signIn>>;
  let other: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    shop = await seedShop(t.app);
    customer = await signIn(t.app, 'customer', 'Nadia');
    other = await signIn(t.app, 'customer', 'Karim');
  });

  const create = (headers: Record<string, string>, payload: unknown, lng = 'fr') =>
    t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { ...headers, 'accept-language': lng },
      payload: payload as object,
    });
  const rowCounts = async () => {
    const db = t.database.db;
    const n = async (table: typeof orders | typeof orderLines | typeof orderEvents) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    return { orders: await n(orders), lines: await n(orderLines), events: await n(orderEvents) };
  };
  const stockOf = async (productId: number) =>
    (
      await t.database.db
        .select({ stock: bookEditions.stock })
        .from(bookEditions)
        .where(sql`${bookEditions.productId} = ${productId} AND ${bookEditions.format} = 'paper'`)
    )[0]!.stock!;

  describe('POST /api/order/create', () => {
    it('prices every line from the database and ignores what the client says of prices, totals, status and currency', async () => {
      const before = await stockOf(shop.book);
      const response = await create(customer.headers, {
        status: 'paid',
        currency: 'USD',
        totalCents: 1,
        lines: [
          { productId: shop.book, edition: 'paper', quantity: 2, priceCents: 1, unitFinalCents: 1 },
          { productId: shop.book, edition: 'ebook', totalCents: 0 },
          { productId: shop.proFile, quantity: '1', discountPercent: 100 },
        ],
      });
      expect(response.statusCode).toBe(201);
      const order = response.json<Order>();
      expect(order).toMatchObject({
        status: 'pending_payment',
        currency: 'EUR',
        // 2 × 24.90 (15 % off → 21.17) + 12.90 + 45.00 (20 % off → 36.00)
        subtotalCents: 2 * 2490 + 1290 + 4500,
        totalCents: 2 * 2117 + 1290 + 3600,
        discountCents: 2 * 2490 + 1290 + 4500 - (2 * 2117 + 1290 + 3600),
        vatCents: null,
        refundedCents: 0,
        needsAddress: true,
        hasDigital: true,
        address: null,
        consent: null,
        shipment: null,
        withdrawal: null,
        canWithdraw: false,
        paidAt: null,
      });
      expect(order.number).toMatch(/^HLS-\d{4}-\d{6,}$/);
      expect(
        order.lines.map((l) => [
          l.format,
          l.unitPriceCents,
          l.discountPercent,
          l.unitFinalCents,
          l.quantity,
          l.totalCents,
        ]),
      ).toEqual([
        ['paper', 2490, 15, 2117, 2, 4234],
        ['ebook', 1290, 0, 1290, 1, 1290],
        ['file', 4500, 20, 3600, 1, 3600],
      ]);
      expect(order.lines[2]).toMatchObject({
        kind: 'file',
        section: 'professional',
        fileType: 'pdf',
        download: null,
      });
      expect(order.lines[0]!.coverUrl).toMatch(/^\/api\/media\/covers\//);
      expect(order.history).toEqual([
        expect.objectContaining({ kind: 'created', status: 'pending_payment', actor: 'customer' }),
      ]);
      const expiresIn = Date.parse(order.expiresAt!) - Date.now();
      expect(expiresIn).toBeGreaterThan(890_000);
      expect(expiresIn).toBeLessThanOrEqual(900_000);
      // The two paper copies are held from now on.
      expect(await stockOf(shop.book)).toBe(before - 2);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ userId: customer.id, language: 'fr', currency: 'EUR' });
    });

    it(
      'writes an order of more lines than its statements built once hold (five), in the order given',
      { tags: ['postgres'] },
      async () => {
        const own = await seedShop(t.app);
        const lines = [
          { productId: own.proFile },
          { productId: own.book, edition: 'ebook' },
          { productId: own.lastCopy, edition: 'paper', quantity: 1 },
          { productId: own.ebookOnly, edition: 'ebook' },
          { productId: own.book, edition: 'paper', quantity: 3 },
        ];
        const before = await rowCounts();
        const response = await create(customer.headers, { lines });
        expect(response.statusCode).toBe(201);
        const order = response.json<Order>();
        expect(order.lines.map((l) => [l.productId, l.format, l.quantity])).toEqual([
          [own.proFile, 'file', 1],
          [own.book, 'ebook', 1],
          [own.lastCopy, 'paper', 1],
          [own.ebookOnly, 'ebook', 1],
          [own.book, 'paper', 3],
        ]);
        expect(order.totalCents).toBe(order.lines.reduce((sum, l) => sum + l.totalCents, 0));
        expect(await rowCounts()).toEqual({
          orders: before.orders + 1,
          lines: before.lines + 5,
          events: before.events + 1,
        });
        expect([await stockOf(own.lastCopy), await stockOf(own.book)]).toEqual([0, 97]);

        // Its billing, then its address (in a transaction, kept in the address book): every line taxed each time.
        const step = (url: string, payload: object) =>
          t.app.inject({ method: 'POST', url, headers: customer.headers, payload });
        const billed = await step('/api/order/billing', { orderId: order.id, country: 'DE' });
        expect(billed.statusCode).toBe(200);
        expect(billed.json<Order>().lines.map((l) => l.tax?.country)).toEqual(['DE', 'DE', 'DE', 'DE', 'DE']);
        const moved = await step('/api/order/address', {
          orderId: order.id,
          ...validAddress,
          country: 'BE',
          saveToAddressBook: true,
        });
        expect(moved.statusCode).toBe(200);
        const taxed = moved.json<Order>();
        // The paper books at Belgium's rate (where they go), the digital lines at Germany's (where the buyer lives).
        expect(taxed.lines.map((l) => l.tax?.country)).toEqual(['DE', 'DE', 'BE', 'DE', 'BE']);
        expect(taxed.history.map((e) => e.kind)).toEqual(['created', 'billing_saved', 'address_saved']);
      },
    );

    it('gives each order its own growing number', { tags: ['postgres'] }, async () => {
      const a = (
        await create(customer.headers, { lines: [{ productId: shop.ebookOnly, edition: 'ebook' }] })
      ).json<Order>();
      const b = (
        await create(customer.headers, { lines: [{ productId: shop.ebookOnly, edition: 'ebook' }] })
      ).json<Order>();
      const seq = (o: Order) => Number(o.number.split('-')[2]);
      expect(seq(b)).toBeGreaterThan(seq(a));
      expect(a.totalCents).toBe(891);
    });

    it.each([
      ['an unknown product', () => [{ productId: 999_999, edition: 'paper' }], 'line.unavailable'],
      ['an unpublished product', () => [{ productId: shop.draft, edition: 'paper' }], 'line.unavailable'],
      ['a free academic file', () => [{ productId: shop.academicFile }], 'line.free'],
      [
        'paper beyond the stock',
        () => [{ productId: shop.lastCopy, edition: 'paper', quantity: 2 }],
        'line.outOfStock',
      ],
      ['a book without edition', () => [{ productId: shop.book }], 'line.editionRequired'],
      [
        'an edition the book does not have',
        () => [{ productId: shop.ebookOnly, edition: 'paper' }],
        'line.unavailable',
      ],
      ['a file with an edition', () => [{ productId: shop.proFile, edition: 'ebook' }], 'line.unavailable'],
      [
        'two copies of an ebook',
        () => [{ productId: shop.book, edition: 'ebook', quantity: 2 }],
        'line.digitalQuantity',
      ],
      ['two copies of a file', () => [{ productId: shop.proFile, quantity: 2 }], 'line.digitalQuantity'],
    ])('refuses %s with a 400 naming the line, writing nothing', async (_name, lines, key) => {
      const before = await rowCounts();
      const stock = await stockOf(shop.book);
      const response = await create(customer.headers, {
        lines: [{ productId: shop.book, edition: 'paper' }, ...lines()],
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ error: { code: string; fields: Record<string, string> } }>();
      expect(body.error.code).toBe('validation_failed');
      expect(Object.keys(body.error.fields)).toEqual(['lines.1']);
      expect(body.error.fields['lines.1']).not.toBe(key); // translated into a sentence
      expect(await rowCounts()).toEqual(before);
      expect(await stockOf(shop.book)).toBe(stock);
    });

    it('names the refusal key in the sentence it translates, and refuses a duplicate line', async () => {
      const response = await create(
        customer.headers,
        { lines: [{ productId: shop.proFile }, { productId: shop.proFile }] },
        'en',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        'lines.1': expect.stringMatching(/twice|once|already/i),
      });
    });

    it('refuses more than ten copies, no lines, and a caller who is not logged in', async () => {
      expect((await create(customer.headers, { lines: [] })).statusCode).toBe(400);
      expect(
        (
          await create(customer.headers, {
            lines: [{ productId: shop.book, edition: 'paper', quantity: 11 }],
          })
        ).statusCode,
      ).toBe(400);
      expect((await create({}, { lines: [{ productId: shop.proFile }] })).statusCode).toBe(401);
    });

    it(
      'sells the last paper copy once when two customers order it at the same moment',
      { tags: ['postgres'] },
      async () => {
        const buyers = [customer, other, await signIn(t.app, 'customer', 'Leila')];
        const responses = await Promise.all(
          buyers.map((b) => create(b.headers, { lines: [{ productId: shop.lastCopy, edition: 'paper' }] })),
        );
        expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
        for (const r of responses.filter((r) => r.statusCode === 400)) {
          expect(Object.keys(r.json().error.fields)).toEqual(['lines.0']);
        }
        expect(await stockOf(shop.lastCopy)).toBe(0);
      },
    );
  });

  describe('reading orders', () => {
    it('shows an order to its customer only: another customer gets a 404', async () => {
      const order = (await create(customer.headers, { lines: [{ productId: shop.proFile }] })).json<Order>();
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: customer.headers,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json<Order>().id).toBe(order.id);
      const theirs = await t.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: other.headers,
      });
      expect(theirs.statusCode).toBe(404);
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/order/00000000-0000-4000-8000-000000000000',
        headers: customer.headers,
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await t.app.inject({
        method: 'GET',
        url: '/api/order/42',
        headers: customer.headers,
      });
      expect(malformed.statusCode).toBe(400);
    });

    it('lists the customer’s orders newest first, ten per page', async () => {
      const buyer = await signIn(t.app);
      const ids: string[] = [];
      for (let i = 0; i < 11; i += 1) {
        ids.push((await create(buyer.headers, { lines: [{ productId: shop.proFile }] })).json<Order>().id);
      }
      const first = (
        await t.app.inject({ method: 'GET', url: '/api/order/commande', headers: buyer.headers })
      ).json<OrderPage>();
      expect(first).toMatchObject({ count: 11, page: 1, pageSize: 10, pages: 2 });
      expect(first.results.map((o) => o.id)).toEqual(ids.slice(1).reverse());
      const second = (
        await t.app.inject({ method: 'GET', url: '/api/order/commande?page=2', headers: buyer.headers })
      ).json<OrderPage>();
      expect(second.results.map((o) => o.id)).toEqual([ids[0]]);
      const none = (
        await t.app.inject({
          method: 'GET',
          url: '/api/order/commande',
          headers: (await signIn(t.app)).headers,
        })
      ).json<OrderPage>();
      expect(none).toMatchObject({ count: 0, results: [], pages: 0 });
    });
  });

  describe('GET /api/checkout/countries', () => {
    it('names the shippable countries in the request’s language, sorted by name', async () => {
      const fr = await t.app.inject({
        method: 'GET',
        url: '/api/checkout/countries',
        headers: { 'accept-language': 'fr' },
      });
      expect(fr.json()).toEqual([
        { code: 'DE', name: 'Allemagne' },
        { code: 'BE', name: 'Belgique' },
        { code: 'FR', name: 'France' },
        { code: 'CH', name: 'Suisse' },
        { code: 'TN', name: 'Tunisie' },
      ]);
      const en = await t.app.inject({ method: 'GET', url: '/api/checkout/countries?lng=en' });
      expect(en.json<{ name: string }[]>().map((c) => c.name)).toEqual([
        'Belgium',
        'France',
        'Germany',
        'Switzerland',
        'Tunisia',
      ]);
    });
  });

  describe('the answers of the steps before payment', () => {
    it('answers create, address and billing with the order exactly as it reads back after each', async () => {
      const read = async (id: string) =>
        (
          await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: customer.headers })
        ).json<Order>();
      const step = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, headers: customer.headers, payload });
      const created = await create(customer.headers, {
        lines: [
          { productId: shop.book, edition: 'paper', quantity: 2 },
          { productId: shop.book, edition: 'ebook' },
          { productId: shop.proFile },
        ],
      });
      expect(created.statusCode).toBe(201);
      const order = created.json<Order>();
      expect(order).toEqual(await read(order.id));
      expect(order.lines.map((l) => l.format)).toEqual(['paper', 'ebook', 'file']);

      // An address before the billing country: nothing taxed yet; the address also kept in the address book.
      const addressed = await step('/api/order/address', {
        orderId: order.id,
        ...validAddress,
        saveToAddressBook: true,
      });
      expect(addressed.statusCode).toBe(200);
      expect(addressed.json<Order>().vatCents).toBeNull();
      expect(addressed.json()).toEqual(await read(order.id));

      const billed = await step('/api/order/billing', { orderId: order.id, country: 'DE' });
      expect(billed.statusCode).toBe(200);
      expect(billed.json<Order>().billing).toMatchObject({ country: 'DE', vatNumber: null });
      expect(billed.json<Order>().lines.every((l) => l.tax !== null)).toBe(true);
      expect(billed.json()).toEqual(await read(order.id));

      // Another country for the books: taxed again at the destination's rate.
      const moved = await step('/api/order/address', { orderId: order.id, ...validAddress, country: 'BE' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json<Order>().lines[0]!.tax?.country).toBe('BE');
      expect(moved.json()).toEqual(await read(order.id));
      expect(moved.json<Order>().history.map((e) => e.kind)).toEqual([
        'created',
        'address_saved',
        'billing_saved',
        'address_saved',
      ]);
    });

    it(
      'takes a billing step and an address step sent at once, taxing the order from both',
      { tags: ['postgres'] },
      async () => {
        const step = (url: string, payload: object) =>
          t.app.inject({ method: 'POST', url, headers: customer.headers, payload });
        for (let round = 0; round < 5; round++) {
          const order = (
            await create(customer.headers, {
              lines: [{ productId: shop.book, edition: 'paper' }, { productId: shop.proFile }],
            })
          ).json<Order>();
          // Each step reads the order, then writes on condition that what its VAT was computed from still holds:
          // the one that finds the order changed reads it again.
          const [addressed, billed] = await Promise.all([
            step('/api/order/address', { orderId: order.id, ...validAddress, country: 'BE' }),
            step('/api/order/billing', { orderId: order.id, country: 'DE' }),
          ]);
          expect([addressed.statusCode, billed.statusCode]).toEqual([200, 200]);
          const read = (
            await t.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: customer.headers })
          ).json<Order>();
          expect(read.billing).toMatchObject({ country: 'DE' });
          expect(read.address?.country).toBe('BE');
          // The book at Belgium's rate (where it goes), the file at Germany's (where its buyer lives).
          expect(read.lines.map((l) => l.tax?.country)).toEqual(['BE', 'DE']);
          expect(read.history.map((e) => e.kind).sort()).toEqual([
            'address_saved',
            'billing_saved',
            'created',
          ]);
        }
      },
    );
    it('answers 503, changing nothing, when the order changed between its read and its write at every attempt', async () => {
      const order = (await create(customer.headers, { lines: [{ productId: shop.proFile }] })).json<Order>();
      const before = await rowCounts();
      let attempts = 0;
      const saving = taxedStep(
        t.database.db,
        {
          countries: () => sql`'FR'`,
          set: sql`billing_country = 'FR'`,
          unchanged: sql`true`,
          event: 'billing_saved',
        },
        {
          orderId: order.id,
          userId: customer.id,
          vat: t.config.checkout.vat,
          values: {},
          refuses: () => null,
          after: () => ({ billingCountry: 'FR', shippingCountry: null, business: false }),
          unchanged: () => ({}),
          note: null,
        },
        // Each write finds the order changed since its read (another step, a payment, the expiry).
        async () => {
          attempts += 1;
          return undefined;
        },
      );
      await expect(saving).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
      expect(attempts).toBe(5);
      expect(await rowCounts()).toEqual(before);
      expect(
        (await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.billingCountry,
      ).toBeNull();
    });
  });

  describe('POST /api/order/address', () => {
    const save = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/order/address', headers, payload });

    it('keeps a copy of the address with a pending paper order and writes it in the history', async () => {
      const order = (
        await create(customer.headers, { lines: [{ productId: shop.book, edition: 'paper' }] })
      ).json<Order>();
      const response = await save(customer.headers, {
        orderId: order.id,
        ...validAddress,
        line2: 'Bâtiment B',
      });
      expect(response.statusCode).toBe(200);
      const saved = response.json<Order>();
      expect(saved.address).toEqual({ ...validAddress, country: 'FR', line2: 'Bâtiment B' });
      expect(saved.history.map((e) => e.kind)).toEqual(['created', 'address_saved']);
    });

    it('refuses a bad address field by field, and a country it does not ship to, changing nothing', async () => {
      const order = (
        await create(customer.headers, { lines: [{ productId: shop.book, edition: 'paper' }] })
      ).json<Order>();
      const bad = await save(customer.headers, {
        orderId: order.id,
        ...validAddress,
        postalCode: '',
        city: '',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['city', 'postalCode']);
      const far = await save(customer.headers, { orderId: order.id, ...validAddress, country: 'JP' });
      expect(far.statusCode).toBe(400);
      expect(Object.keys(far.json().error.fields)).toEqual(['country']);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.shippingAddress).toBeNull();
    });

    it('answers 404 for another customer’s order and 409 for an order without paper books', async () => {
      const paper = (
        await create(customer.headers, { lines: [{ productId: shop.book, edition: 'paper' }] })
      ).json<Order>();
      expect((await save(other.headers, { orderId: paper.id, ...validAddress })).statusCode).toBe(404);
      const digital = (
        await create(customer.headers, { lines: [{ productId: shop.proFile }] })
      ).json<Order>();
      const response = await save(customer.headers, { orderId: digital.id, ...validAddress });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('invalid_transition');
    });
  });

  describe('back office', () => {
    it('is closed to customers (403) and open to editors and admins', async () => {
      const list = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/api/admin/orders', headers });
      await create(customer.headers, { lines: [{ productId: shop.proFile }] });
      expect((await list(customer.headers)).statusCode).toBe(403);
      expect((await list({})).statusCode).toBe(401);
      const editor = await signIn(t.app, 'editor');
      const admin = await signIn(t.app, 'admin');
      expect((await list(editor.headers)).statusCode).toBe(200);
      const page = (await list(admin.headers)).json<AdminOrderPage>();
      expect(page.count).toBeGreaterThan(0);
      expect(page.results[0]!.customer.email).toMatch(/@example\.test$/);
      const order = page.results[0]!;
      for (const [method, url] of [
        ['GET', `/api/admin/orders/${order.id}`],
        ['POST', `/api/admin/orders/${order.id}/ship`],
        ['POST', `/api/admin/orders/${order.id}/deliver`],
      ] as const) {
        expect((await t.app.inject({ method, url, headers: customer.headers, payload: {} })).statusCode).toBe(
          403,
        );
      }
    });
  });
});
