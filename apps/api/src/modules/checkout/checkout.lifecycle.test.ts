// @module-tag postgres — concurrent confirmations, expiry jobs and refunds lock rows on several connections.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderPage, Order } from '@hls/contract';
import { WITHDRAWAL_DAYS } from '@hls/contract';
import { outboxMails, useApp } from '../../../test/helper.ts';
import { countTransactionWrites } from '../../../test/test-database.ts';
import { bookEditions, entitlements, mailOutbox, orderEvents, orderLines, orders } from '../../db/schema.ts';
import { seedShop, signIn, validAddress, type Shop } from '../../../test/order-fixtures.ts';

type Customer = Awaited<ReturnType<typeof signIn>>;

describe('an order from payment to delivery, withdrawal and refund', () => {
  const t = useApp({ env: { ORDER_PAYMENT_WINDOW: '900' } });
  let shop: Shop;
  let customer: Customer;
  let editor: Customer;

  beforeAll(async () => {
    shop = await seedShop(t.app);
    customer = await signIn(t.app, 'customer', 'Zoë');
    editor = await signIn(t.app, 'editor', 'Sami');
  });

  const create = async (buyer: Customer, lines: object[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { ...buyer.headers, 'accept-language': 'en' },
      payload: { lines },
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json<Order>();
  };
  const fulfil = (order: Pick<Order, 'id' | 'totalCents'>, overrides: object = {}) =>
    t.app.transaction((ctx) =>
      t.app.checkout.orderPaid(ctx, {
        orderId: order.id,
        amountCents: order.totalCents,
        currency: 'eur',
        provider: 'demo',
        paymentReference: `pi_${order.id.slice(0, 8)}`,
        ...overrides,
      }),
    );
  /** A refund recorded through the workflow (as payments does once the provider gave the money back). */
  const refundRecorded = async (refund: Parameters<typeof t.app.checkout.orderRefunded>[1]) => {
    await t.app.transaction((ctx) => t.app.checkout.orderRefunded(ctx, refund));
    return t.app.checkout.adminOrder(refund.orderId);
  };
  const paperOrder = async (buyer = customer, quantity = 1) => {
    const order = await create(buyer, [{ productId: shop.book, edition: 'paper', quantity }]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/order/address',
      headers: buyer.headers,
      payload: { orderId: order.id, ...validAddress },
    });
    expect(saved.statusCode).toBe(200);
    expect(await fulfil(order)).toBe('paid');
    return order;
  };
  const stockOf = async (productId: number) =>
    (
      await t.database.db
        .select({ stock: bookEditions.stock })
        .from(bookEditions)
        .where(and(eq(bookEditions.productId, productId), eq(bookEditions.format, 'paper')))
    )[0]!.stock!;
  const mailsOf = (template: string, to: string) =>
    outboxMails(t.database.db, and(eq(mailOutbox.template, template), eq(mailOutbox.to, to)));
  const orderRow = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const admin = (method: 'GET' | 'POST', url: string, payload?: object, headers = editor.headers) =>
    t.app.inject({ method, url: `/api/admin/orders${url}`, headers, ...(payload ? { payload } : {}) });
  const ship = (id: string) =>
    admin('POST', `/${id}/ship`, {
      carrier: 'La Poste',
      trackingNumber: '6A 1234 5678',
      trackingUrl: 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678',
    });

  describe('fulfil', () => {
    it('fulfils an order once under 50 concurrent confirmations: one payment, one e-mail, stock committed once', async () => {
      const buyer = await signIn(t.app, 'customer', 'Łukasz');
      const before = await stockOf(shop.book);
      const order = await create(buyer, [
        { productId: shop.book, edition: 'paper', quantity: 2 },
        { productId: shop.proFile },
      ]);
      expect(await stockOf(shop.book)).toBe(before - 2);
      const results = await Promise.all(Array.from({ length: 50 }, () => fulfil(order)));
      expect(results.filter((r) => r === 'paid')).toHaveLength(1);
      expect(results.filter((r) => r === 'already_paid')).toHaveLength(49);
      expect(await stockOf(shop.book)).toBe(before - 2);
      const row = await orderRow(order.id);
      expect(row).toMatchObject({ status: 'paid', paymentProvider: 'demo', expiresAt: null });
      expect(row.paidAt).toBeInstanceOf(Date);
      const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(lines.map((l) => l.stockState).sort()).toEqual(['committed', 'none']);
      const granted = await t.database.db
        .select()
        .from(entitlements)
        .where(eq(entitlements.orderId, order.id));
      expect(granted.map((e) => e.productId)).toEqual([shop.proFile]);
      const mails = await mailsOf('order_confirmation', buyer.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.language).toBe('en');
      expect(mails[0]!.text).toContain(order.number);
      const events = await t.database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'paid')));
      expect(events).toHaveLength(1);
      const seen = await t.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: buyer.headers,
      });
      expect(seen.json<Order>()).toMatchObject({ status: 'paid', expiresAt: null });
    });

    it('pays a digital order in three writes to the database: its invoice, e-mail and stamping job written with it', async () => {
      const buyer = await signIn(t.app, 'customer', 'Inès');
      const order = await create(buyer, [{ productId: shop.proFile }]);
      let writes = () => 0;
      const paid = await t.app.transaction((ctx) => {
        writes = countTransactionWrites(ctx.tx);
        return t.app.checkout.orderPaid(ctx, {
          orderId: order.id,
          amountCents: order.totalCents,
          currency: 'eur',
          provider: 'demo',
          paymentReference: `pi_${order.id.slice(0, 8)}`,
        });
      });
      expect(paid).toBe('paid');
      // BEGIN with the order marked paid; its royalties, download and invoice together; the confirmation, the job
      // that stamps the PDF and their announcement with the COMMIT.
      expect(writes()).toBe(3);
      const [mail] = await mailsOf('order_confirmation', buyer.email);
      const invoiced = await t.database.db.execute<{ number: string }>(
        sql`SELECT number FROM invoices WHERE order_id = ${order.id}`,
      );
      // The confirmation carries the invoice as numbered (its PDF is attached when it is sent).
      expect((mail!.data as { invoice: { number: string } }).invoice.number).toBe(invoiced.rows[0]!.number);
      const granted = await t.database.db
        .select()
        .from(entitlements)
        .where(eq(entitlements.orderId, order.id));
      expect(granted).toHaveLength(1);
      const stamping = await t.database.pool.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'downloads.stamp' AND data->>'entitlementId' = $1`,
        [granted[0]!.id],
      );
      expect(stamping.rows[0].n).toBe(1);
    });

    it('never marks an order paid when the amount or the currency differ from the order', async () => {
      const order = await create(customer, [{ productId: shop.proFile }]);
      expect(await fulfil(order, { amountCents: order.totalCents - 1 })).toBe('mismatch');
      expect(await fulfil(order, { amountCents: order.totalCents + 100 })).toBe('mismatch');
      expect(await fulfil(order, { currency: 'usd' })).toBe('mismatch');
      const row = await orderRow(order.id);
      expect(row.status).toBe('pending_payment');
      expect(row.paidAt).toBeNull();
      expect(await mailsOf('order_confirmation', customer.email)).toHaveLength(0);
      const history = (
        await t.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: customer.headers })
      ).json<Order>().history;
      expect(history.filter((e) => e.kind === 'payment_mismatch')).toHaveLength(3);
    });

    it('grants the digital lines with the payment, and revokes a line’s download when it is refunded', async () => {
      const buyer = await signIn(t.app);
      const order = await create(buyer, [
        { productId: shop.proFile },
        { productId: shop.book, edition: 'paper' },
      ]);
      const before = (
        await t.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: buyer.headers })
      ).json<Order>();
      expect(before.lines.map((l) => l.download)).toEqual([null, null]);
      await t.app.inject({
        method: 'POST',
        url: '/api/order/address',
        headers: buyer.headers,
        payload: { orderId: order.id, ...validAddress },
      });
      await Promise.all([fulfil(order), fulfil(order)]);
      const paid = (
        await t.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: buyer.headers })
      ).json<Order>();
      const [file, paper] = paid.lines;
      expect(file!.download).toMatchObject({
        orderId: order.id,
        orderNumber: order.number,
        productId: shop.proFile,
        fileType: 'pdf',
        downloadCount: 0,
      });
      expect(['ready', 'preparing']).toContain(file!.download!.status);
      expect(paper!.download).toBeNull();
      const listed = (
        await t.app.inject({ method: 'GET', url: '/api/order/commande', headers: buyer.headers })
      ).json<{ results: Order[] }>();
      expect(listed.results[0]!.lines[0]!.download?.entitlementId).toBe(file!.download!.entitlementId);

      await refundRecorded({
        orderId: order.id,
        lineIds: [file!.id],
        amountCents: file!.totalCents,
        reference: 're_download',
        actor: { kind: 'staff', userId: editor.id },
      });
      const refunded = (
        await t.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: buyer.headers })
      ).json<Order>();
      expect(refunded.lines[0]!.download?.status).toBe('revoked');
    });

    it('answers not_payable for an unknown order', async () => {
      expect(await fulfil({ id: '00000000-0000-4000-8000-000000000000', totalCents: 100 })).toBe(
        'not_payable',
      );
    });
  });

  describe('expiry', () => {
    it('cancels pending orders past their window, gives their copies back and writes why', async () => {
      const before = await stockOf(shop.book);
      const order = await create(customer, [{ productId: shop.book, edition: 'paper', quantity: 3 }]);
      const paid = await create(customer, [{ productId: shop.book, edition: 'paper' }]);
      expect(await fulfil(paid)).toBe('paid');
      expect(await stockOf(shop.book)).toBe(before - 4);

      expect(await t.app.orders.expireDue(new Date(Date.now() + 60_000))).toBe(0);
      const heard: string[] = [];
      const off = t.app.events.on('orders.expired', ({ orderIds }) => void heard.push(...orderIds));
      expect(await t.app.orders.expireDue(new Date(Date.now() + 901_000))).toBeGreaterThanOrEqual(1);
      off();
      expect(heard).toContain(order.id);
      expect(heard).not.toContain(paid.id);
      expect(await stockOf(shop.book)).toBe(before - 1);
      const seen = (
        await t.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: customer.headers })
      ).json<Order>();
      expect(seen).toMatchObject({ status: 'cancelled', expiresAt: null });
      expect(seen.history.at(-1)).toMatchObject({ kind: 'expired', status: 'cancelled', actor: 'system' });
      expect((await orderRow(paid.id)).status).toBe('paid');
      // Once is enough: a second pass finds nothing and gives nothing back twice.
      expect(await t.app.orders.expireDue(new Date(Date.now() + 901_000))).toBe(0);
      expect(await stockOf(shop.book)).toBe(before - 1);
    });

    it('runs every minute as a job', async () => {
      const { rows } = await t.database.pool.query<{ name: string; cron: string }>(
        'SELECT name, cron FROM pgboss.schedule',
      );
      expect(rows).toContainEqual({ name: 'payments.sweep', cron: '* * * * *' });
    });

    it('takes the payment of an expired order if its copies are still there, and refuses it otherwise', async () => {
      const kept = await create(customer, [{ productId: shop.book, edition: 'paper' }]);
      const lost = await create(customer, [{ productId: shop.lastCopy, edition: 'paper' }]);
      await t.app.orders.expireDue(new Date(Date.now() + 901_000));
      const stock = await stockOf(shop.book);
      expect(await fulfil(kept)).toBe('paid');
      expect(await stockOf(shop.book)).toBe(stock - 1);

      // Someone else bought the last copy meanwhile.
      expect(await stockOf(shop.lastCopy)).toBe(1);
      await create(await signIn(t.app), [{ productId: shop.lastCopy, edition: 'paper' }]);
      expect(await fulfil(lost)).toBe('not_payable');
      expect((await orderRow(lost.id)).status).toBe('cancelled');
      expect(await stockOf(shop.lastCopy)).toBe(0);
    });
  });

  describe('shipment and delivery', () => {
    it('ships a paid paper order with its tracking, then marks it delivered, e-mailing the customer each time', async () => {
      const buyer = await signIn(t.app, 'customer', 'Inès');
      const order = await paperOrder(buyer);
      const shipped = await ship(order.id);
      expect(shipped.statusCode).toBe(200);
      expect(shipped.json<AdminOrder>()).toMatchObject({
        status: 'shipped',
        shipment: { carrier: 'La Poste', trackingNumber: '6A 1234 5678', deliveredAt: null },
        customer: { id: buyer.id, email: buyer.email },
        payment: null,
        refunds: [],
      });
      const [shippedMail] = await mailsOf('order_shipped', buyer.email);
      expect(shippedMail!.text).toContain('6A 1234 5678');
      expect((await ship(order.id)).json().error.code).toBe('invalid_transition');

      const seen = (
        await t.app.inject({ method: 'GET', url: '/api/order/commande', headers: buyer.headers })
      ).json<{ results: Order[] }>().results[0]!;
      expect(seen.shipment?.trackingUrl).toMatch(/^https:\/\/www\.laposte\.fr\//);
      expect(seen.canWithdraw).toBe(true);
      expect(seen.withdrawalDeadline).toBeNull();

      const delivered = await admin('POST', `/${order.id}/deliver`);
      expect(delivered.statusCode).toBe(200);
      const detail = delivered.json<AdminOrder>();
      expect(detail.status).toBe('delivered');
      const deadline = Date.parse(detail.withdrawalDeadline!);
      expect(deadline - Date.parse(detail.shipment!.deliveredAt!)).toBe(WITHDRAWAL_DAYS * 86_400_000);
      expect(await mailsOf('order_delivered', buyer.email)).toHaveLength(1);
      expect(detail.history.map((e) => [e.kind, e.actor])).toEqual([
        ['created', 'customer'],
        ['address_saved', 'customer'],
        ['paid', 'provider'],
        ['shipped', 'staff'],
        ['delivered', 'staff'],
      ]);
      expect((await admin('POST', `/${order.id}/deliver`)).statusCode).toBe(409);
    });

    it('refuses to ship an unpaid order or one without paper books, or to deliver one not shipped', async () => {
      const pending = await create(customer, [{ productId: shop.book, edition: 'paper' }]);
      expect((await ship(pending.id)).statusCode).toBe(409);
      expect((await admin('POST', `/${pending.id}/deliver`)).statusCode).toBe(409);
      const digital = await create(customer, [{ productId: shop.proFile }]);
      expect(await fulfil(digital)).toBe('paid');
      const response = await ship(digital.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('invalid_transition');
      expect((await ship('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      const bad = await admin('POST', `/${pending.id}/ship`, { carrier: 'X', trackingNumber: '<>' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['carrier', 'trackingNumber']);
    });
  });

  describe('withdrawal', () => {
    const withdraw = (buyer: Customer, id: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/order/${id}/withdraw`, headers: buyer.headers, payload });

    it('lets the customer withdraw once from shipment to 14 days after delivery, and acknowledges it by e-mail', async () => {
      const buyer = await signIn(t.app, 'customer', 'Yasmine');
      const order = await paperOrder(buyer, 2);
      expect((await withdraw(buyer, order.id)).json().error.code).toBe('withdrawal_unavailable');
      await ship(order.id);
      await admin('POST', `/${order.id}/deliver`);
      expect((await withdraw(customer, order.id)).statusCode).toBe(404);

      const response = await withdraw(buyer, order.id);
      expect(response.statusCode).toBe(200);
      const withdrawn = response.json<Order>();
      expect(withdrawn.withdrawal).toMatchObject({ lineIds: [withdrawn.lines[0]!.id], refundedAt: null });
      expect(withdrawn.canWithdraw).toBe(false);
      expect(withdrawn.history.at(-1)).toMatchObject({ kind: 'withdrawal_requested', actor: 'customer' });
      const [ack] = await mailsOf('withdrawal_ack', buyer.email);
      expect(ack!.text).toContain(order.number);
      expect(ack!.text).toContain('Rue du Lac Biwa');
      expect((await withdraw(buyer, order.id)).statusCode).toBe(409);

      const listed = (await admin('GET', '?withdrawal=requested')).json<AdminOrderPage>();
      expect(listed.results.map((o) => o.id)).toContain(order.id);
      expect(listed.results.every((o) => o.withdrawalRequested)).toBe(true);
    });

    it('states the withdrawal right on a paper order’s confirmation, and offers it no more once withdrawn', async () => {
      const buyer = await signIn(t.app, 'customer', 'Malek');
      const order = await paperOrder(buyer);
      const [confirmation] = await mailsOf('order_confirmation', buyer.email);
      expect(confirmation!.text).toMatch(/14 days from receiving them to withdraw/);
      expect(confirmation!.text).toMatch(/\/terms#terms-withdrawal-form/);
      await ship(order.id);
      expect((await withdraw(buyer, order.id)).statusCode).toBe(200);

      expect((await admin('POST', `/${order.id}/deliver`)).statusCode).toBe(200);
      const [delivered] = await mailsOf('order_delivered', buyer.email);
      expect(delivered!.text).toContain(order.number);
      expect(delivered!.text).not.toMatch(/withdraw until/i);
      const seen = (
        await t.app.inject({ method: 'GET', url: '/api/order/commande', headers: buyer.headers })
      ).json<{ results: Order[] }>().results[0]!;
      expect(seen.canWithdraw).toBe(false);
      expect(seen.withdrawal).not.toBeNull();
    });

    it('closes the period 14 days after delivery, and withdraws only paper lines', async () => {
      const buyer = await signIn(t.app);
      const order = await create(buyer, [
        { productId: shop.book, edition: 'paper' },
        { productId: shop.proFile },
      ]);
      await t.app.inject({
        method: 'POST',
        url: '/api/order/address',
        headers: buyer.headers,
        payload: { orderId: order.id, ...validAddress },
      });
      await fulfil(order);
      await ship(order.id);
      const digitalLine = order.lines.find((l) => l.format === 'file')!.id;
      expect((await withdraw(buyer, order.id, { lineIds: [digitalLine] })).statusCode).toBe(409);
      await admin('POST', `/${order.id}/deliver`);
      await t.database.db
        .update(orders)
        .set({ deliveredAt: sql`now() - interval '${sql.raw(String(WITHDRAWAL_DAYS))} days 1 minute'` })
        .where(eq(orders.id, order.id));
      const late = await withdraw(buyer, order.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('withdrawal_unavailable');
      expect((await orderRow(order.id)).withdrawalRequestedAt).toBeNull();
    });
  });

  describe('refunds', () => {
    it('refunds line by line, revoking nothing it should keep, and closes a withdrawal as withdrawn', async () => {
      const buyer = await signIn(t.app);
      const order = await create(buyer, [
        { productId: shop.book, edition: 'paper', quantity: 2 },
        { productId: shop.proFile },
        { productId: shop.ebookOnly, edition: 'ebook' },
      ]);
      await expect(t.app.orders.refundable(order.id)).rejects.toMatchObject({ code: 'refund_unavailable' });
      await t.app.inject({
        method: 'POST',
        url: '/api/order/address',
        headers: buyer.headers,
        payload: { orderId: order.id, ...validAddress },
      });
      await fulfil(order);
      const [paper, file, ebook] = order.lines;
      expect(await t.app.orders.refundable(order.id)).toEqual({
        amountCents: order.totalCents,
        lineIds: [paper!.id, file!.id, ebook!.id],
      });
      const one = await t.app.orders.refundable(order.id, [file!.id]);
      expect(one).toEqual({ amountCents: 3600, lineIds: [file!.id] });
      const partly = await refundRecorded({
        orderId: order.id,
        ...one,
        reference: 're_1',
        actor: { kind: 'staff', userId: editor.id },
        reason: 'Wrong file',
      });
      expect(partly).toMatchObject({ status: 'partially_refunded', refundedCents: 3600 });
      expect(partly.lines.map((l) => l.status)).toEqual(['active', 'refunded', 'active']);
      expect(await mailsOf('order_refunded', buyer.email)).toHaveLength(1);
      await expect(t.app.orders.refundable(order.id, [file!.id])).rejects.toMatchObject({
        code: 'refund_unavailable',
      });

      // The paper books come back after a withdrawal: refunding them closes it.
      await ship(order.id);
      await admin('POST', `/${order.id}/deliver`);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/order/${order.id}/withdraw`,
            headers: buyer.headers,
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
      const back = await t.app.orders.refundable(order.id, [paper!.id]);
      const closed = await refundRecorded({
        orderId: order.id,
        ...back,
        reference: 're_2',
        actor: { kind: 'staff', userId: editor.id },
      });
      expect(closed.status).toBe('partially_refunded');
      expect(closed.withdrawal?.refundedAt).not.toBeNull();
      expect(closed.lines.map((l) => l.status)).toEqual(['withdrawn', 'refunded', 'active']);
      expect(closed.refundedCents).toBe(3600 + paper!.totalCents);

      const rest = await t.app.orders.refundable(order.id);
      expect(rest).toEqual({ amountCents: 891, lineIds: [ebook!.id] });
      const all = await refundRecorded({
        orderId: order.id,
        ...rest,
        reference: 're_3',
        actor: { kind: 'provider' },
      });
      expect(all).toMatchObject({ status: 'refunded', refundedCents: order.totalCents });
      await expect(t.app.orders.refundable(order.id)).rejects.toMatchObject({ code: 'refund_unavailable' });
    });

    it('marks a paper order withdrawn once its returned books are refunded', async () => {
      const buyer = await signIn(t.app);
      const order = await paperOrder(buyer, 2);
      await ship(order.id);
      // No body: every paper line.
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/order/${order.id}/withdraw`,
        headers: buyer.headers,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const refund = await t.app.orders.refundable(order.id);
      const closed = await refundRecorded({
        orderId: order.id,
        ...refund,
        reference: 're_4',
        actor: { kind: 'staff', userId: editor.id },
        reason: 'Returned',
      });
      expect(closed).toMatchObject({ status: 'withdrawn', refundedCents: order.totalCents });
      expect(closed.history.at(-1)).toMatchObject({ kind: 'refunded', actor: 'staff', status: 'withdrawn' });
      expect(closed.history.at(-1)!.note).toContain('Returned');
    });
  });

  describe('back office list', () => {
    it('filters by status, customer e-mail, name or number, and creation dates', async () => {
      const buyer = await signIn(t.app, 'customer', 'Mehdi');
      const order = await create(buyer, [{ productId: shop.proFile }]);
      const ids = async (query: string) =>
        (await admin('GET', query)).json<AdminOrderPage>().results.map((o) => o.id);
      expect(await ids(`?customer=${encodeURIComponent(buyer.email.toUpperCase())}`)).toEqual([order.id]);
      expect(await ids(`?customer=${order.number}`)).toEqual([order.id]);
      expect(await ids('?customer=Mehdi&status=pending_payment')).toContain(order.id);
      expect(await ids('?customer=Mehdi&status=paid')).not.toContain(order.id);
      const today = new Date().toISOString().slice(0, 10);
      expect(await ids(`?customer=Mehdi&from=${today}&to=${today}`)).toContain(order.id);
      expect(await ids(`?customer=Mehdi&to=2020-01-01`)).toEqual([]);
      const summary = (await admin('GET', `?customer=${order.number}`)).json<AdminOrderPage>().results[0]!;
      expect(summary).toMatchObject({
        number: order.number,
        customer: { id: buyer.id, name: 'Mehdi Haddad', email: buyer.email },
        lineCount: 1,
        needsShipping: false,
        withdrawalRequested: false,
      });
      expect((await admin('GET', '?from=yesterday')).statusCode).toBe(400);
      expect((await admin('GET', `/${order.id}`)).json<AdminOrder>().customer.name).toBe('Mehdi Haddad');
    });
  });
});
