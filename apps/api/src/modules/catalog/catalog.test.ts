// @module-tag postgres — full-text search, trigrams, accents and counts are SQL of the server's version.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PoolClient } from 'pg';
import { BookDetail, COUNT_CAP, Dashboard, FileDetail, ProductPage, SEARCH_CANDIDATES } from '@hls/contract';
import { registerUser, useApp } from '../../../test/helper.ts';
import { generateBulkCatalog } from '../../../bench/catalog-bulk.ts';
import type { NewProduct } from './index.ts';

type Page = ProductPage;
const sha = 'ab'.repeat(32);

/** A small catalogue: published products in every section, plus unpublished ones that must never show. */
async function seedCatalogue(t: ReturnType<typeof useApp>) {
  const author = await registerUser(t.app, { firstName: 'Amira', lastName: 'Ben Salah' }, 'author');
  const authorId = author.user.id;
  const cours = await t.app.catalog.writes.createCategory({
    section: 'academic',
    slug: 'cours',
    nameFr: 'Cours',
    nameEn: 'Courses',
  });
  const maths = await t.app.catalog.writes.createCategory({
    section: 'academic',
    parentId: cours.id,
    slug: 'maths',
    nameFr: 'Mathématiques',
    nameEn: 'Mathematics',
  });
  const rapports = await t.app.catalog.writes.createCategory({
    section: 'academic',
    slug: 'rapports',
    nameFr: 'Rapports de stage',
    nameEn: 'Internship reports',
    position: 1,
  });
  const finance = await t.app.catalog.writes.createCategory({
    section: 'professional',
    slug: 'finance',
    nameFr: 'Finance',
    nameEn: 'Finance',
  });
  const tableaux = await t.app.catalog.writes.createCategory({
    section: 'professional',
    parentId: finance.id,
    slug: 'tableaux-de-bord',
    nameFr: 'Tableaux de bord',
    nameEn: 'Dashboards',
  });
  const rh = await t.app.catalog.writes.createCategory({
    section: 'professional',
    slug: 'rh',
    nameFr: 'Ressources humaines',
    nameEn: 'Human resources',
  });
  const romans = await t.app.catalog.writes.createCategory({
    section: 'book',
    slug: 'romans',
    nameFr: 'Romans',
    nameEn: 'Novels',
  });
  const business = await t.app.catalog.writes.createCategory({
    section: 'book',
    slug: 'business',
    nameFr: 'Entreprise',
    nameEn: 'Business',
  });

  let minutes = 0;
  const at = () => new Date(Date.UTC(2026, 0, 1) + (minutes += 60) * 60_000);
  const cover = (n: number) => ({ key: `covers/test-${n}.png`, width: 600, height: 800 });
  const file = (fileType: NonNullable<NewProduct['file']>['fileType'], name: string) => ({
    fileType,
    storageKey: `files/test/${name}`,
    originalName: name,
    mime: 'application/octet-stream',
    sizeBytes: 2048,
    sha256: sha,
    pages: 10,
  });
  const base = { description: 'Description.', authorId, status: 'published' as const };
  const ids: Record<string, number> = {};
  const add = async (
    name: string,
    input: Omit<NewProduct, 'authorId' | 'cover' | 'description'> & { description?: string },
  ) => {
    ids[name] = (
      await t.app.catalog.writes.createProduct({
        ...base,
        cover: cover(Object.keys(ids).length),
        publishedAt: at(),
        ...input,
      })
    ).id;
  };

  await add('guide', {
    kind: 'file',
    section: 'academic',
    title: 'Guide de l’étudiant en économie',
    description: 'Méthodes de travail et conseils pour réussir ses examens.',
    language: 'fr',
    categoryId: cours.id,
    subcategoryId: maths.id,
    file: file('pdf', 'guide-etudiant.pdf'),
    popularity: 50,
  });
  await add('algebre', {
    kind: 'file',
    section: 'academic',
    title: 'Exercices corrigés d’algèbre linéaire',
    description: 'Matrices, déterminants et espaces vectoriels.',
    language: 'fr',
    categoryId: cours.id,
    subcategoryId: maths.id,
    file: file('word', 'algebre.docx'),
    popularity: 10,
  });
  await add('internship', {
    kind: 'file',
    section: 'academic',
    title: 'Internship report template',
    description: 'A structured template for engineering students.',
    language: 'en',
    categoryId: rapports.id,
    file: file('excel', 'template.xlsx'),
  });
  await add('academicDraft', {
    kind: 'file',
    section: 'academic',
    title: 'Brouillon confidentiel étudiant',
    language: 'fr',
    categoryId: cours.id,
    status: 'draft',
    file: file('pdf', 'draft.pdf'),
  });
  await add('powerbi', {
    kind: 'file',
    section: 'professional',
    title: 'Tableau de bord financier Power BI',
    description: 'Suivi de trésorerie et indicateurs clés.',
    language: 'fr',
    categoryId: finance.id,
    subcategoryId: tableaux.id,
    file: file('powerbi', 'tresorerie.pbix'),
    priceCents: 4900,
    discountPercent: 20,
    popularity: 90,
  });
  await add('budget', {
    kind: 'file',
    section: 'professional',
    title: 'Excel budget planner',
    description: 'Monthly budget planning with charts.',
    language: 'en',
    categoryId: finance.id,
    subcategoryId: tableaux.id,
    file: file('excel', 'budget.xlsx'),
    priceCents: 1500,
  });
  await add('recrutement', {
    kind: 'file',
    section: 'professional',
    title: 'Procédure de recrutement',
    description: 'Étapes, formulaires et grilles d’entretien.',
    language: 'fr',
    categoryId: rh.id,
    file: file('word', 'recrutement.docx'),
    priceCents: 900,
  });
  await add('proReview', {
    kind: 'file',
    section: 'professional',
    title: 'Modèle en relecture',
    language: 'fr',
    categoryId: rh.id,
    status: 'in_review',
    file: file('access', 'modele.accdb'),
    priceCents: 100,
  });
  await add('prince', {
    kind: 'book',
    section: 'book',
    title: 'Le Petit Prince des affaires',
    description: 'Un conte moderne sur l’entreprise et la stratégie.',
    language: 'fr',
    categoryId: business.id,
    editions: [
      {
        format: 'paper',
        priceCents: 2000,
        discountPercent: 10,
        isbn: '9780000000001',
        pages: 180,
        stock: 12,
      },
      { format: 'ebook', priceCents: 1200, pages: 180 },
    ],
    popularity: 70,
  });
  await add('handbook', {
    kind: 'book',
    section: 'book',
    title: 'The Student Handbook',
    description: 'Studying well at university.',
    language: 'en',
    categoryId: business.id,
    editions: [{ format: 'ebook', priceCents: 999 }],
  });
  await add('management', {
    kind: 'book',
    section: 'book',
    title: 'Management moderne',
    description: 'Diriger une équipe aujourd’hui.',
    language: 'fr',
    categoryId: romans.id,
    editions: [{ format: 'paper', priceCents: 3500, stock: 0 }],
  });
  await add('bookSubmitted', {
    kind: 'book',
    section: 'book',
    title: 'Roman soumis secret',
    language: 'fr',
    categoryId: romans.id,
    status: 'submitted',
    editions: [{ format: 'ebook', priceCents: 500 }],
  });
  return { ids, authorId, cats: { cours, maths, rapports, finance, tableaux, rh, romans, business } };
}

describe('catalogue API', () => {
  const t = useApp();
  let fx: Awaited<ReturnType<typeof seedCatalogue>>;
  beforeAll(async () => {
    fx = await seedCatalogue(t);
  });

  const list = async (url: string, payload: unknown = {}) => {
    const response = await t.app.inject({ method: 'POST', url, payload: payload as object });
    expect(response.statusCode, response.body).toBe(200);
    const page = ProductPage.parse(response.json());
    return { page, titles: page.results.map((r) => r.title), ids: page.results.map((r) => r.id) };
  };
  const student = (payload?: unknown) => list('/api/category/filter/student', payload);
  const pro = (payload?: unknown) => list('/api/category/filter/pro', payload);
  const books = (payload?: unknown) => list('/api/books/filter/book', payload);

  describe('categories', () => {
    it('lists top-level categories, by section when asked', async () => {
      const all = await t.app.inject({ url: '/api/category/list' });
      expect(all.statusCode).toBe(200);
      expect(all.json().map((c: { slug: string }) => c.slug)).toEqual([
        'cours',
        'rapports',
        'business',
        'romans',
        'finance',
        'rh',
      ]);
      const bookCats = (await t.app.inject({ url: '/api/category/list?section=book' })).json();
      expect(bookCats).toEqual([
        {
          id: fx.cats.business.id,
          section: 'book',
          parentId: null,
          slug: 'business',
          name: { fr: 'Entreprise', en: 'Business' },
        },
        {
          id: fx.cats.romans.id,
          section: 'book',
          parentId: null,
          slug: 'romans',
          name: { fr: 'Romans', en: 'Novels' },
        },
      ]);
    });

    it('lists subcategories by section and by category', async () => {
      const all = (await t.app.inject({ url: '/api/category/list/subcategory' })).json();
      expect(all.map((c: { slug: string }) => c.slug)).toEqual(['maths', 'tableaux-de-bord']);
      const ofFinance = (
        await t.app.inject({
          url: `/api/category/list/subcategory?section=professional&category=${fx.cats.finance.id}`,
        })
      ).json();
      expect(ofFinance).toEqual([
        {
          id: fx.cats.tableaux.id,
          section: 'professional',
          parentId: fx.cats.finance.id,
          slug: 'tableaux-de-bord',
          name: { fr: 'Tableaux de bord', en: 'Dashboards' },
        },
      ]);
      const none = (
        await t.app.inject({ url: `/api/category/list/subcategory?category=${fx.cats.rh.id}` })
      ).json();
      expect(none).toEqual([]);
    });

    it('refuses an unknown section or a bad category id with 400', async () => {
      for (const url of ['/api/category/list?section=shoes', '/api/category/list/subcategory?category=abc']) {
        const response = await t.app.inject({ url });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      }
    });
  });

  describe('lists', () => {
    it('shows only published products of the section, newest first, with the page shape', async () => {
      const { page, titles } = await student();
      expect(titles).toEqual([
        'Internship report template',
        'Exercices corrigés d’algèbre linéaire',
        'Guide de l’étudiant en économie',
      ]);
      expect(page).toMatchObject({ count: 3, page: 1, pageSize: 24, pages: 1 });
      const guide = page.results[2]!;
      expect(guide).toMatchObject({
        kind: 'file',
        section: 'academic',
        fileType: 'pdf',
        free: true,
        formats: [],
        language: 'fr',
        author: { id: fx.authorId, name: 'Amira Ben Salah' },
        category: { slug: 'cours', name: { fr: 'Cours', en: 'Courses' } },
        subcategory: { slug: 'maths', name: { fr: 'Mathématiques', en: 'Mathematics' } },
        price: { priceCents: 0, discountPercent: 0, finalPriceCents: 0 },
        coverUrl: expect.stringMatching(/^\/api\/media\/covers\/test-\d+\.png$/),
      });
      expect((await pro()).titles).toEqual([
        'Procédure de recrutement',
        'Excel budget planner',
        'Tableau de bord financier Power BI',
      ]);
      const bookPage = await books();
      expect(bookPage.titles).toEqual([
        'Management moderne',
        'The Student Handbook',
        'Le Petit Prince des affaires',
      ]);
      expect(bookPage.page.results[2]).toMatchObject({
        kind: 'book',
        fileType: null,
        formats: ['paper', 'ebook'],
        // The cheapest edition (the ebook at 12.00 beats the paper one at 18.00).
        price: { priceCents: 1200, discountPercent: 0, finalPriceCents: 1200 },
        free: false,
      });
    });

    it('takes an empty body as an empty filter', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/category/filter/student' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().count).toBe(3);
    });

    it('filters by category and subcategory', async () => {
      expect((await student({ category: fx.cats.rapports.id })).titles).toEqual([
        'Internship report template',
      ]);
      expect((await pro({ subcategory: fx.cats.tableaux.id })).titles).toEqual([
        'Excel budget planner',
        'Tableau de bord financier Power BI',
      ]);
      expect((await pro({ category: fx.cats.finance.id, subcategory: fx.cats.tableaux.id })).page.count).toBe(
        2,
      );
      expect((await books({ category: fx.cats.romans.id })).titles).toEqual(['Management moderne']);
      // A category of another section matches nothing here.
      expect((await books({ category: fx.cats.finance.id })).page.count).toBe(0);
    });

    it('filters by file type, language, edition and price on the final price', async () => {
      expect((await pro({ fileType: ['excel', 'powerbi'] })).titles).toEqual([
        'Excel budget planner',
        'Tableau de bord financier Power BI',
      ]);
      expect((await student({ fileType: ['word'] })).titles).toEqual([
        'Exercices corrigés d’algèbre linéaire',
      ]);
      expect((await student({ language: 'en' })).titles).toEqual(['Internship report template']);
      expect((await books({ language: 'fr' })).page.count).toBe(2);
      expect((await books({ edition: 'paper' })).titles).toEqual([
        'Management moderne',
        'Le Petit Prince des affaires',
      ]);
      expect((await books({ edition: 'ebook' })).titles).toEqual([
        'The Student Handbook',
        'Le Petit Prince des affaires',
      ]);
      // Power BI: 49.00 − 20 % = 39.20.
      expect((await pro({ minPrice: 3920, maxPrice: 3920 })).titles).toEqual([
        'Tableau de bord financier Power BI',
      ]);
      expect((await pro({ maxPrice: 1500 })).titles).toEqual([
        'Procédure de recrutement',
        'Excel budget planner',
      ]);
      expect((await pro({ minPrice: 1000 })).page.count).toBe(2);
      // With an edition, the range applies to that edition: the Petit Prince on paper costs 18.00.
      expect((await books({ edition: 'paper', maxPrice: 2000 })).titles).toEqual([
        'Le Petit Prince des affaires',
      ]);
      expect((await books({ edition: 'paper', minPrice: 1900 })).titles).toEqual(['Management moderne']);
      expect((await books({ minPrice: 1000, maxPrice: 1300 })).titles).toEqual([
        'Le Petit Prince des affaires',
      ]);
      // Academic files are free: any positive minimum finds nothing.
      expect((await student({ minPrice: 1 })).page.count).toBe(0);
    });

    it('sorts by newest, price both ways and title', async () => {
      expect((await books({ sort: 'price_asc' })).titles).toEqual([
        'The Student Handbook',
        'Le Petit Prince des affaires',
        'Management moderne',
      ]);
      expect((await books({ sort: 'price_desc' })).titles).toEqual([
        'Management moderne',
        'Le Petit Prince des affaires',
        'The Student Handbook',
      ]);
      expect((await books({ sort: 'title' })).titles).toEqual([
        'Le Petit Prince des affaires',
        'Management moderne',
        'The Student Handbook',
      ]);
      expect((await pro({ sort: 'newest' })).titles[0]).toBe('Procédure de recrutement');
      expect((await pro({ sort: 'relevance' })).titles[0]).toBe('Procédure de recrutement');
    });

    it('gives an empty page past the end', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/category/filter/student?page=2',
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ results: [], count: 3, page: 2, pageSize: 24, pages: 1 });
      // Past the counted products (1,000 at most), a page asked first still says how many there are.
      const far = await t.app.inject({
        method: 'POST',
        url: '/api/category/filter/student?page=50',
        payload: { language: 'fr' },
      });
      expect(far.json()).toEqual({ results: [], count: 2, page: 50, pageSize: 24, pages: 1 });
    });

    it('refuses bad pages and bad filters with 400 and field messages', async () => {
      for (const page of ['0', 'abc', '1001', '-1', '1.5']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/category/filter/pro?page=${page}`,
          payload: {},
        });
        expect(response.statusCode, page).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
        expect(response.json().error.fields).toHaveProperty('page');
      }
      const bad: [unknown, string][] = [
        [{ color: 'red' }, '_'],
        [{ minPrice: 2000, maxPrice: 1000 }, 'maxPrice'],
        [{ fileType: ['excel', 'mp3'] }, 'fileType.1'],
        [{ fileType: 'excel' }, 'fileType'],
        [{ edition: 'hardcover' }, 'edition'],
        [{ minPrice: -5 }, 'minPrice'],
        [{ language: 'de' }, 'language'],
        [{ sort: 'random' }, 'sort'],
        [{ category: 'abc' }, 'category'],
        [{ search: 'x'.repeat(101) }, 'search'],
      ];
      const before = await t.database.db.execute(
        sql`SELECT count(*)::int AS n, max(updated_at) AS u FROM products`,
      );
      for (const [payload, field] of bad) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/books/filter/book?page=1',
          payload: payload as object,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
        expect(Object.keys(response.json().error.fields), JSON.stringify(payload)).toContain(field);
      }
      const after = await t.database.db.execute(
        sql`SELECT count(*)::int AS n, max(updated_at) AS u FROM products`,
      );
      expect(after.rows).toEqual(before.rows);
    });

    it('translates the messages of a bad filter', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/category/filter/pro?lng=fr',
        payload: { minPrice: 2000, maxPrice: 1000 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.maxPrice).toEqual(expect.any(String));
    });
  });

  describe('search', () => {
    const titlesFor = async (url: string, search: string, extra: object = {}) =>
      (await list(url, { search, ...extra })).titles;

    it('finds French words with or without accents', async () => {
      for (const text of ['étudiant', 'etudiant', 'ETUDIANT', 'économie', 'economie']) {
        expect(await titlesFor('/api/category/filter/student', text), text).toEqual([
          'Guide de l’étudiant en économie',
        ]);
      }
      expect(await titlesFor('/api/category/filter/pro', 'tresorerie')).toEqual([
        'Tableau de bord financier Power BI',
      ]);
      expect(await titlesFor('/api/category/filter/pro', 'procedures')).toEqual(['Procédure de recrutement']);
    });

    it('finds English words with their stems', async () => {
      expect(await titlesFor('/api/books/filter/book', 'students')).toEqual(['The Student Handbook']);
      expect(await titlesFor('/api/category/filter/pro', 'planning budgets')).toEqual([
        'Excel budget planner',
      ]);
      expect(await titlesFor('/api/category/filter/student', 'templates')).toEqual([
        'Internship report template',
      ]);
    });

    it('searches author and category names, and ranks title matches first', async () => {
      expect((await list('/api/category/filter/student', { search: 'Ben Salah' })).page.count).toBe(3);
      expect(await titlesFor('/api/category/filter/student', 'mathematics')).toEqual([
        'Exercices corrigés d’algèbre linéaire',
        'Guide de l’étudiant en économie',
      ]);
      expect((await titlesFor('/api/category/filter/pro', 'dashboards')).sort()).toEqual([
        'Excel budget planner',
        'Tableau de bord financier Power BI',
      ]);
      // "entreprise" is in the title of nothing, the category of two books and the description of one.
      const ranked = await titlesFor('/api/books/filter/book', 'entreprise');
      expect(ranked[0]).toBe('Le Petit Prince des affaires');
      expect(ranked).toHaveLength(2);
    });

    it('tolerates a typo in a title', async () => {
      expect(await titlesFor('/api/books/filter/book', 'handbok')).toEqual(['The Student Handbook']);
      expect(await titlesFor('/api/category/filter/pro', 'recrutment')).toEqual(['Procédure de recrutement']);
      expect(await titlesFor('/api/category/filter/student', 'algebre lineare')).toContain(
        'Exercices corrigés d’algèbre linéaire',
      );
    });

    it('corrects only the unknown words of a search, and never numbers', async () => {
      // "procedure" is a title word; "recrutment" becomes "recrutement".
      expect(await titlesFor('/api/category/filter/pro', 'procedure recrutment')).toEqual([
        'Procédure de recrutement',
      ]);
      // Both words are known and no product holds both: nothing to correct, nothing found.
      expect((await list('/api/books/filter/book', { search: 'handbook prince' })).page.count).toBe(0);
      // "handbok" is corrected but 2031 stays: no title holds it.
      expect((await list('/api/books/filter/book', { search: 'handbok 2031' })).page.count).toBe(0);
      // A word close to no title word stays as it is.
      expect((await list('/api/books/filter/book', { search: 'zzqx' })).page.count).toBe(0);
    });

    it('combines search with filters and other sorts', async () => {
      expect(await titlesFor('/api/category/filter/pro', 'tableaux', { fileType: ['excel'] })).toEqual([
        'Excel budget planner',
      ]);
      expect(await titlesFor('/api/books/filter/book', 'entreprise', { sort: 'price_asc' })).toEqual([
        'The Student Handbook',
        'Le Petit Prince des affaires',
      ]);
      const past = await list('/api/books/filter/book?page=2', { search: 'entreprise' });
      expect(past.page).toMatchObject({ results: [], count: 2, page: 2, pages: 1 });
    });

    it('never finds unpublished products', async () => {
      expect(
        (await list('/api/category/filter/student', { search: 'brouillon confidentiel' })).page.count,
      ).toBe(0);
      expect((await list('/api/category/filter/pro', { search: 'relecture' })).page.count).toBe(0);
      expect((await list('/api/books/filter/book', { search: 'roman soumis' })).page.count).toBe(0);
    });

    it('answers a search made only of punctuation or stop words', async () => {
      expect((await list('/api/books/filter/book', { search: '!!! ???' })).page.count).toBe(0);
      expect((await list('/api/books/filter/book', { search: '   ' })).page.count).toBe(3);
    });
  });

  describe('details', () => {
    it('shows a published book with its editions and related books', async () => {
      const response = await t.app.inject({ url: `/api/books/list/${fx.ids.prince}` });
      expect(response.statusCode).toBe(200);
      const book = BookDetail.parse(response.json());
      expect(book).toMatchObject({
        id: fx.ids.prince,
        title: 'Le Petit Prince des affaires',
        description: 'Un conte moderne sur l’entreprise et la stratégie.',
        authorBio: null,
        editions: [
          {
            format: 'paper',
            price: { priceCents: 2000, discountPercent: 10, finalPriceCents: 1800 },
            isbn: '9780000000001',
            pages: 180,
            stock: 12,
            inStock: true,
          },
          {
            format: 'ebook',
            price: { priceCents: 1200, discountPercent: 0, finalPriceCents: 1200 },
            isbn: null,
            stock: null,
            inStock: true,
          },
        ],
      });
      expect(book.related.map((r) => r.title)).toEqual(['The Student Handbook']);
      const management = BookDetail.parse(
        (await t.app.inject({ url: `/api/books/list/${fx.ids.management}` })).json(),
      );
      expect(management.editions[0]).toMatchObject({ stock: 0, inStock: false });
    });

    it('shows a published file with its type, extension and related files', async () => {
      const response = await t.app.inject({ url: `/api/category/file/${fx.ids.powerbi}` });
      expect(response.statusCode).toBe(200);
      const file = FileDetail.parse(response.json());
      expect(file).toMatchObject({
        kind: 'file',
        fileType: 'powerbi',
        extension: 'pbix',
        sizeBytes: 2048,
        pages: 10,
        price: { priceCents: 4900, discountPercent: 20, finalPriceCents: 3920 },
        free: false,
      });
      // Same subcategory first, then the same category; never another category.
      expect(file.related.map((r) => r.title)).toEqual(['Excel budget planner']);
      const guide = FileDetail.parse(
        (await t.app.inject({ url: `/api/category/file/${fx.ids.guide}` })).json(),
      );
      expect(guide.related.map((r) => r.title)).toEqual(['Exercices corrigés d’algèbre linéaire']);
    });

    it('answers 404 for unpublished products, unknown ids and the wrong kind', async () => {
      for (const url of [
        `/api/books/list/${fx.ids.bookSubmitted}`,
        `/api/books/list/${fx.ids.guide}`,
        '/api/books/list/999999',
        `/api/category/file/${fx.ids.academicDraft}`,
        `/api/category/file/${fx.ids.proReview}`,
        `/api/category/file/${fx.ids.prince}`,
      ]) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
    });

    it('refuses a malformed id with 400', async () => {
      for (const url of ['/api/books/list/abc', '/api/category/file/0', '/api/category/file/99999999999']) {
        expect((await t.app.inject({ url })).statusCode, url).toBe(400);
      }
    });

    it('hides a product once it is archived', async () => {
      const id = (
        await t.app.catalog.writes.createProduct({
          kind: 'file',
          section: 'professional',
          title: 'Produit bientôt archivé',
          description: 'Temporaire.',
          language: 'fr',
          authorId: fx.authorId,
          categoryId: fx.cats.rh.id,
          status: 'published',
          cover: { key: 'covers/tmp.png', width: 10, height: 10 },
          file: {
            fileType: 'pdf',
            storageKey: 'files/tmp.pdf',
            originalName: 'tmp.pdf',
            mime: 'application/pdf',
            sizeBytes: 1,
            sha256: sha,
          },
          priceCents: 100,
        })
      ).id;
      expect((await t.app.inject({ url: `/api/category/file/${id}` })).statusCode).toBe(200);
      expect((await pro({ search: 'archivé' })).page.count).toBe(1);
      await t.app.catalog.writes.setProductStatus(id, 'archived');
      expect((await t.app.inject({ url: `/api/category/file/${id}` })).statusCode).toBe(404);
      expect((await pro({ search: 'archivé' })).page.count).toBe(0);
      expect((await pro()).page.count).toBe(3);
    });
  });

  describe('dashboards', () => {
    it('gives the new, popular and discounted books', async () => {
      const response = await t.app.inject({ url: '/api/books/dashbord' });
      expect(response.statusCode).toBe(200);
      const board = Dashboard.parse(response.json());
      expect(board.new.map((p) => p.title)).toEqual([
        'Management moderne',
        'The Student Handbook',
        'Le Petit Prince des affaires',
      ]);
      expect(board.popular[0]!.title).toBe('Le Petit Prince des affaires');
      // The Petit Prince's cheapest offer (the ebook) carries no discount.
      expect(board.discounted).toEqual([]);
    });

    it('gives the file rows of both sections, never unpublished ones', async () => {
      const board = Dashboard.parse((await t.app.inject({ url: '/api/category/dashbord' })).json());
      const all = [...board.new, ...board.popular, ...board.discounted].map((p) => p.title);
      expect(new Set(board.new.map((p) => p.section))).toEqual(new Set(['academic', 'professional']));
      expect(board.new).toHaveLength(6);
      expect(board.popular.slice(0, 2).map((p) => p.title)).toEqual([
        'Tableau de bord financier Power BI',
        'Guide de l’étudiant en économie',
      ]);
      expect(board.discounted.map((p) => p.title)).toEqual(['Tableau de bord financier Power BI']);
      expect(all.some((title) => /Brouillon|relecture|soumis/.test(title))).toBe(false);
    });
  });

  describe('insert API', () => {
    it('refuses inconsistent products and leaves nothing behind', async () => {
      const { db } = t.database;
      const count = async () =>
        (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`)).rows[0]!.n;
      const before = await count();
      const valid: NewProduct = {
        kind: 'file',
        section: 'academic',
        title: 'Valide',
        description: '',
        language: 'fr',
        authorId: fx.authorId,
        categoryId: fx.cats.cours.id,
        cover: { key: 'covers/x.png', width: 1, height: 1 },
        file: {
          fileType: 'pdf',
          storageKey: 'files/x.pdf',
          originalName: 'x.pdf',
          mime: 'application/pdf',
          sizeBytes: 1,
          sha256: sha,
        },
      };
      const cases: Partial<NewProduct>[] = [
        { priceCents: 500 },
        { categoryId: fx.cats.finance.id },
        { subcategoryId: fx.cats.tableaux.id },
        { categoryId: fx.cats.maths.id },
        { kind: 'book' },
        { file: undefined },
        { cover: { key: 'files/cover.png', width: 1, height: 1 } },
        { authorId: '00000000-0000-4000-8000-000000000000' },
        { kind: 'book', section: 'book', categoryId: fx.cats.romans.id, file: undefined, editions: [] },
        {
          kind: 'book',
          section: 'book',
          categoryId: fx.cats.romans.id,
          file: undefined,
          editions: [
            { format: 'ebook', priceCents: 1 },
            { format: 'ebook', priceCents: 2 },
          ],
        },
      ];
      for (const change of cases) {
        await expect(
          t.app.catalog.writes.createProduct({ ...valid, ...change }),
          JSON.stringify(change),
        ).rejects.toMatchObject({
          code: 'validation_failed',
        });
      }
      await expect(
        t.app.catalog.writes.createCategory({
          section: 'book',
          parentId: fx.cats.finance.id,
          slug: 'x',
          nameFr: 'X',
          nameEn: 'X',
        }),
      ).rejects.toMatchObject({ code: 'validation_failed' });
      // The database refuses a paid academic file even without the service.
      await expect(
        db.execute(
          sql`UPDATE products SET price_cents = 100, min_price_cents = 100 WHERE id = ${fx.ids.guide}`,
        ),
      ).rejects.toMatchObject({ cause: { constraint: 'products_academic_free' } });
      await expect(
        db.execute(sql`UPDATE book_editions SET discount_percent = 95 WHERE product_id = ${fx.ids.prince}`),
      ).rejects.toMatchObject({ cause: { constraint: 'book_editions_discount' } });
      expect(await count()).toBe(before);
    });

    it('learns the words of new and renamed titles for typo correction', async () => {
      await t.app.catalog.writes.createProduct({
        kind: 'file',
        section: 'professional',
        title: 'Cartographie des risques',
        description: 'Registre des risques.',
        language: 'fr',
        authorId: fx.authorId,
        categoryId: fx.cats.finance.id,
        cover: { key: 'covers/carto.png', width: 600, height: 800 },
        status: 'published',
        publishedAt: new Date(),
        priceCents: 900,
        file: {
          fileType: 'excel',
          storageKey: 'files/test/cartographie.xlsx',
          originalName: 'cartographie.xlsx',
          mime: 'application/octet-stream',
          sizeBytes: 2048,
          sha256: sha,
        },
      });
      expect((await pro({ search: 'cartograhpie' })).titles).toEqual(['Cartographie des risques']);
      await t.database.db.execute(
        sql`UPDATE products SET title = 'Matrice des risques' WHERE title = 'Cartographie des risques'`,
      );
      t.app.events.emit('catalog.changed', { what: 'product' });
      expect((await pro({ search: 'matrise' })).titles).toEqual(['Matrice des risques']);
    });

    it('keeps the searchable author name in step with the profile', async () => {
      await t.database.db.execute(
        sql`UPDATE users SET display_name = 'Amira B. S.' WHERE id = ${fx.authorId}`,
      );
      const { page } = await list('/api/books/filter/book', { search: 'Amira' });
      expect(page.results[0]!.author.name).toBe('Amira B. S.');
    });
  });
});

describe('catalogue pagination on a larger catalogue', () => {
  const t = useApp();
  let range: { firstId: number; lastId: number };
  beforeAll(async () => {
    range = await generateBulkCatalog(t.database.db, 300);
  });

  it('pages through every published product of a section exactly once', async () => {
    const first = (
      await t.app.inject({ method: 'POST', url: '/api/category/filter/pro?page=1', payload: {} })
    ).json<Page>();
    // 100 professional products, every 20th a draft: 95 published.
    expect(first).toMatchObject({ count: 95, page: 1, pageSize: 24, pages: 4 });
    const seen = new Set<number>();
    for (let page = 1; page <= first.pages; page += 1) {
      const body = (
        await t.app.inject({ method: 'POST', url: `/api/category/filter/pro?page=${page}`, payload: {} })
      ).json<Page>();
      expect(body.results).toHaveLength(page < 4 ? 24 : 23);
      for (const r of body.results) seen.add(r.id);
    }
    expect(seen.size).toBe(95);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(range.firstId);
    const past = (
      await t.app.inject({ method: 'POST', url: '/api/category/filter/pro?page=5', payload: {} })
    ).json<Page>();
    expect(past).toMatchObject({ results: [], count: 95, page: 5, pages: 4 });
  });

  it('keeps the same order across pages of a price sort', async () => {
    const prices: number[] = [];
    for (const page of [1, 2, 3, 4]) {
      const body = (
        await t.app.inject({
          method: 'POST',
          url: `/api/books/filter/book?page=${page}`,
          payload: { sort: 'price_desc' },
        })
      ).json<Page>();
      prices.push(...body.results.map((r) => r.price.finalPriceCents));
    }
    expect(prices).toHaveLength(95);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('finds a rare word and pages a common one', async () => {
    const rare = (
      await t.app.inject({ method: 'POST', url: '/api/category/filter/student', payload: { search: 'ref3' } })
    ).json<Page>();
    // generate_series position 3 is academic (3 % 3 = 0).
    // An exact match: no typo candidates (ref30, ref31 …) are added.
    expect(rare.results.map((r) => r.title)).toEqual([expect.stringMatching(/ ref3$/)]);
    const common = (
      await t.app.inject({ method: 'POST', url: '/api/books/filter/book', payload: { search: 'budget' } })
    ).json<Page>();
    expect(common.count).toBeGreaterThan(0);
    expect(common.results.length).toBe(Math.min(24, common.count));
  });

  it('relates the newest products of the subcategory first, then of the category', async () => {
    const { rows } = await t.database.db.execute<{
      id: number;
      category_id: number;
      subcategory_id: number;
    }>(
      sql`SELECT id, category_id, subcategory_id FROM products
          WHERE kind = 'book' AND status = 'published' AND subcategory_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const book = rows[0]!;
    // Leave two other books in its subcategory (moved to a sibling), so the category fills the rest.
    await t.database.db.execute(sql`UPDATE products SET subcategory_id = (
        SELECT id FROM categories WHERE parent_id = ${book.category_id} AND id <> ${book.subcategory_id} LIMIT 1)
      WHERE subcategory_id = ${book.subcategory_id} AND id <> ${book.id} AND id NOT IN (
        SELECT id FROM products WHERE subcategory_id = ${book.subcategory_id} AND status = 'published'
          AND id <> ${book.id} ORDER BY id LIMIT 2)`);
    t.app.events.emit('catalog.changed', { what: 'product' });
    const newest = async (narrow: ReturnType<typeof sql>) =>
      (
        await t.database.db.execute<{ id: number }>(
          sql`SELECT id FROM products WHERE status = 'published' AND section = 'book'
              AND category_id = ${book.category_id} AND id <> ${book.id}${narrow}
              ORDER BY published_at DESC, id DESC`,
        )
      ).rows.map((r) => r.id);
    const sameSubcategory = await newest(sql` AND subcategory_id = ${book.subcategory_id}`);
    const expected = [...new Set([...sameSubcategory, ...(await newest(sql``))])].slice(0, 6);
    const detail = BookDetail.parse((await t.app.inject({ url: `/api/books/list/${book.id}` })).json());
    expect(detail.related.map((r) => r.id)).toEqual(expected);
    expect(sameSubcategory).toHaveLength(2);
    expect(expected.slice(0, 2)).toEqual(sameSubcategory);
    expect(expected).toHaveLength(6);
  });

  it('lists the product pages in the sitemap, never drafts', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    const urls = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls.filter((u) => /\/(product|prodoc)\//.test(u!))).toHaveLength(285);
    const draft = await t.database.db.execute<{ id: number }>(
      sql`SELECT id FROM products WHERE status = 'draft' LIMIT 1`,
    );
    expect(urls).not.toContain(`http://shop.test/prodoc/${draft.rows[0]!.id}`);
  });
});

describe('counts of a large list', () => {
  const t = useApp();
  beforeAll(async () => {
    // A little over COUNT_CAP published books (a third of the products, ~95 % published).
    await generateBulkCatalog(t.database.db, 3 * COUNT_CAP + 300);
  });
  const books = async (page: number, payload: object = {}) =>
    (
      await t.app.inject({ method: 'POST', url: `/api/books/filter/book?page=${page}`, payload })
    ).json<Page>();

  it('stops counting at the cap and offers the pages of those matches only', async () => {
    const lastPage = Math.ceil(COUNT_CAP / 24);
    const first = await books(1);
    expect(first).toMatchObject({ count: COUNT_CAP, pages: lastPage });
    expect((await books(lastPage)).results).toHaveLength(24);
    expect(await books(lastPage + 1)).toMatchObject({ results: [], count: COUNT_CAP, pages: lastPage });
  });

  it('ranks a title that holds the searched word first, however many descriptions hold it', async () => {
    // More descriptions than a search ranks hold the word, and the one title that holds it is written after them
    // all (the table is read in the order its rows were written).
    await t.database.db.execute(sql`UPDATE products SET description = description || ' Zéphyrin.'
      WHERE id IN (SELECT id FROM products WHERE section = 'book' AND status = 'published'
        ORDER BY id LIMIT ${SEARCH_CANDIDATES + 100})`);
    const [titled] = (
      await t.database.db.execute<{ id: number }>(sql`UPDATE products SET title = 'Zéphyrin, un guide'
        WHERE id = (SELECT max(id) FROM products WHERE section = 'book' AND status = 'published') RETURNING id`)
    ).rows;
    t.app.events.emit('catalog.changed', { what: 'product' });
    for (const search of ['zéphyrin', 'Zephyrin guide']) {
      const found = await books(1, { search });
      expect(found.results[0]?.id, search).toBe(titled!.id);
    }
    const found = await books(1, { search: 'zephyrin' });
    expect(found.count).toBe(SEARCH_CANDIDATES);
    expect(found.results).toHaveLength(24);
  });

  it('plans a search of one section once for all its words, and a search with a price range for its words', async () => {
    const { pool } = t.database;
    /** Runs `use` with `count` of the pool's connections taken, then gives them back. */
    const holding = async <T>(count: number, use: (clients: PoolClient[]) => Promise<T>): Promise<T> => {
      const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
      try {
        return await use(clients);
      } finally {
        for (const client of clients) client.release();
      }
    };
    /** The plans made so far for the searches' statements, on every connection of the pool. */
    const plans = () =>
      holding(pool.options.max, async (clients) => {
        const found = { generic: 0, custom: 0, pricedGeneric: 0, pricedCustom: 0 };
        for (const client of clients) {
          const { rows } = await client.query<{ priced: boolean; generic: number; custom: number }>(
            `SELECT statement LIKE '%min_price_cents >=%' AS priced, generic_plans::int AS generic,
               custom_plans::int AS custom FROM pg_prepared_statements WHERE statement LIKE '%titled AS%'`,
          );
          for (const row of rows) {
            if (row.priced) {
              found.pricedGeneric += row.generic;
              found.pricedCustom += row.custom;
            } else {
              found.generic += row.generic;
              found.custom += row.custom;
            }
          }
        }
        return found;
      });
    const before = await plans();
    const words = ['guide', 'gestion', 'manuel', 'pratique', 'projet', 'introduction', 'cours', 'méthode'];
    // Every search on one connection, where PostgreSQL counts a statement's runs to choose its plan: the others are
    // held meanwhile, or the job queue's polls on the same pool would spread the searches over several.
    await holding(pool.options.max - 1, async () => {
      for (const search of words) await books(1, { search });
      for (const search of words) await books(1, { search, minPrice: 500, maxPrice: 2500 });
    });
    const after = await plans();
    // A text is prepared at its second run (db/prepared.ts). Its first five runs prepared are planned for their
    // words, then PostgreSQL keeps one plan for all once that costs no more than theirs.
    expect(after.generic - before.generic).toBeGreaterThan(0);
    expect(after.custom - before.custom).toBeLessThan(words.length - 1);
    expect(after.pricedGeneric - before.pricedGeneric).toBe(0);
    expect(after.pricedCustom - before.pricedCustom).toBeGreaterThanOrEqual(words.length - 1);
  });

  it('reads the matches once when the page asked is past them: nothing found, or fewer than its offset', async () => {
    const { pool } = t.database;
    /** The request's answer, and the scans of products in the plan of the list statement it sent (count first). */
    const scansOf = async (page: number, payload: object) => {
      const spy = vi.spyOn(pool, 'query');
      let answer: Page;
      let sent: unknown[];
      try {
        answer = await books(page, payload);
      } finally {
        sent = spy.mock.calls.map(([config]) => config as unknown);
        spy.mockRestore();
      }
      const list = sent.find((config): config is { text: string; values: unknown[] } => {
        const text = String((config as { text?: string } | null)?.text);
        return text.includes('count(*)') && text.includes('pg AS');
      });
      expect(list, 'the page and its count in one statement').toBeDefined();
      const plan = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${list!.text}`,
        list!.values,
      );
      const scans = plan.rows.map((row) => row['QUERY PLAN']).filter((line) => / on products /.test(line));
      return { answer, scans };
    };
    const [counted, ...page] = (await scansOf(1, { minPrice: 9000 })).scans;
    expect(counted).not.toContain('never executed');
    expect(page.length).toBeGreaterThan(0);
    for (const scan of page) expect(scan).toContain('never executed');

    const english = await scansOf(1, { language: 'en', minPrice: 100 });
    expect(english.answer.count).toBeGreaterThan(24);
    for (const scan of english.scans) expect(scan).not.toContain('never executed');
    // Another filter with the same matches (every generated book costs 3 € or more): the first list's count is
    // cached, and only a count not known yet is taken in the page's statement.
    const past = await scansOf(english.answer.pages + 1, { language: 'en', minPrice: 200 });
    expect(past.answer).toMatchObject({ results: [], count: english.answer.count });
    expect(past.scans.filter((scan) => scan.includes('never executed'))).toHaveLength(past.scans.length - 1);
  });

  it('counts a narrower list exactly', async () => {
    const [row] = (
      await t.database.db.execute<{ language: string; n: number }>(
        sql`SELECT count(*)::int AS n FROM products
            WHERE section = 'book' AND status = 'published' AND language = 'en'`,
      )
    ).rows;
    expect(row!.n).toBeLessThan(COUNT_CAP);
    const english = await books(1, { language: 'en' });
    expect(english.count).toBe(row!.n);
    expect(english.pages).toBe(Math.ceil(row!.n / 24));
  });
});
