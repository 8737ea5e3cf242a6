import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  archiveParts,
  assetFileTypes,
  editionFormats,
  fileTypes,
  languages,
  licences,
  productKinds,
  productStatuses,
  sections,
  stockReasons,
  usageLicences,
  type EbookAccessibility,
  type SoftwareApp,
} from '@hls/contract';
import { users } from '../accounts/accounts.tables.ts';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    section: text('section', { enum: sections }).notNull(),
    /** Null for a top-level category; the parent category for a subcategory (one level only). */
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('categories_section_parent_slug_unique').on(t.section, t.parentId, t.slug).nullsNotDistinct(),
    index('categories_section_parent_idx').on(t.section, t.parentId, t.position),
    check('categories_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

const published = sql`status = 'published'`;

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: productKinds }).notNull(),
    section: text('section', { enum: sections }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    language: text('language', { enum: languages }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id').references(() => categories.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Copy of the author's public name: shown on cards and searched (kept in step by a trigger on users). */
    authorName: text('author_name').notNull(),
    /** Copy of the category and subcategory names in both languages, for search. */
    categoryNames: text('category_names').notNull().default(''),
    coverKey: text('cover_key').notNull(),
    coverWidth: integer('cover_width').notNull(),
    coverHeight: integer('cover_height').notNull(),
    status: text('status', { enum: productStatuses }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Score of the "popular" rows; orders raise it. */
    popularity: integer('popularity').notNull().default(0),
    /** Files: the price. Books: the cheapest edition's list price and discount (kept by the service). */
    priceCents: integer('price_cents').notNull().default(0),
    discountPercent: integer('discount_percent').notNull().default(0),
    /** Final price of the cheapest offer, for sorting and price filters without a join. */
    minPriceCents: integer('min_price_cents').notNull().default(0),
    /** Books: the final price of each edition offered (null without it), for edition filters without a join. */
    paperPriceCents: integer('paper_price_cents'),
    ebookPriceCents: integer('ebook_price_cents'),
    /** Paid PDFs: the first pages, cut at publication and offered as a preview (a storage key under `samples/`). */
    sampleKey: text('sample_key'),
    /** Academic documents: the licence the author chose (contract `licences`). */
    licence: text('licence', { enum: licences }),
    /** Approved customer reviews and the sum of their stars, kept by the reviews module (`catalog.writes.rate`). */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    /** Free documents: users who downloaded it, each once (`catalog.writes.countDownload`). */
    downloadCount: integer('download_count').notNull().default(0),
    /** Books: who publishes it and when (the book's own date; `published_at` is when the shop listed it). */
    publisher: text('publisher'),
    publicationDate: date('publication_date', { mode: 'string' }),
    /** Professional files: what the buyer may do with it (contract `usageLicences`). */
    usageLicence: text('usage_licence', { enum: usageLicences }),
    /** Files: what is inside (a workbook's sheets, a presentation's slides, a ZIP archive's parts) and opens it. */
    sheets: integer('sheets'),
    slides: integer('slides'),
    archiveParts: text('archive_parts', { enum: archiveParts })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    software: jsonb('software').$type<{ app: SoftwareApp; version: string | null }[]>().notNull().default([]),
    /** When the content was last replaced: its creation, then each new version published. */
    revisedAt: timestamp('revised_at', { withTimezone: true }).notNull().defaultNow(),
    /** The same work in the other language; both products point at each other (kept by the service). */
    twinId: integer('twin_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    /** Files only (copy of file_assets.file_type, so type filters need no join). */
    fileType: text('file_type', { enum: fileTypes }),
    titleNorm: text('title_norm')
      .notNull()
      .generatedAlwaysAs(sql`hls_unaccent(lower(title))`),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('fr_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('en_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('fr_unaccent'::regconfig, author_name || ' ' || category_names), 'B') || setweight(to_tsvector('en_unaccent'::regconfig, author_name || ' ' || category_names), 'B') || setweight(to_tsvector('fr_unaccent'::regconfig, description), 'C') || setweight(to_tsvector('en_unaccent'::regconfig, description), 'C')`,
      ),
    /** The title's words alone: a search takes the products whose title holds its words before the others. */
    titleVector: tsvector('title_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('fr_unaccent'::regconfig, title) || to_tsvector('en_unaccent'::regconfig, title)`,
      ),
    ...timestamps,
  },
  (t) => {
    // The filters a list offers (contract CatalogFilter). Each list index has them after its sort keys, so a
    // filtered page or count is read from the index alone (an index-only scan), without fetching each skipped
    // product's row; the planner picks the index of the sort, or of a category when that is narrower.
    const filters = [
      t.categoryId,
      t.subcategoryId,
      t.language,
      t.fileType,
      t.minPriceCents,
      t.paperPriceCents,
      t.ebookPriceCents,
    ];
    const listIndex = (name: string, ...keys: Parameters<ReturnType<typeof index>['on']>[number][]) =>
      index(name)
        .on(t.section, ...keys, ...filters.filter((column) => !keys.includes(column)))
        .where(published);
    return [
      check('products_kind_section', sql`(${t.kind} = 'book') = (${t.section} = 'book')`),
      check('products_file_type', sql`(${t.kind} = 'file') = (${t.fileType} IS NOT NULL)`),
      check(
        'products_academic_free',
        sql`${t.section} <> 'academic' OR (${t.priceCents} = 0 AND ${t.minPriceCents} = 0)`,
      ),
      check(
        'products_prices',
        sql`${t.priceCents} >= 0 AND ${t.minPriceCents} >= 0 AND ${t.discountPercent} BETWEEN 0 AND 90`,
      ),
      check('products_cover_key', sql`${t.coverKey} LIKE 'covers/%'`),
      check(
        'products_rating',
        sql`${t.ratingCount} >= 0 AND ${t.ratingTotal} BETWEEN ${t.ratingCount} AND 5 * ${t.ratingCount}`,
      ),
      check('products_download_count', sql`${t.downloadCount} >= 0`),
      check('products_published_at', sql`${t.status} <> 'published' OR ${t.publishedAt} IS NOT NULL`),
      check('products_contents', sql`coalesce(${t.sheets}, 1) > 0 AND coalesce(${t.slides}, 1) > 0`),
      check('products_twin', sql`${t.twinId} <> ${t.id}`),
      index('products_twin_idx').on(t.twinId),
      listIndex('products_newest_idx', t.publishedAt.desc(), t.id.desc()),
      listIndex('products_price_idx', t.minPriceCents, t.id),
      listIndex('products_title_idx', t.title, t.id),
      listIndex('products_category_idx', t.categoryId, t.subcategoryId, t.publishedAt.desc(), t.id.desc()),
      // Counts, and the pages of a narrow filter sorted after reading: every filter, then the sort keys, so such
      // a page too is read from the index alone, whatever its sort (with the title: reading each match's row to
      // sort a category's 20,000 products by title took 150 ms at 1,000,000 products).
      index('products_filters_idx')
        .on(t.section, ...filters, t.publishedAt, t.id, t.title)
        .where(published),
      index('products_popular_idx').on(t.section, t.popularity.desc(), t.id.desc()).where(published),
      // Type filters (files only): a type, in a category or not, is found at once, counted and sorted after
      // reading from the index alone; the other index of the filters leads with the category, and sees the type
      // only after the subcategory and the language.
      index('products_file_type_idx')
        .on(
          t.section,
          t.fileType,
          t.categoryId,
          t.subcategoryId,
          t.language,
          t.minPriceCents,
          t.publishedAt,
          t.id,
        )
        .where(sql`status = 'published' AND file_type IS NOT NULL`),
      index('products_discounted_idx')
        .on(t.section, t.publishedAt.desc(), t.id.desc())
        .where(sql`status = 'published' AND discount_percent > 0`),
      // One full-text index per section, with the list filters that are equalities (btree_gin): a search of one
      // list reads only that section's matches, and a search within a category or a language only theirs. The
      // same over the titles alone: a search's first candidates.
      ...sections.flatMap((section) =>
        (
          [
            ['search', t.searchVector],
            ['title_search', t.titleVector],
          ] as const
        ).map(([name, vector]) =>
          index(`products_${name}_${section}_idx`)
            .using('gin', vector, t.categoryId, t.subcategoryId, t.language, t.fileType)
            .where(sql`status = 'published' AND section = '${sql.raw(section)}'`),
        ),
      ),
      index('products_author_idx').on(t.authorId),
      index('products_status_idx').on(t.status, t.updatedAt),
    ];
  },
);

export const bookEditions = pgTable(
  'book_editions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    format: text('format', { enum: editionFormats }).notNull(),
    priceCents: integer('price_cents').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    finalPriceCents: integer('final_price_cents')
      .notNull()
      .generatedAlwaysAs(sql`(price_cents * (100 - discount_percent) + 50) / 100`),
    isbn: text('isbn'),
    pages: integer('pages'),
    /** Paper only: copies in stock. */
    stock: integer('stock'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('book_editions_product_format_unique').on(t.productId, t.format),
    check('book_editions_price', sql`${t.priceCents} >= 0`),
    check('book_editions_discount', sql`${t.discountPercent} BETWEEN 0 AND 90`),
    check('book_editions_stock', sql`${t.format} = 'paper' OR ${t.stock} IS NULL`),
    check('book_editions_stock_positive', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check('book_editions_pages', sql`${t.pages} IS NULL OR ${t.pages} > 0`),
  ],
);

export const fileAssets = pgTable(
  'file_assets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .unique()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileType: text('file_type', { enum: assetFileTypes }).notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    pages: integer('pages'),
    /** Holds a VBA project (found when the author's upload was inspected). */
    macros: boolean('macros').notNull().default(false),
    /** An EPUB ebook's accessibility metadata, as its check read it (shown on the book's page). */
    accessibility: jsonb('accessibility').$type<EbookAccessibility>(),
    ...timestamps,
  },
  (t) => [
    check('file_assets_size', sql`${t.sizeBytes} >= 0`),
    check('file_assets_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('file_assets_not_cover', sql`${t.storageKey} NOT LIKE 'covers/%'`),
  ],
);

/**
 * Every published version of a product's file (a file's, or a book's ebook): number 1, 2, … per product, kept so
 * that buyers can still download the versions they had. The current version is the highest number; `file_assets`
 * mirrors it (what the shop sells). A new version is recorded only when the file's content (sha256) changes.
 */
export const fileVersions = pgTable(
  'file_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fileType: text('file_type', { enum: assetFileTypes }).notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    pages: integer('pages'),
    macros: boolean('macros').notNull().default(false),
    /** What changed, in the editor's words for buyers (optional). */
    note: text('note'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_versions_number_unique').on(t.productId, t.number),
    check('file_versions_number', sql`${t.number} > 0`),
    check('file_versions_size', sql`${t.sizeBytes} >= 0`),
    check('file_versions_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Words of the product titles (lower case, without accents, no digits), kept by a trigger on products: when a
 * search finds nothing, each unknown word of it is replaced by the most similar title word (trigrams).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * Every change of a paper edition's stock made by hand in the back office: who, when, why, by how much, and what
 * was left (the orders' holds and sales are in the orders' history).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => bookEditions.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: stockReasons }).notNull(),
    note: text('note'),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_edition_idx').on(t.editionId, t.at.desc()),
    check('stock_movements_after', sql`${t.stockAfter} >= 0`),
  ],
);

/**
 * A customer's request to be told when an out-of-stock paper edition is back: open until the e-mail is queued
 * (`notified_at`), or deleted when the customer cancels it. One open request per user and edition.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => bookEditions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The language of the e-mail: the page's when the request was made. */
    language: text('language', { enum: languages }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_open_unique')
      .on(t.editionId, t.userId)
      .where(sql`notified_at IS NULL`),
    index('stock_alerts_user_idx').on(t.userId),
  ],
);
