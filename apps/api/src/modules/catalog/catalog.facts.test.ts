import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookDetail, FileDetail } from '@hls/contract';
import { registerUser, useApp } from '../../../test/helper.ts';
import { products } from '../../db/schema.ts';
import type { NewProduct } from './index.ts';

const sha = 'cd'.repeat(32);
const cover = { key: 'covers/facts.png', width: 600, height: 900 };

/** The facts a buyer reads on a product page: publisher, dates, ebook file, contents, software, twins. */
describe('product facts', () => {
  const t = useApp({ env: { STAMP_PDFS: 'true' } });
  const ids = {} as Record<
    'bookFr' | 'bookEn' | 'epubBook' | 'workbook' | 'workbookEn' | 'archive' | 'free' | 'draftEn',
    number
  >;
  let base: { authorId: string; description: string };
  let cats: { book: number; pro: number; academic: number };

  const book = (over: Partial<NewProduct>): NewProduct => ({
    ...base,
    kind: 'book',
    section: 'book',
    title: 'Comptabilité générale',
    language: 'fr',
    categoryId: cats.book,
    status: 'published',
    cover,
    editions: [
      { format: 'paper', priceCents: 2900, isbn: '9782123456803', pages: 384, stock: 12 },
      { format: 'ebook', priceCents: 1790, pages: 384 },
    ],
    ...over,
  });
  const asset = (name: string, mime: string, over: Partial<NonNullable<NewProduct['file']>> = {}) => ({
    fileType: 'excel' as const,
    storageKey: `files/facts/${name}`,
    originalName: name,
    mime,
    sizeBytes: 40_960,
    sha256: sha,
    ...over,
  });
  const pdfAsset = (name: string) => ({
    fileType: 'pdf' as const,
    storageKey: `files/facts/${name}`,
    originalName: name,
    mime: 'application/pdf',
    sizeBytes: 2048,
    sha256: sha,
    pages: 30,
  });
  const getBook = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/books/list/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return BookDetail.parse(response.json());
  };
  const getFile = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/category/file/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return FileDetail.parse(response.json());
  };

  beforeAll(async () => {
    const author = await registerUser(t.app, { firstName: 'Karim', lastName: 'Mansour' }, 'author');
    base = { authorId: author.user.id, description: 'A description long enough for a product page.' };
    const w = t.app.catalog.writes;
    cats = {
      book: (
        await w.createCategory({ section: 'book', slug: 'compta', nameFr: 'Compta', nameEn: 'Accounting' })
      ).id,
      pro: (
        await w.createCategory({ section: 'professional', slug: 'outils', nameFr: 'Outils', nameEn: 'Tools' })
      ).id,
      academic: (
        await w.createCategory({ section: 'academic', slug: 'cours', nameFr: 'Cours', nameEn: 'Courses' })
      ).id,
    };
    ids.bookFr = (
      await w.createProduct(book({ publisher: ' HLS Éditions ', publicationDate: '2025-09-15' }))
    ).id;
    await t.app.catalog.assets.attach(ids.bookFr, pdfAsset('compta.pdf'));
    ids.bookEn = (
      await w.createProduct(
        book({
          title: 'General accounting',
          language: 'en',
          publisher: 'HLS Publishing',
          twinId: ids.bookFr,
        }),
      )
    ).id;
    ids.epubBook = (
      await w.createProduct(
        book({ title: 'Roman', editions: [{ format: 'ebook', priceCents: 990, pages: 200 }] }),
      )
    ).id;
    await t.app.catalog.assets.attach(
      ids.epubBook,
      asset('roman.epub', 'application/epub+zip', { fileType: 'package' }),
    );
    const workbook: NewProduct = {
      ...base,
      kind: 'file',
      section: 'professional',
      title: 'Suivi de trésorerie',
      language: 'fr',
      categoryId: cats.pro,
      status: 'published',
      cover,
      priceCents: 2900,
      file: asset('tresorerie.xlsm', 'application/vnd.ms-excel.sheet.macroEnabled.12', { macros: true }),
      sheets: 3,
      software: [
        { app: 'excel', version: '2016' },
        { app: 'libreoffice_calc', version: '7.0' },
      ],
      usage: 'commercial',
      revisedAt: new Date('2026-03-02T10:00:00Z'),
    };
    ids.workbook = (await w.createProduct(workbook)).id;
    ids.workbookEn = (
      await w.createProduct({ ...workbook, title: 'Cash-flow tracker', language: 'en', usage: undefined })
    ).id;
    ids.archive = (
      await w.createProduct({
        ...workbook,
        title: 'Tableau de bord des ventes',
        file: asset('ventes.zip', 'application/zip', { fileType: 'powerbi' }),
        sheets: null,
        archiveParts: ['csv_data', 'pdf_guide', 'readme'],
        software: [{ app: 'powerbi_desktop', version: null }],
        usage: null,
      })
    ).id;
    ids.free = (
      await w.createProduct({
        ...base,
        kind: 'file',
        section: 'academic',
        title: 'Cours de comptabilité',
        language: 'fr',
        categoryId: cats.academic,
        status: 'published',
        cover,
        file: pdfAsset('cours.pdf'),
        licence: 'cc_by',
        software: [{ app: 'pdf_reader', version: null }],
        usage: 'commercial',
      })
    ).id;
    ids.draftEn = (
      await w.createProduct({ ...workbook, title: 'Draft twin', language: 'en', status: 'draft' })
    ).id;
  });

  it('gives a book its publisher and publication date, and each ebook its file format, free of DRM', async () => {
    const page = await getBook(ids.bookFr);
    expect(page.publisher).toBe('HLS Éditions');
    expect(page.publicationDate).toBe('2025-09-15');
    const [paper, ebook] = [
      page.editions.find((e) => e.format === 'paper')!,
      page.editions.find((e) => e.format === 'ebook')!,
    ];
    expect(paper.ebookFile).toBeNull();
    expect(paper.pages).toBe(384);
    expect(paper.isbn).toBe('9782123456803');
    // Bought PDFs and EPUBs are stamped with their buyer's name (STAMP_PDFS): the page says so.
    expect(ebook.ebookFile).toEqual({ format: 'pdf', drmFree: true, watermarked: true });

    const epub = await getBook(ids.epubBook);
    expect(epub.editions[0]!.ebookFile).toEqual({ format: 'epub', drmFree: true, watermarked: true });
    // An EPUB published without a check's metadata states no accessibility (the page says so).
    expect(epub.accessibility).toEqual({
      accessModes: [],
      accessModesSufficient: [],
      features: [],
      hazards: [],
      summary: null,
      conformsTo: null,
    });
    expect(epub.publisher).toBeNull();
    expect(epub.publicationDate).toBeNull();
  });

  it('gives a file what is inside, the software it needs, its macros, its usage licence and last update', async () => {
    const workbook = await getFile(ids.workbook);
    expect(workbook).toMatchObject({
      sheets: 3,
      slides: null,
      archiveParts: [],
      software: [
        { app: 'excel', version: '2016' },
        { app: 'libreoffice_calc', version: '7.0' },
      ],
      macros: true,
      usage: 'commercial',
      updatedAt: '2026-03-02T10:00:00.000Z',
    });

    const archive = await getFile(ids.archive);
    expect(archive).toMatchObject({
      extension: 'zip',
      archiveParts: ['csv_data', 'pdf_guide', 'readme'],
      software: [{ app: 'powerbi_desktop', version: null }],
      macros: false,
      sheets: null,
    });
  });

  it('gives a professional file personal use unless more is offered, and no usage licence to a free document', async () => {
    expect((await getFile(ids.archive)).usage).toBe('personal');
    const free = await getFile(ids.free);
    expect(free.usage).toBeNull();
    expect(free.licence).toBe('cc_by');
    expect(free.pages).toBe(30);
  });

  it('links a product and its twin both ways, offers the twin on each page and never among the related ones', async () => {
    const fr = await getBook(ids.bookFr);
    const en = await getBook(ids.bookEn);
    expect(fr.twin).toEqual({ id: ids.bookEn, kind: 'book', title: 'General accounting', language: 'en' });
    expect(en.twin).toEqual({ id: ids.bookFr, kind: 'book', title: 'Comptabilité générale', language: 'fr' });
    expect(fr.related.map((p) => p.id)).not.toContain(ids.bookEn);
    expect(fr.related.map((p) => p.id)).toContain(ids.epubBook);
    expect(en.related.map((p) => p.id)).not.toContain(ids.bookFr);
  });

  it('refuses a twin in the same language, of another kind or unknown, and changes nothing', async () => {
    for (const twinId of [ids.epubBook, ids.workbookEn, 999_999]) {
      await expect(t.app.catalog.writes.linkTwins(ids.bookFr, twinId)).rejects.toMatchObject({
        status: 400,
        fields: { twinId: 'twin.invalid' },
      });
    }
    await expect(t.app.catalog.writes.linkTwins(ids.bookFr, ids.bookFr)).rejects.toMatchObject({
      status: 400,
    });
    expect((await getBook(ids.bookFr)).twin?.id).toBe(ids.bookEn);
  });

  it('offers only a published twin, and a new link undoes the one each product had', async () => {
    await t.app.catalog.writes.linkTwins(ids.workbook, ids.draftEn);
    expect((await getFile(ids.workbook)).twin).toBeNull();

    await t.app.catalog.writes.linkTwins(ids.workbook, ids.workbookEn);
    expect((await getFile(ids.workbook)).twin?.id).toBe(ids.workbookEn);
    expect((await getFile(ids.workbookEn)).twin?.id).toBe(ids.workbook);
    const [draft] = await t.app.db.select().from(products).where(eq(products.id, ids.draftEn));
    expect(draft!.twinId).toBeNull();

    await t.app.catalog.writes.linkTwins(ids.workbookEn, null);
    expect((await getFile(ids.workbook)).twin).toBeNull();
    expect((await getFile(ids.workbookEn)).twin).toBeNull();
  });

  it('dates a new version of a file as its last update', async () => {
    const [row] = await t.app.db.select().from(products).where(eq(products.id, ids.archive));
    const before = Date.now();
    await t.app.catalog.writes.updateProduct(ids.archive, {
      ...base,
      kind: 'file',
      section: 'professional',
      title: row!.title,
      language: 'fr',
      categoryId: cats.pro,
      cover,
      priceCents: 3100,
      file: asset('ventes-v2.zip', 'application/zip', { fileType: 'powerbi' }),
      archiveParts: ['csv_data', 'pdf_guide'],
    });
    const page = await getFile(ids.archive);
    expect(Date.parse(page.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(page.archiveParts).toEqual(['csv_data', 'pdf_guide']);
  });
});
