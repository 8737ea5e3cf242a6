// @module-tag postgres — transactions commit and roll back on a pool of connections.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookDetail } from '@hls/contract';
import { bearer, build, login, registerUser, useApp } from '../../test/helper.ts';

describe('events after commit', () => {
  const t = useApp();

  it('delivers events raised in a transaction once it commits, in order, and drops them on rollback', async () => {
    const heard: string[] = [];
    const off = t.app.events.on('catalog.changed', ({ what }) => heard.push(what));
    try {
      await t.app.transaction(async ({ tx, raise }) => {
        raise('catalog.changed', { what: 'category' });
        raise('catalog.changed', { what: 'product' });
        await tx.execute(sql`select 1`);
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual(['category', 'product']);

      await expect(
        t.app.transaction(async ({ raise }) => {
          raise('catalog.changed', { what: 'product' });
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(heard).toEqual(['category', 'product']);

      t.app.events.emit('catalog.changed', { what: 'bulk' });
      expect(heard).toEqual(['category', 'product', 'bulk']);
    } finally {
      off();
    }
  });

  it('lets a write join the caller’s transaction: its events wait for that commit', async () => {
    const heard: string[] = [];
    const off = t.app.events.on('catalog.changed', ({ what }) => heard.push(what));
    try {
      await t.app.transaction(async (ctx) => {
        await t.app.catalog.writes.createCategory(
          { section: 'book', slug: 'joined', nameFr: 'Jointe', nameEn: 'Joined' },
          ctx,
        );
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual(['category']);
    } finally {
      off();
    }
  });

  it('keeps running the other listeners when one fails', () => {
    const heard: string[] = [];
    const offs = [
      t.app.events.on('catalog.changed', () => {
        throw new Error('listener bug');
      }),
      t.app.events.on('catalog.changed', ({ what }) => heard.push(what)),
    ];
    t.app.events.emit('catalog.changed', { what: 'product' });
    offs.forEach((off) => off());
    expect(heard).toEqual(['product']);
  });
});

describe('caches of catalogue data', () => {
  const t = useApp();
  let bookId = 0;
  let author: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    author = await registerUser(t.app, { firstName: 'Nour', lastName: 'Ayari' }, 'author');
    const { writes } = t.app.catalog;
    const category = await writes.createCategory({
      section: 'book',
      slug: 'essais',
      nameFr: 'Essais',
      nameEn: 'Essays',
    });
    bookId = (
      await writes.createProduct({
        kind: 'book',
        section: 'book',
        title: 'Premier titre',
        description: 'Texte.',
        language: 'fr',
        authorId: author.user.id,
        categoryId: category.id,
        status: 'published',
        cover: { key: 'covers/c.png', width: 1, height: 1 },
        editions: [{ format: 'ebook', priceCents: 900 }],
      })
    ).id;
  });

  const detail = async () =>
    BookDetail.parse((await t.app.inject({ url: `/api/books/list/${bookId}` })).json());
  const sitemapListsBook = async () =>
    (await t.app.inject({ url: '/sitemap.xml' })).body.includes(`/product/${bookId}<`);
  /** Changes the database behind the app's back: only the caches' emptying can make it show. */
  const retitleQuietly = (title: string) =>
    t.database.db.execute(sql`UPDATE products SET title = ${title} WHERE id = ${bookId}`);

  it('are left as they were by a rolled-back write and emptied by a committed one', async () => {
    expect((await detail()).title).toBe('Premier titre');
    expect(await sitemapListsBook()).toBe(true);
    await retitleQuietly('Second titre');
    await t.database.db.execute(sql`UPDATE products SET status = 'archived' WHERE id = ${bookId}`);
    expect((await detail()).title).toBe('Premier titre');

    await expect(
      t.app.transaction(async (ctx) => {
        await t.app.catalog.writes.setProductStatus(bookId, 'published', ctx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await detail()).title).toBe('Premier titre');
    expect(await sitemapListsBook()).toBe(true);

    await t.app.catalog.writes.setProductStatus(bookId, 'published');
    expect((await detail()).title).toBe('Second titre');
    await t.app.catalog.writes.setProductStatus(bookId, 'archived');
    expect(await sitemapListsBook()).toBe(false);
    await t.app.catalog.writes.setProductStatus(bookId, 'published');
  });

  it('show an author’s new name on the next page view', async () => {
    expect((await detail()).author.name).toBe('Nour Ayari');
    const { access } = await login(t.app, author.email, author.password);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/update/user',
      headers: bearer(access),
      payload: { firstName: 'Nour', lastName: 'Ayari-Ben Ali', email: author.email },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await detail()).author.name).toBe('Nour Ayari-Ben Ali');
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/books/filter/book',
      payload: { search: 'Ayari-Ben' },
    });
    expect(list.json().results.map((r: { id: number }) => r.id)).toEqual([bookId]);
  });
});

describe('closing the app', () => {
  it('removes the listeners its plugins added', async () => {
    const built = await build();
    const { events } = built.app;
    expect(events.listenerCount()).toBeGreaterThan(0);
    await built.close();
    expect(events.listenerCount()).toBe(0);
  });
});
