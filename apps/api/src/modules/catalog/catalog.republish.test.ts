import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../test/helper.ts';
import { customer, openShop, placeOrder } from '../../../test/checkout-fixtures.ts';
import { bookEditions, products } from '../../db/schema.ts';
import type { NewProduct } from './catalog.service.ts';

describe('app.catalog.writes.updateProduct (a new version of a published book)', () => {
  const t = useApp();

  async function asNewProduct(productId: number): Promise<NewProduct> {
    const [row] = await t.app.db.select().from(products).where(eq(products.id, productId));
    return {
      kind: 'book',
      section: 'book',
      title: row!.title,
      description: row!.description,
      language: row!.language,
      authorId: row!.authorId,
      categoryId: row!.categoryId,
      status: 'published',
      cover: { key: row!.coverKey, width: row!.coverWidth, height: row!.coverHeight },
    };
  }
  const formats = async (productId: number) =>
    (await t.app.db.select().from(bookEditions).where(eq(bookEditions.productId, productId)))
      .map((e) => e.format)
      .sort();

  it('refuses to drop an edition already ordered (it would stay on sale), and drops one never ordered', async () => {
    const shop = await openShop(t.app);
    const buyer = await customer(t.app);
    await placeOrder(t.app, buyer, [{ productId: shop.bookId, edition: 'paper', quantity: 1 }]);
    const book = await asNewProduct(shop.bookId);

    await expect(
      t.app.catalog.writes.updateProduct(shop.bookId, {
        ...book,
        editions: [{ format: 'ebook', priceCents: 1200 }],
      }),
    ).rejects.toMatchObject({ status: 400, fields: { editions: 'editions.sold' } });
    expect(await formats(shop.bookId)).toEqual(['ebook', 'paper']);

    await t.app.catalog.writes.updateProduct(shop.bookId, {
      ...book,
      editions: [{ format: 'paper', priceCents: 2200, stock: 5 }],
    });
    expect(await formats(shop.bookId)).toEqual(['paper']);
    // The lists' edition filters read the editions' final prices from the product's row.
    const [row] = await t.app.db.select().from(products).where(eq(products.id, shop.bookId));
    expect(row).toMatchObject({ paperPriceCents: 2200, ebookPriceCents: null, minPriceCents: 2200 });
    const listed = async (filter: object) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/books/filter/book', payload: filter });
      return (response.json() as { results: { id: number }[] }).results.map((r) => r.id);
    };
    expect(await listed({ edition: 'paper', minPrice: 2200, maxPrice: 2200 })).toContain(shop.bookId);
    expect(await listed({ edition: 'ebook' })).not.toContain(shop.bookId);
  });
});
