import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StockAlertState } from '@hls/contract';
import { bookEditions, mailOutbox, products, stockAlerts } from '../../db/schema.ts';
import { customer, openShop, placeOrder, staff, type Customer } from '../../../test/checkout-fixtures.ts';
import { bearer, login, outboxMails, registerUser, useAppWithMailServer } from '../../../test/helper.ts';

const BACK_IN_STOCK = /^(Back in stock: “.+”|De retour en stock\u202f: «\u202f.+\u202f»)$/;

describe('back-in-stock requests for paper books', () => {
  const t = useAppWithMailServer();
  let editor: Customer;

  beforeAll(async () => {
    editor = await staff(t.app, 'editor');
  });

  /** A published book whose paper edition has `stock` copies; its paper edition's id. */
  async function book(stock: number) {
    const shop = await openShop(t.app, { paperStock: stock });
    const [paper] = await t.database.db
      .select({ id: bookEditions.id })
      .from(bookEditions)
      .where(and(eq(bookEditions.productId, shop.bookId), eq(bookEditions.format, 'paper')));
    return { productId: shop.bookId, editionId: paper!.id, fileId: shop.fileId };
  }

  const url = (productId: number) => `/api/product/${productId}/stock-alert`;
  const ask = (productId: number, who: Customer | null, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: url(productId),
      ...(who ? { headers: who.headers } : {}),
      ...(payload ? { payload } : {}),
    });
  const read = (productId: number, who: Customer) =>
    t.app.inject({ method: 'GET', url: url(productId), headers: who.headers });
  const cancel = (productId: number, who: Customer) =>
    t.app.inject({ method: 'DELETE', url: url(productId), headers: who.headers });
  const restock = async (editionId: number, stock: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stock/${editionId}`,
      headers: editor.headers,
      payload: { stock, reason: 'delivery' },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Runs the jobs the writes sent, then delivers the outbox to the SMTP server. */
  const deliver = async () => {
    await t.app.jobs.settle();
    await t.app.mail.sender.runOnce();
  };
  /** The back-in-stock e-mails the SMTP server received for this customer. */
  const received = (who: Customer) =>
    t.smtp.received.filter((m) => m.to.includes(who.email) && BACK_IN_STOCK.test(m.subject));
  const outbox = (who: Customer) =>
    outboxMails(t.database.db, and(eq(mailOutbox.to, who.email), eq(mailOutbox.template, 'stock_back')));
  const state = (response: LightMyRequestResponse) => response.json<StockAlertState>();

  it('opens one request per user and book however often it is asked, and its owner alone sees and cancels it', async () => {
    const { productId, editionId } = await book(0);
    const ana = await customer(t.app, 'fr');
    const other = await customer(t.app);

    const first = await ask(productId, ana, { language: 'fr' });
    expect(first.statusCode, first.body).toBe(200);
    expect(state(first).alert).toMatchObject({ language: 'fr' });
    const again = await ask(productId, ana, { language: 'en' });
    expect(again.statusCode, again.body).toBe(200);
    expect(state(again).alert).toEqual(state(first).alert);
    const rows = await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.editionId, editionId));
    expect(rows).toHaveLength(1);

    // Another user sees no request of theirs, and their cancel leaves Ana's open.
    expect(state(await read(productId, other)).alert).toBeNull();
    const theirs = await cancel(productId, other);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(state(await read(productId, ana)).alert).toMatchObject({ language: 'fr' });

    const cancelled = await cancel(productId, ana);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(state(cancelled).alert).toBeNull();
    expect(state(await read(productId, ana)).alert).toBeNull();
    expect(
      await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.editionId, editionId)),
    ).toEqual([]);
    // Cancelling twice changes nothing either.
    expect((await cancel(productId, ana)).statusCode).toBe(200);
  });

  it('refuses a guest, an unconfirmed address, a book in stock, a file and bad input, and stores nothing', async () => {
    const { productId, editionId, fileId } = await book(0);
    const inStock = await book(4);
    const ana = await customer(t.app);

    const guest = await ask(productId, null);
    expect(guest.statusCode).toBe(401);
    const guestRead = await t.app.inject({ method: 'GET', url: url(productId) });
    expect(guestRead.statusCode).toBe(401);

    const registered = await registerUser(t.app, { firstName: 'Nour', lastName: 'Ben Ali' });
    const { access } = await login(t.app, registered.email, registered.password);
    const unconfirmed = await t.app.inject({ method: 'POST', url: url(productId), headers: bearer(access) });
    expect(unconfirmed.statusCode, unconfirmed.body).toBe(403);
    expect(unconfirmed.json()).toMatchObject({ error: { code: 'email_unconfirmed' } });

    const available = await ask(inStock.productId, ana);
    expect(available.statusCode, available.body).toBe(409);
    expect(available.json()).toMatchObject({ error: { code: 'invalid_transition' } });

    expect((await ask(fileId, ana)).statusCode).toBe(404);
    expect((await ask(999_999, ana)).statusCode).toBe(404);
    expect((await read(999_999, ana)).statusCode).toBe(404);

    const badLanguage = await ask(productId, ana, { language: 'de' });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json()).toMatchObject({ error: { code: 'validation_failed' } });
    const badId = await ask(Number.NaN, ana);
    expect(badId.statusCode).toBe(400);

    const stored = await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.editionId, editionId));
    expect(stored).toEqual([]);
  });

  it('e-mails each open request once in its language when the back office restocks, and never again', async () => {
    const { productId, editionId } = await book(0);
    const ana = await customer(t.app, 'fr');
    const ben = await customer(t.app, 'en');
    const cyd = await customer(t.app, 'en');
    expect((await ask(productId, ana, { language: 'fr' })).statusCode).toBe(200);
    expect((await ask(productId, ben, { language: 'en' })).statusCode).toBe(200);
    expect((await ask(productId, cyd, { language: 'en' })).statusCode).toBe(200);
    expect((await cancel(productId, cyd)).statusCode).toBe(200);

    await restock(editionId, 3);
    await deliver();

    expect(received(ana).map((m) => m.subject)).toEqual([expect.stringMatching(/^De retour/)]);
    expect(received(ben).map((m) => m.subject)).toEqual([expect.stringMatching(/^Back in/)]);
    expect(received(cyd)).toEqual([]);
    const [fr] = await outbox(ana);
    expect(fr).toMatchObject({ language: 'fr' });
    expect(fr!.subject).toMatch(/^De retour en stock\u202f: «\u202f.+\u202f»$/);
    expect(fr!.text).toContain(`http://shop.test/product/${productId}`);
    const [en] = await outbox(ben);
    expect(en).toMatchObject({ language: 'en' });
    expect(en!.subject).toMatch(/^Back in stock: “.+”$/);
    expect(en!.text).toContain(`http://shop.test/product/${productId}`);
    // The requests have ended.
    expect(state(await read(productId, ana)).alert).toBeNull();
    const ended = await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.editionId, editionId));
    expect(ended.map((a) => a.notifiedAt)).toEqual([expect.any(Date), expect.any(Date)]);

    // A retry of the job and a second restock send nothing more.
    expect(await t.app.catalog.alerts.notify()).toBe(0);
    await restock(editionId, 0);
    await restock(editionId, 5);
    await deliver();
    expect(received(ana)).toHaveLength(1);
    expect(received(ben)).toHaveLength(1);
    expect(await outbox(ana)).toHaveLength(1);
  });

  it('e-mails the request when an unpaid order that took the last copy expires and gives it back', async () => {
    const { productId } = await book(1);
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [{ productId, edition: 'paper', quantity: 1 }]);
    const ana = await customer(t.app, 'fr');
    // The account's language when the request names none.
    expect(state(await ask(productId, ana)).alert).toMatchObject({ language: 'fr' });

    expect(await t.app.orders.expireDue(new Date(Date.now() + 24 * 3600_000), { only: [order.id] })).toBe(1);
    await deliver();
    expect(received(ana)).toHaveLength(1);
    expect(await outbox(ana)).toMatchObject([{ language: 'fr' }]);
  });

  it('e-mails the request when a new version of the book comes with copies in stock', async () => {
    const { productId } = await book(0);
    const ana = await customer(t.app);
    expect((await ask(productId, ana, { language: 'en' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
    await t.app.catalog.writes.updateProduct(productId, {
      kind: 'book',
      section: 'book',
      title: row!.title,
      description: `${row!.description} Second edition.`,
      language: row!.language,
      authorId: row!.authorId,
      categoryId: row!.categoryId,
      cover: { key: row!.coverKey, width: row!.coverWidth, height: row!.coverHeight },
      editions: [
        { format: 'paper', priceCents: 2100, stock: 5 },
        { format: 'ebook', priceCents: 1200 },
      ],
    });
    await deliver();
    expect(received(ana)).toHaveLength(1);
    expect(state(await read(productId, ana)).alert).toBeNull();
  });

  it('waits while the book is unpublished and e-mails once it is published again', async () => {
    const { productId, editionId } = await book(0);
    const ben = await customer(t.app);
    expect((await ask(productId, ben, { language: 'en' })).statusCode).toBe(200);

    expect(await t.app.catalog.writes.setProductStatus(productId, 'archived')).toBe(true);
    await restock(editionId, 2);
    await deliver();
    expect(received(ben)).toEqual([]);

    expect(await t.app.catalog.writes.setProductStatus(productId, 'published')).toBe(true);
    await deliver();
    expect(received(ben)).toHaveLength(1);
  });
});
