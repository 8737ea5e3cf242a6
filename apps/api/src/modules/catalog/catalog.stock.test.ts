import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookDetail, StockHistory, StockList, StockRow } from '@hls/contract';
import { bookEditions } from '../../db/schema.ts';
import {
  customer,
  openShop,
  placeOrder,
  staff,
  type Customer,
  type Shop,
} from '../../../test/checkout-fixtures.ts';
import { useApp } from '../../../test/helper.ts';

describe('paper stock set by hand in the back office', () => {
  const t = useApp();
  let shop: Shop;
  let editor: Customer;
  let editionId: number;

  beforeAll(async () => {
    shop = await openShop(t.app, { paperStock: 0 });
    editor = await staff(t.app, 'editor');
    editionId = (
      await t.database.db
        .select({ id: bookEditions.id, format: bookEditions.format })
        .from(bookEditions)
        .where(eq(bookEditions.productId, shop.bookId))
    ).find((e) => e.format === 'paper')!.id;
  });

  const adjust = (body: object, who: Customer = editor, id = editionId) =>
    t.app.inject({ method: 'POST', url: `/api/admin/stock/${id}`, headers: who.headers, payload: body });

  it('brings a book out of stock back on sale, with the reason kept as history, and the page follows', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/books/list/${shop.bookId}` });
    expect(before.json<BookDetail>().editions.find((e) => e.format === 'paper')).toMatchObject({
      inStock: false,
    });

    const low = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stock?low=true',
      headers: editor.headers,
    });
    expect(low.statusCode, low.body).toBe(200);
    expect(low.json<StockList>().results.find((r) => r.editionId === editionId)).toMatchObject({
      stock: 0,
      low: true,
    });

    const received = await adjust({ stock: 12, reason: 'delivery', note: 'Printer, batch 7' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<StockRow>()).toMatchObject({
      editionId,
      productId: shop.bookId,
      stock: 12,
      low: false,
    });
    const counted = await adjust({ stock: 10, reason: 'count' });
    expect(counted.statusCode, counted.body).toBe(200);

    const after = await t.app.inject({ method: 'GET', url: `/api/books/list/${shop.bookId}` });
    expect(after.json<BookDetail>().editions.find((e) => e.format === 'paper')).toMatchObject({
      inStock: true,
      stock: 10,
    });
    const buyer = await customer(t.app);
    const order = await placeOrder(t.app, buyer, [{ productId: shop.bookId, edition: 'paper', quantity: 2 }]);
    expect(order.lines[0]).toMatchObject({ quantity: 2 });

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/stock/${editionId}`,
      headers: editor.headers,
    });
    expect(history.statusCode, history.body).toBe(200);
    const { stock, movements } = history.json<StockHistory>();
    // The order holds two copies: 8 left; the history keeps the changes made by hand.
    expect(stock.stock).toBe(8);
    expect(movements.map((m) => [m.delta, m.stockAfter, m.reason, m.note, m.by])).toEqual([
      [-2, 10, 'count', null, 'Sami Trabelsi'],
      [12, 12, 'delivery', 'Printer, batch 7', 'Sami Trabelsi'],
    ]);
  });

  it('refuses a negative or missing count, a missing reason, an "other" without a note; changes nothing', async () => {
    for (const [body, fields] of [
      [{ stock: -1, reason: 'count' }, { stock: 'stock.invalid' }],
      [{ stock: 'many', reason: 'count' }, { stock: 'stock.invalid' }],
      [{ stock: 5 }, { reason: 'stockReason.required' }],
      [{ stock: 5, reason: 'other' }, { note: 'stockNote.required' }],
    ] as const) {
      const response = await adjust(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fieldKeys).toEqual(fields);
    }
    const [row] = await t.database.db.select().from(bookEditions).where(eq(bookEditions.id, editionId));
    expect(row!.stock).toBe(8);
  });

  it('is the staff’s: customers 403, guests 401; an ebook or unknown edition is a 404', async () => {
    const buyer = await customer(t.app);
    expect((await adjust({ stock: 1, reason: 'count' }, buyer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stock' })).statusCode).toBe(401);
    const ebook = (
      await t.database.db
        .select({ id: bookEditions.id, format: bookEditions.format })
        .from(bookEditions)
        .where(eq(bookEditions.productId, shop.bookId))
    ).find((e) => e.format === 'ebook')!.id;
    expect((await adjust({ stock: 1, reason: 'count' }, editor, ebook)).statusCode).toBe(404);
    expect((await adjust({ stock: 1, reason: 'count' }, editor, 987_654)).statusCode).toBe(404);
  });
});
