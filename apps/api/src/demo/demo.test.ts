// @module-tag postgres — the seed runs on the server's migrations and constraints.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  fileTypes,
  type AuthorPayments,
  type AuthorProductList,
  type QueuePage,
  type ReviewSubmission,
} from '@hls/contract';
import { login, useApp } from '../../test/helper.ts';
import {
  bookEditions,
  categories,
  fileAssets,
  orders,
  payouts,
  productReviews,
  products,
  royaltyEntries,
  submissions,
  users,
} from '../db/schema.ts';
import { isbn13 } from './demo.catalog.ts';
import {
  DEMO_PASSWORD,
  demoAccounts,
  demoAuthors,
  demoDownloads,
  demoSales,
  demoTwins,
} from './demo.dataset.ts';
import { seedDemo } from './demo.seed.ts';

describe('demo data', () => {
  const t = useApp();

  it('creates accounts, authors, categories and the catalogue once; a second run adds nothing', async () => {
    const first = await seedDemo(t.app);
    expect(first.accounts).toHaveLength(4);
    expect(first.catalog.products).toBeGreaterThanOrEqual(60);
    expect(first.catalog.authors).toBe(Object.keys(demoAuthors).length);
    expect(first.sales).toBe(demoSales.length);
    const counts = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    const before = await counts();
    const second = await seedDemo(t.app);
    expect(second).toEqual({
      accounts: [],
      catalog: { authors: 0, categories: 0, products: 0 },
      sales: 0,
      reviews: 0,
      downloads: 0,
    });
    expect(await counts()).toBe(before);
  }, 60_000);

  it('has the demo customer review what they bought: published by the editor, one waiting; free documents downloaded', async () => {
    const rows = await t.database.db
      .select({
        status: productReviews.status,
        rating: productReviews.rating,
        productId: productReviews.productId,
      })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.userId))
      .where(eq(users.email, 'customer@hls.test'));
    expect(rows.map((row) => row.status).sort()).toEqual(['approved', 'approved', 'approved', 'pending']);
    const customer = (await t.app.accounts.findUserByEmail('customer@hls.test'))!;
    for (const row of rows) expect(await t.app.orders.bought(customer.id, row.productId)).toBe(true);

    const rated = await t.database.db
      .select({ count: products.ratingCount, total: products.ratingTotal })
      .from(products)
      .where(sql`${products.ratingCount} > 0`);
    expect(rated.reduce((sum, row) => sum + row.count, 0)).toBe(3);
    const downloads = await t.database.db
      .select({ section: products.section, count: products.downloadCount })
      .from(products)
      .where(sql`${products.downloadCount} > 0`);
    expect(downloads.length).toBe(demoDownloads.length);
    expect(downloads.every((row) => row.section === 'academic')).toBe(true);
    expect(Math.max(...downloads.map((row) => row.count))).toBe(9);
  });

  it('states the facts people buy on for every published product, and links the products written in both languages', async () => {
    const rows = await t.database.db
      .select({
        id: products.id,
        kind: products.kind,
        section: products.section,
        language: products.language,
        publisher: products.publisher,
        publicationDate: products.publicationDate,
        software: products.software,
        usage: products.usageLicence,
        licence: products.licence,
        twinId: products.twinId,
        revisedAt: products.revisedAt,
        publishedAt: products.publishedAt,
      })
      .from(products)
      .where(eq(products.status, 'published'));
    const missing = rows.filter((row) =>
      row.kind === 'book'
        ? !row.publisher || !row.publicationDate || row.publicationDate > new Date().toISOString()
        : row.software.length === 0 ||
          (row.section === 'professional') !== (row.usage !== null) ||
          (row.section === 'academic') !== (row.licence !== null),
    );
    expect(missing).toEqual([]);
    expect(rows.every((row) => row.revisedAt >= row.publishedAt!)).toBe(true);

    const byId = new Map(rows.map((row) => [row.id, row]));
    const linked = rows.filter((row) => row.twinId !== null);
    expect(linked.length).toBe(demoTwins.length * 2);
    for (const row of linked) {
      const twin = byId.get(row.twinId!)!;
      expect([twin.twinId, twin.kind, twin.language === row.language]).toEqual([row.id, row.kind, false]);
    }
  });

  it('lets every demo account log in with its role', async () => {
    for (const account of demoAccounts) {
      const { access } = await login(t.app, account.email, DEMO_PASSWORD);
      const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString());
      expect(claims.role).toBe(account.role);
    }
    expect(demoAccounts.map((a) => a.role).sort()).toEqual(['admin', 'author', 'customer', 'editor']);
    await login(t.app, demoAuthors.james!.email, DEMO_PASSWORD);
  });

  it('publishes at least 60 products across the three sections and all eight file types', async () => {
    const db = t.database.db;
    const bySection = await db
      .select({ section: products.section, n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.status, 'published'))
      .groupBy(products.section);
    const total = bySection.reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(60);
    expect(bySection.map((r) => r.section).sort()).toEqual(['academic', 'book', 'professional']);
    for (const row of bySection) expect(row.n).toBeGreaterThanOrEqual(15);

    const proTypes = await db
      .selectDistinct({ type: products.fileType })
      .from(products)
      .where(and(eq(products.status, 'published'), eq(products.section, 'professional')));
    expect(proTypes.map((r) => r.type).sort()).toEqual([...fileTypes].sort());

    const academicPrices = await db
      .selectDistinct({ price: products.priceCents })
      .from(products)
      .where(eq(products.section, 'academic'));
    expect(academicPrices).toEqual([{ price: 0 }]);

    const hidden = await db
      .select({ status: products.status })
      .from(products)
      .where(sql`${products.status} <> 'published'`);
    expect(hidden.map((r) => r.status).sort()).toEqual(['draft', 'in_review', 'submitted', 'submitted']);

    const discounted = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.status, 'published'), sql`${products.discountPercent} > 0`));
    expect(discounted[0]!.n).toBeGreaterThan(3);
    const searchable = await db
      .select({ title: products.title })
      .from(products)
      .where(sql`${products.title} ilike '%comptabilité%' or ${products.description} ilike '%étudiant%'`);
    expect(searchable.length).toBeGreaterThan(1);
  });

  it('names categories in both languages', async () => {
    const rows = await t.database.db.select().from(categories);
    expect(rows.length).toBeGreaterThan(30);
    const names = rows.map((r) => `${r.nameFr}|${r.nameEn}`);
    expect(names).toContain('Exercices corrigés|Solved exercises');
    expect(names).toContain('Tableaux de bord|Dashboards');
    expect(names).toContain('Développement personnel|Personal development');
    expect(rows.some((r) => r.parentId !== null && r.nameFr === 'Informatique')).toBe(true);
  });

  it('stores a cover and a downloadable file for each product, with a matching hash', async () => {
    const [product] = await t.database.db
      .select({
        coverKey: products.coverKey,
        key: fileAssets.storageKey,
        sha256: fileAssets.sha256,
        mime: fileAssets.mime,
      })
      .from(products)
      .innerJoin(fileAssets, eq(fileAssets.productId, products.id))
      .where(eq(products.fileType, 'excel'))
      .limit(1);
    const cover = await t.app.storage.getObject(product!.coverKey);
    expect(cover?.object.mime).toBe('image/svg+xml');
    expect(cover?.bytes.toString('utf8')).toMatch(/^<svg /);
    const file = await t.app.storage.getObject(product!.key);
    expect(file?.object.sha256).toBe(product!.sha256);
    expect(product!.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('gives every ebook edition its PDF, stored with its hash, as the book’s downloadable file', async () => {
    const rows = await t.database.db
      .select({ productId: bookEditions.productId, key: fileAssets.storageKey, sha256: fileAssets.sha256 })
      .from(bookEditions)
      .leftJoin(fileAssets, eq(fileAssets.productId, bookEditions.productId))
      .where(eq(bookEditions.format, 'ebook'));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.key, `ebook of product ${row.productId}`).toMatch(/\.pdf$/);
    const asset = await t.app.catalog.assets.forProduct(rows[0]!.productId);
    expect(asset).toMatchObject({ kind: 'book', fileType: 'pdf', mime: 'application/pdf' });
    const file = await t.app.storage.getObject(asset!.storageKey);
    expect(file?.object.sha256).toBe(asset!.sha256);
    expect(file?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives the ebooks of a catalogue seeded before they had a PDF their file on the next run', async () => {
    const [ebook] = await t.database.db
      .select({ productId: bookEditions.productId })
      .from(bookEditions)
      .where(eq(bookEditions.format, 'ebook'))
      .limit(1);
    await t.database.db.delete(fileAssets).where(eq(fileAssets.productId, ebook!.productId));
    expect(await t.app.catalog.assets.forProduct(ebook!.productId)).toBeUndefined();
    expect(await seedDemo(t.app)).toEqual({
      accounts: [],
      catalog: { authors: 0, categories: 0, products: 0 },
      sales: 0,
      reviews: 0,
      downloads: 0,
    });
    expect(await t.app.catalog.assets.forProduct(ebook!.productId)).toMatchObject({ fileType: 'pdf' });
  });

  it('gives every demo product its proposal: authors find theirs, the unpublished ones wait for the editors', async () => {
    const all = (await t.database.db.select({ id: products.id, status: products.status }).from(products))
      .length;
    const proposals = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(submissions))[0]!.n;
    expect(await proposals()).toBe(all);
    await seedDemo(t.app);
    expect(await proposals()).toBe(all);

    const author = await login(t.app, 'author@hls.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${author.access}` };
    const books = (await t.app.inject({ url: '/api/books/author', headers })).json<AuthorProductList>();
    const files = (await t.app.inject({ url: '/api/category/author', headers })).json<AuthorProductList>();
    const mine = [...books.results, ...files.results];
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.filter((p) => p.status === 'published').every((p) => p.productId !== null)).toBe(true);

    const editor = await login(t.app, 'editor@hls.test', DEMO_PASSWORD);
    const queue = (
      await t.app.inject({
        url: '/api/editorial/queue',
        headers: { authorization: `Bearer ${editor.access}` },
      })
    ).json<QueuePage>();
    expect(queue.count).toBe(3);
    const first = queue.results[0]!;
    const review = await t.app.inject({
      url: `/api/editorial/submissions/${first.id}`,
      headers: { authorization: `Bearer ${editor.access}` },
    });
    expect(review.json<ReviewSubmission>().history[0]!.values.files).toHaveLength(1);
  });

  it('shows the demo author sales in every state, a payout received and bank details; a new run sells nothing', async () => {
    const author = await login(t.app, 'author@hls.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${author.access}` };
    const view = (await t.app.inject({ url: '/api/checkout/list', headers })).json<AuthorPayments>();
    const entries = view.report.results;
    expect([...new Set(entries.map((e) => e.state))].sort()).toEqual(['available', 'paid', 'pending']);
    expect([...new Set(view.products.map((p) => p.format))].sort()).toEqual([
      'ebook',
      'paper',
      'professional_file',
    ]);
    // One refunded sale, a delivered paper book whose hold runs, a recent one not shipped yet.
    expect(entries.filter((e) => e.kind === 'reversal')).toHaveLength(1);
    expect(entries.filter((e) => e.reversed)).toHaveLength(1);
    const waiting = entries.filter((e) => e.format === 'paper' && e.state === 'pending');
    expect(waiting.map((e) => (e.availableAt ? 'delivered' : 'not shipped')).sort()).toEqual([
      'delivered',
      'not shipped',
    ]);
    expect(view.payouts).toHaveLength(1);
    expect(view.payouts[0]!.amountCents).toBe(view.totals.paidCents);
    expect(view.payouts[0]!.amountCents).toBeGreaterThanOrEqual(view.terms.minimumPayoutCents);
    expect(Date.parse(view.payouts[0]!.paidAt)).toBeLessThan(Date.now() - 100 * 86_400_000);
    // Enough available for the admin's next payout run at the default minimum.
    expect(view.totals.availableCents).toBeGreaterThanOrEqual(view.terms.minimumPayoutCents);
    expect(view.hasBankDetails).toBe(true);
    expect(view.monthly.filter((m) => m.paper + m.ebook + m.professional_file !== 0).length).toBeGreaterThan(
      3,
    );

    const counts = async () =>
      Promise.all(
        [orders, royaltyEntries, payouts].map(
          async (table) => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n,
        ),
      );
    const before = await counts();
    expect((await seedDemo(t.app)).sales).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('gives books valid ISBN-13 numbers', () => {
    expect(isbn13('978030640615')).toBe('9780306406157');
    expect(isbn13('978284177300')).toMatch(/^\d{13}$/);
  });
});
