// @module-tag postgres — stock is held under row locks, with buyers racing on several connections.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discountedPrice } from '@hls/contract';
import { registerUser, useApp } from '../../../test/helper.ts';
import { bookEditions, products } from '../../db/schema.ts';

describe('app.catalog.sales', () => {
  const t = useApp();
  const ids: Record<'book' | 'file' | 'draft', number> = { book: 0, file: 0, draft: 0 };
  let paperId = 0;

  beforeAll(async () => {
    const author = await registerUser(t.app, {}, 'author');
    const writes = t.app.catalog.writes;
    const books = await writes.createCategory({
      section: 'book',
      slug: 'sales',
      nameFr: 'Ventes',
      nameEn: 'Sales',
    });
    const pro = await writes.createCategory({
      section: 'professional',
      slug: 'sales',
      nameFr: 'Ventes',
      nameEn: 'Sales',
    });
    const base = {
      description: 'Une description.',
      language: 'fr' as const,
      authorId: author.user.id,
      status: 'published' as const,
    };
    ids.book = (
      await writes.createProduct({
        ...base,
        kind: 'book',
        section: 'book',
        title: 'Le livre vendu',
        categoryId: books.id,
        cover: { key: 'covers/sales-1.png', width: 600, height: 800 },
        editions: [
          { format: 'paper', priceCents: 1999, discountPercent: 25, stock: 2 },
          { format: 'ebook', priceCents: 999, discountPercent: 5 },
        ],
      })
    ).id;
    ids.file = (
      await writes.createProduct({
        ...base,
        kind: 'file',
        section: 'professional',
        title: 'Le fichier vendu',
        categoryId: pro.id,
        cover: { key: 'covers/sales-2.png', width: 600, height: 800 },
        file: {
          fileType: 'excel',
          storageKey: 'files/sales/modele.xlsx',
          originalName: 'modele.xlsx',
          mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          sizeBytes: 1000,
          sha256: 'cd'.repeat(32),
        },
        priceCents: 4999,
        discountPercent: 33,
      })
    ).id;
    ids.draft = (
      await writes.createProduct({
        ...base,
        status: 'draft',
        kind: 'book',
        section: 'book',
        title: 'Brouillon',
        categoryId: books.id,
        cover: { key: 'covers/sales-3.png', width: 600, height: 800 },
        editions: [{ format: 'paper', priceCents: 1000, stock: 1 }],
      })
    ).id;
    // The ebook's file: an ebook edition is sold only with a file to deliver.
    await t.app.catalog.assets.attach(ids.book, {
      fileType: 'pdf',
      storageKey: 'files/sales/livre.pdf',
      originalName: 'livre.pdf',
      mime: 'application/pdf',
      sizeBytes: 4000,
      sha256: 'ef'.repeat(32),
    });
    const [paper] = await t.database.db
      .select({ id: bookEditions.id })
      .from(bookEditions)
      .where(eq(bookEditions.productId, ids.book));
    paperId = paper!.id;
  });

  const stock = async () =>
    (
      await t.database.db
        .select({ stock: bookEditions.stock })
        .from(bookEditions)
        .where(eq(bookEditions.id, paperId))
    )[0]!.stock;

  it('prices each offer from the database with the discount rule of the contract', async () => {
    const offers = await t.app.catalog.sales.offers([ids.book, ids.file, ids.draft, 987_654, ids.book]);
    expect([...offers.keys()].sort()).toEqual([ids.book, ids.file, ids.draft].sort());
    const book = offers.get(ids.book)!;
    expect(book).toMatchObject({
      kind: 'book',
      section: 'book',
      status: 'published',
      title: 'Le livre vendu',
      coverUrl: '/api/media/covers/sales-1.png',
      fileType: null,
    });
    expect(book.offers).toEqual([
      {
        format: 'paper',
        editionId: paperId,
        priceCents: 1999,
        discountPercent: 25,
        finalPriceCents: discountedPrice(1999, 25),
        stock: 2,
      },
      expect.objectContaining({ format: 'ebook', finalPriceCents: discountedPrice(999, 5), stock: null }),
    ]);
    expect(offers.get(ids.file)!.offers).toEqual([
      {
        format: 'file',
        editionId: null,
        priceCents: 4999,
        discountPercent: 33,
        finalPriceCents: 3349,
        stock: null,
      },
    ]);
    expect(offers.get(ids.file)!.fileType).toBe('excel');
    expect(offers.get(ids.draft)!.status).toBe('draft');
    expect((await t.app.catalog.sales.offers([])).size).toBe(0);
  });

  it('leaves out a digital offer that has no file to deliver', async () => {
    const writes = t.app.catalog.writes;
    const [book] = await t.database.db
      .select({ categoryId: products.categoryId, authorId: products.authorId })
      .from(products)
      .where(eq(products.id, ids.book));
    const fileless = await writes.createProduct({
      description: 'Une description.',
      language: 'fr',
      authorId: book!.authorId,
      status: 'published',
      kind: 'book',
      section: 'book',
      title: 'Sans fichier',
      categoryId: book!.categoryId,
      cover: { key: 'covers/sales-4.png', width: 600, height: 800 },
      editions: [
        { format: 'paper', priceCents: 1500, stock: 3 },
        { format: 'ebook', priceCents: 700 },
      ],
    });
    const offers = (await t.app.catalog.sales.offers([fileless.id])).get(fileless.id)!.offers;
    expect(offers.map((o) => o.format)).toEqual(['paper']);
  });

  it('holds copies only while enough are left, and tells the pages only when the stock reaches or leaves zero', async () => {
    const changes: string[] = [];
    const off = t.app.events.on('catalog.changed', ({ what }) => void changes.push(what));
    const sales = t.app.catalog.sales;
    try {
      expect(await t.app.transaction((ctx) => sales.reserveStock(ctx, paperId, 3))).toBe(false);
      expect(await t.app.transaction((ctx) => sales.reserveStock(ctx, paperId, 1))).toBe(true);
      expect(changes).toEqual([]);
      expect(await stock()).toBe(1);
      expect(await t.app.transaction((ctx) => sales.reserveStock(ctx, paperId, 1))).toBe(true);
      expect(changes).toEqual(['product']);
      expect(await t.app.transaction((ctx) => sales.reserveStock(ctx, paperId, 1))).toBe(false);
      expect(await stock()).toBe(0);
      await t.app.transaction((ctx) => sales.releaseStock(ctx, paperId, 2));
      expect(changes).toEqual(['product', 'product']);
      expect(await stock()).toBe(2);
      await t.app.transaction((ctx) => sales.releaseStock(ctx, paperId, 1));
      expect(changes).toHaveLength(2);
      await t.app.transaction((ctx) => sales.reserveStock(ctx, paperId, 1));
      expect(await stock()).toBe(2);
    } finally {
      off();
    }
  });

  it('gives the last copy to one of many buyers at once', async () => {
    const sales = t.app.catalog.sales;
    const taken = await Promise.all(
      Array.from({ length: 8 }, () => t.app.transaction((ctx) => sales.reserveStock(ctx, paperId, 1))),
    );
    expect(taken.filter(Boolean)).toHaveLength(2);
    expect(await stock()).toBe(0);
  });

  it('holds nothing of an ebook edition and refuses a quantity that is not a positive whole number', async () => {
    const offers = await t.app.catalog.sales.offers([ids.book]);
    const ebook = offers.get(ids.book)!.offers.find((o) => o.format === 'ebook')!;
    expect(await t.app.transaction((ctx) => t.app.catalog.sales.reserveStock(ctx, ebook.editionId!, 1))).toBe(
      false,
    );
    await expect(
      t.app.transaction((ctx) => t.app.catalog.sales.reserveStock(ctx, paperId, 0)),
    ).rejects.toThrow(RangeError);
  });
});
