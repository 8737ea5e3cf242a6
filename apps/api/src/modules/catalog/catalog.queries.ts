import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  ArchivePart,
  BookDetail,
  Category,
  Dashboard,
  EditionFormat,
  FileDetail,
  FileType,
  Licence,
  Language,
  ProductKind,
  ProductPage,
  ProductSummary,
  ProductTwin,
  Section,
  SoftwareRequirement,
  UsageLicence,
} from '@hls/contract';
import { COUNT_CAP, discountedPrice, MAX_PAGE, SEARCH_CANDIDATES, type CatalogFilter } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { createExpiringCache } from '../../lib/expiring-cache.ts';
import { deepFreeze } from '../../plugins/serializer.ts';
import { extensionOfMime } from '../uploads/index.ts';

/** Products per list page. */
export const PAGE_SIZE = 24;
/** When a search finds nothing, at most this many of its words are checked for typos. */
const CORRECTED_WORDS = 8;
/** Close spellings offered when a search finds nothing anywhere. */
const SUGGESTIONS = 3;
const DASHBOARD_ROW = 8;
/** Distinct statement texts prepared per catalogue instance (a few dozen shapes are used in practice). */
const PREPARED_MAX = 200;
const RELATED = 6;
const EXCERPT_LENGTH = 200;
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 500;

export type ParsedFilter = z.output<typeof CatalogFilter>;

type SummaryRow = {
  id: number;
  kind: ProductKind;
  section: Section;
  title: string;
  excerpt: string;
  author_id: string;
  author_name: string;
  category_id: number;
  subcategory_id: number | null;
  language: Language;
  cover_key: string;
  price_cents: number;
  discount_percent: number;
  min_price_cents: number;
  file_type: FileType | null;
  formats: EditionFormat[] | null;
  published_at: Date;
  rating_count: number;
  rating_total: number;
  download_count: number;
};

/** Columns of a card (`p` is products); category names come from memory (`CategoryRefs`), not from a join. */
const summaryColumns = sql`p.id, p.kind, p.section, p.title, left(p.description, ${EXCERPT_LENGTH + 40}) AS excerpt,
  p.author_id, p.author_name, p.category_id, p.subcategory_id, p.language, p.cover_key, p.price_cents,
  p.discount_percent, p.min_price_cents, p.file_type, p.published_at, p.rating_count, p.rating_total, p.download_count,
  CASE WHEN p.kind = 'book' THEN ARRAY(SELECT e.format FROM book_editions e WHERE e.product_id = p.id
    ORDER BY e.format DESC) END AS formats`;

type CategoryRef = ProductSummary['category'];
/** Every category and subcategory by id: a few hundred at most, read once and kept with the other caches. */
type CategoryRefs = Map<number, CategoryRef>;

/** A public object (a cover under covers/, a sample under samples/) as served by GET /api/media. */
export const mediaUrl = (key: string) => `/api/media/${key}`;
export const coverUrl = mediaUrl;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

function toSummary(row: SummaryRow, refs: CategoryRefs): ProductSummary {
  return {
    id: row.id,
    kind: row.kind,
    section: row.section,
    title: row.title,
    excerpt: excerpt(row.excerpt),
    author: { id: row.author_id, name: row.author_name },
    category: refs.get(row.category_id)!,
    subcategory: row.subcategory_id === null ? null : refs.get(row.subcategory_id)!,
    language: row.language,
    coverUrl: coverUrl(row.cover_key),
    price: {
      priceCents: row.price_cents,
      discountPercent: row.discount_percent,
      finalPriceCents: row.min_price_cents,
    },
    free: row.min_price_cents === 0,
    fileType: row.file_type,
    formats: row.formats ?? [],
    publishedAt: new Date(row.published_at).toISOString(),
    rating:
      row.rating_count > 0
        ? { count: row.rating_count, average: Math.round((row.rating_total * 10) / row.rating_count) / 10 }
        : null,
    downloads: row.kind === 'file' && row.min_price_cents === 0 ? row.download_count : null,
  };
}

/** A small in-process cache with expiry; `clears` collects how to empty it (at every catalogue change). */
function createCache<T>(enabled: boolean, clears: (() => void)[]) {
  if (!enabled) return (_key: string, load: () => Promise<T>) => load();
  const cache = createExpiringCache<T>({ ttlMs: CACHE_TTL_MS, max: CACHE_MAX });
  clears.push(cache.clear);
  // Cached values are shared by every request: frozen, and serialized once (plugins/serializer.ts).
  return (key: string, load: () => Promise<T>): Promise<T> => cache(key, () => load().then(deepFreeze));
}

export type ListScope = { sections: Section[] };

/** WHERE clause of a list: published products of the scope matching every filter field that applies. */
function whereClause(scope: ListScope, filter: ParsedFilter): SQL {
  const isBooks = scope.sections.includes('book');
  const parts: SQL[] = [
    sql`p.status = 'published'`,
    scope.sections.length === 1
      ? sql`p.section = ${scope.sections[0]}`
      : sql`p.section = ANY(${sql.param(scope.sections)}::text[])`,
  ];
  if (filter.category !== undefined) parts.push(sql`p.category_id = ${filter.category}`);
  if (filter.subcategory !== undefined) parts.push(sql`p.subcategory_id = ${filter.subcategory}`);
  if (filter.language) parts.push(sql`p.language = ${filter.language}`);
  if (!isBooks && filter.fileType?.length) {
    // One array parameter: the statement's text does not depend on how many types are ticked.
    parts.push(sql`p.file_type = ANY(${sql.param(filter.fileType)}::text[])`);
  }
  if (isBooks && filter.edition) {
    // With an edition, the price range applies to that edition's final price.
    const price: SQL[] = [];
    if (filter.minPrice !== undefined) price.push(sql` AND e.final_price_cents >= ${filter.minPrice}`);
    if (filter.maxPrice !== undefined) price.push(sql` AND e.final_price_cents <= ${filter.maxPrice}`);
    parts.push(
      sql`EXISTS (SELECT 1 FROM book_editions e WHERE e.product_id = p.id AND e.format = ${filter.edition}${sql.join(price)})`,
    );
  } else {
    if (filter.minPrice !== undefined) parts.push(sql`p.min_price_cents >= ${filter.minPrice}`);
    if (filter.maxPrice !== undefined) parts.push(sql`p.min_price_cents <= ${filter.maxPrice}`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * ORDER BY of a list. Descending keys say NULLS LAST to match the indexes (drizzle-kit writes them that way);
 * a plain DESC (nulls first) would not use them. price_desc walks the ascending price index backwards.
 */
function orderClause(sort: string | undefined, prefix: SQL = sql`p.`): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`${prefix}min_price_cents ASC, ${prefix}id ASC`;
    case 'price_desc':
      return sql`${prefix}min_price_cents DESC, ${prefix}id DESC`;
    case 'title':
      return sql`${prefix}title ASC, ${prefix}id ASC`;
    default:
      return sql`${prefix}published_at DESC NULLS LAST, ${prefix}id DESC NULLS LAST`;
  }
}

const tsQuery = (text: string) =>
  sql`(websearch_to_tsquery('fr_unaccent', ${text}) || websearch_to_tsquery('en_unaccent', ${text}))`;
const normalized = (text: string) => sql`hls_unaccent(lower(${text}))`;

export type CatalogQueries = ReturnType<typeof createCatalogQueries>;

const dialect = new PgDialect();

/**
 * The catalogue's reads (`app.catalog.reads`). `cache: false` reads the database every time (query plans and
 * timings); otherwise call `clearCaches()` after every catalogue change (the catalog plugin does, at each
 * `catalog.changed` event).
 */
export function createCatalogQueries(
  db: Db,
  {
    cache = true,
    stampPdfs = true,
  }: {
    cache?: boolean;
    /** Bought PDFs carry their buyer's name (STAMP_PDFS): the ebook's facts say so. */
    stampPdfs?: boolean;
  } = {},
) {
  const clears: (() => void)[] = [];
  const countCache = createCache<number>(cache, clears);
  const dashboardCache = createCache<Dashboard>(cache, clears);

  const statementNames = new Map<string, string>();
  /**
   * Runs a read as a named prepared statement: parsed once per database session (on PGlite, parsing costs more
   * than planning and running a page). The texts come from a small set of shapes; past PREPARED_MAX of them, new
   * shapes run unnamed.
   */
  async function rows<T>(query: SQL): Promise<T[]> {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < PREPARED_MAX) {
      name = `catalog_${createHash('sha1').update(text).digest('hex')}`;
      statementNames.set(text, name);
    }
    return (await db.$client.query({ name, text, values: params })).rows as T[];
  }

  const loadCategoryRefs = async (): Promise<CategoryRefs> =>
    new Map(
      (
        await rows<{ id: number; slug: string; name_fr: string; name_en: string }>(
          sql`SELECT id, slug, name_fr, name_en FROM categories`,
        )
      ).map((c) => [c.id, { id: c.id, slug: c.slug, name: { fr: c.name_fr, en: c.name_en } }]),
    );
  const categoryRefsCache = createCache<CategoryRefs>(cache, clears);

  /** The cards of product rows, with their category names (read again if one is newer than the cached names). */
  async function cards(found: SummaryRow[]): Promise<ProductSummary[]> {
    let refs = await categoryRefsCache('all', loadCategoryRefs);
    const known = (id: number | null) => id === null || refs.has(id);
    if (!found.every((row) => known(row.category_id) && known(row.subcategory_id))) {
      refs = await loadCategoryRefs();
    }
    return found.map((row) => toSummary(row, refs));
  }

  function pageOf(results: ProductSummary[], count: number, page: number): ProductPage {
    const pages = Math.min(Math.ceil(count / PAGE_SIZE), MAX_PAGE);
    return { results, count, page, pageSize: PAGE_SIZE, pages };
  }

  async function browse(scope: ListScope, filter: ParsedFilter, page: number): Promise<ProductPage> {
    const where = whereClause(scope, filter);
    const countKey = JSON.stringify([scope.sections, { ...filter, sort: undefined }]);
    const count = await countCache(countKey, async () => {
      const [row] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${where} LIMIT ${COUNT_CAP}) m`,
      );
      return row!.n;
    });
    const offset = (page - 1) * PAGE_SIZE;
    if (offset >= count) return pageOf([], count, page);
    // Skip the offset on the index alone (ids and sort keys), then build the cards of this page only.
    const found = await rows<SummaryRow>(sql`
      WITH pg AS (
        SELECT p.id, p.published_at, p.min_price_cents, p.title FROM products p
        WHERE ${where} ORDER BY ${orderClause(filter.sort)} LIMIT ${PAGE_SIZE} OFFSET ${offset}
      )
      SELECT ${summaryColumns} FROM pg JOIN products p ON p.id = pg.id
      ORDER BY ${orderClause(filter.sort, sql`pg.`)}`);
    return pageOf(await cards(found), count, page);
  }

  async function search(
    scope: ListScope,
    filter: ParsedFilter,
    text: string,
    page: number,
  ): Promise<ProductPage> {
    const where = whereClause(scope, filter);
    const sort = filter.sort ?? 'relevance';
    const orderBy = (prefix: SQL) =>
      sort === 'relevance'
        ? sql`${prefix}score DESC, ${prefix}published_at DESC, ${prefix}id DESC`
        : orderClause(sort, prefix);
    const offset = (page - 1) * PAGE_SIZE;

    const rankedPage = async (words: string) => {
      const query = tsQuery(words);
      // Candidates are ranked as they are read: one pass over their rows.
      const candidates = sql`SELECT p.id, p.published_at, p.min_price_cents, p.title,
          ts_rank_cd(p.search_vector, ${query}) AS score
        FROM products p WHERE ${where} AND p.search_vector @@ ${query} LIMIT ${SEARCH_CANDIDATES}`;
      const found = await rows<SummaryRow & { total: number }>(sql`
        WITH m AS (${candidates}),
        r AS (
          SELECT m.*, count(*) OVER ()::int AS total FROM m
          ORDER BY ${orderBy(sql``)} LIMIT ${PAGE_SIZE} OFFSET ${offset}
        )
        SELECT ${summaryColumns}, r.total FROM r JOIN products p ON p.id = r.id
        ORDER BY ${orderBy(sql`r.`)}`);
      let count = found[0]?.total;
      if (count === undefined && offset > 0) {
        const [row] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${candidates}) m`);
        count = row!.n;
      }
      return pageOf(await cards(found), count ?? 0, page);
    };

    const result = await rankedPage(text);
    if (result.count > 0) return result;
    // Typo tolerance: when the words match nothing, each word that no title holds is replaced by the most
    // similar title word, and the search runs once more; its results say which text they are of.
    const corrected = (await closeSpellings(text, 1))[0];
    if (corrected === undefined) return result;
    const correctedResult = await rankedPage(corrected);
    return correctedResult.count > 0 ? { ...correctedResult, correctedSearch: corrected } : result;
  }

  /**
   * Up to `limit` spellings of the search text, closest first, with its unknown words (held by no title) replaced
   * by the most similar title words: the first takes each word's closest, the next ones its second and third.
   * Empty when every word is known or none has a similar title word.
   */
  async function closeSpellings(text: string, limit: number): Promise<string[]> {
    const words = await rows<{ text: string; word: string; similar: string[] | null }>(sql`
      WITH t AS (SELECT ${normalized(text)} AS text)
      SELECT t.text, q.word,
        CASE WHEN length(q.word) >= 3 AND q.word !~ '[0-9]'
          AND NOT EXISTS (SELECT 1 FROM search_words w WHERE w.word = q.word) THEN ARRAY(
            SELECT w.word FROM search_words w WHERE w.word % q.word
            ORDER BY similarity(w.word, q.word) DESC, w.word LIMIT ${limit}) END AS similar
      FROM t, unnest(regexp_split_to_array(t.text, '[^[:alnum:]]+')) WITH ORDINALITY q(word, n)
      WHERE q.word <> '' AND q.n <= ${CORRECTED_WORDS}`);
    const similar = new Map(words.filter((w) => w.similar?.length).map((w) => [w.word, w.similar!]));
    if (!similar.size) return [];
    const spellings = new Set<string>();
    for (let rank = 0; rank < limit; rank += 1) {
      // Words are replaced in place, so quotes, "or" and "-word" keep their meaning.
      spellings.add(
        words[0]!.text.replace(/[\p{L}\p{N}]+/gu, (word) => {
          const found = similar.get(word);
          return found ? (found[rank] ?? found[0]!) : word;
        }),
      );
    }
    return [...spellings];
  }

  /**
   * "Did you mean": close spellings of a search text (see `closeSpellings`) that find published products in some
   * section, at most SUGGESTIONS of them.
   */
  async function suggestions(text: string): Promise<string[]> {
    const found: string[] = [];
    for (const spelling of await closeSpellings(text, SUGGESTIONS)) {
      const [match] = await rows<{ found: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM products p
        WHERE p.status = 'published' AND p.search_vector @@ ${tsQuery(spelling)}) AS found`);
      if (match?.found) found.push(spelling);
    }
    return found;
  }

  async function list(scope: ListScope, filter: ParsedFilter, page: number): Promise<ProductPage> {
    const text = filter.search?.trim();
    return text ? search(scope, filter, text, page) : browse(scope, filter, page);
  }

  async function dashboardRow(
    sections: Section[],
    extra: SQL,
    order: (prefix: SQL) => SQL,
  ): Promise<ProductSummary[]> {
    // One index scan per section, merged: an IN list would sort every published product.
    const perSection = sections.map(
      (section) => sql`(SELECT p.id, p.published_at, p.popularity FROM products p
        WHERE p.status = 'published' AND p.section = ${section}${extra} ORDER BY ${order(sql`p.`)} LIMIT ${DASHBOARD_ROW})`,
    );
    const found = await rows<SummaryRow>(sql`
      WITH top AS (SELECT * FROM (${sql.join(perSection, sql` UNION ALL `)}) u ORDER BY ${order(sql`u.`)} LIMIT ${DASHBOARD_ROW})
      SELECT ${summaryColumns} FROM top t JOIN products p ON p.id = t.id
      ORDER BY ${order(sql`t.`)}`);
    return cards(found);
  }

  function dashboard(sections: Section[]): Promise<Dashboard> {
    return dashboardCache(sections.join(','), async () => {
      const newest = (p: SQL) => sql`${p}published_at DESC NULLS LAST, ${p}id DESC NULLS LAST`;
      return {
        new: await dashboardRow(sections, sql``, newest),
        popular: await dashboardRow(
          sections,
          sql``,
          (p) => sql`${p}popularity DESC NULLS LAST, ${p}id DESC NULLS LAST`,
        ),
        discounted: await dashboardRow(sections, sql` AND p.discount_percent > 0`, newest),
      };
    });
  }

  /**
   * The newest products of a subcategory and of its category, from which the related products of every product
   * in that subcategory are picked (shared by all of them, so cached apart from the product).
   */
  const relatedPoolCache = createCache<{ subcategory: ProductSummary[]; category: ProductSummary[] }>(
    cache,
    clears,
  );
  function relatedPool(section: Section, categoryId: number, subcategoryId: number | null) {
    return relatedPoolCache(JSON.stringify([section, categoryId, subcategoryId]), async () => {
      // RELATED + 1 of each is enough: a product skips itself, and in the category's list at most the
      // subcategory's picks, which leave as many places to fill.
      const newest = (narrow: SQL, limit: number) =>
        rows<SummaryRow>(sql`SELECT ${summaryColumns} FROM products p
          WHERE p.status = 'published' AND p.section = ${section} AND p.category_id = ${categoryId}${narrow}
          ORDER BY p.published_at DESC NULLS LAST, p.id DESC NULLS LAST LIMIT ${limit}`);
      const subcategory =
        subcategoryId === null
          ? []
          : await newest(sql` AND p.subcategory_id = ${subcategoryId}`, RELATED + 1);
      const category = await newest(sql``, RELATED + 1);
      return { subcategory: await cards(subcategory), category: await cards(category) };
    });
  }

  /**
   * Up to RELATED other products: the newest of its subcategory first, then the newest of its category; never its
   * twin in the other language, which the page offers on its own.
   */
  async function related(product: SummaryRow & { twin_id: number | null }): Promise<ProductSummary[]> {
    const pool = await relatedPool(product.section, product.category_id, product.subcategory_id);
    const picked: ProductSummary[] = [];
    for (const candidate of [...pool.subcategory, ...pool.category]) {
      if (picked.length === RELATED) break;
      if (candidate.id === product.id || candidate.id === product.twin_id) continue;
      if (!picked.some((p) => p.id === candidate.id)) picked.push(candidate);
    }
    return picked;
  }

  /** Columns every detail reads besides a card's: the twin link, and the twin itself when it is published. */
  const twinColumns = sql`p.twin_id, (SELECT json_build_object('id', t.id, 'kind', t.kind, 'title', t.title,
    'language', t.language) FROM products t WHERE t.id = p.twin_id AND t.status = 'published') AS twin`;
  type TwinColumns = { twin_id: number | null; twin: ProductTwin | null };

  /** A published product of a kind with `extra` columns (from `join`). */
  async function detailRow<T>(id: number, kind: ProductKind, extra: SQL, join: SQL = sql``) {
    const [row] = await rows<SummaryRow & { description: string } & T>(
      sql`SELECT ${summaryColumns}, p.description, ${extra} FROM products p ${join}
        WHERE p.id = ${id} AND p.kind = ${kind} AND p.status = 'published'`,
    );
    return row;
  }

  type EditionRow = {
    format: EditionFormat;
    price_cents: number;
    discount_percent: number;
    isbn: string | null;
    pages: number | null;
    stock: number | null;
  };

  async function bookDetail(id: number): Promise<BookDetail | undefined> {
    const row = await detailRow<
      {
        editions: EditionRow[];
        author_bio: string | null;
        sample_key: string | null;
        publisher: string | null;
        publication_date: string | null;
        ebook_mime: string | null;
      } & TwinColumns
    >(
      id,
      'book',
      sql`p.sample_key, (SELECT coalesce(json_agg(e ORDER BY e.format DESC), '[]') FROM (
          SELECT format, price_cents, discount_percent, isbn, pages, stock FROM book_editions
          WHERE product_id = p.id) e) AS editions,
        (SELECT bio FROM author_profiles WHERE id = p.author_id) AS author_bio,
        p.publisher, p.publication_date::text AS publication_date,
        (SELECT a.mime FROM file_assets a WHERE a.product_id = p.id) AS ebook_mime, ${twinColumns}`,
    );
    if (!row) return undefined;
    const ebookFormat =
      row.ebook_mime === 'application/epub+zip' ? 'epub' : row.ebook_mime === null ? null : 'pdf';
    return {
      ...(await cards([row]))[0]!,
      kind: 'book',
      description: row.description,
      editions: row.editions.map((e) => ({
        format: e.format,
        price: {
          priceCents: e.price_cents,
          discountPercent: e.discount_percent,
          finalPriceCents: discountedPrice(e.price_cents, e.discount_percent),
        },
        isbn: e.isbn,
        pages: e.pages,
        stock: e.format === 'paper' ? e.stock : null,
        inStock: e.format === 'ebook' || (e.stock ?? 0) > 0,
        ebookFile:
          e.format === 'ebook' && ebookFormat
            ? { format: ebookFormat, drmFree: true, watermarked: ebookFormat === 'pdf' && stampPdfs }
            : null,
      })),
      authorBio: row.author_bio?.trim() ? row.author_bio : null,
      related: await related(row),
      sampleUrl: row.sample_key ? mediaUrl(row.sample_key) : null,
      publisher: row.publisher,
      publicationDate: row.publication_date,
      twin: row.twin,
    };
  }

  async function fileDetail(id: number): Promise<FileDetail | undefined> {
    const row = await detailRow<
      {
        asset_type: FileType | null;
        asset_mime: string;
        size_bytes: number;
        asset_pages: number | null;
        sample_key: string | null;
        licence: Licence | null;
        usage_licence: UsageLicence | null;
        sheets: number | null;
        slides: number | null;
        archive_parts: ArchivePart[];
        software: SoftwareRequirement[];
        macros: boolean;
        revised_at: Date;
      } & TwinColumns
    >(
      id,
      'file',
      sql`a.file_type AS asset_type, a.mime AS asset_mime, a.size_bytes, a.pages AS asset_pages, p.sample_key,
        p.licence, p.usage_licence, p.sheets, p.slides, p.archive_parts, p.software, a.macros, p.revised_at,
        ${twinColumns}`,
      sql`LEFT JOIN file_assets a ON a.product_id = p.id`,
    );
    if (!row?.asset_type) return undefined;
    return {
      ...(await cards([row]))[0]!,
      kind: 'file',
      description: row.description,
      fileType: row.asset_type,
      extension: fileExtension(row.asset_mime, row.asset_type),
      sizeBytes: row.size_bytes,
      pages: row.asset_pages,
      related: await related(row),
      sampleUrl: row.sample_key ? mediaUrl(row.sample_key) : null,
      licence: row.licence,
      usage: row.usage_licence,
      sheets: row.sheets,
      slides: row.slides,
      archiveParts: row.archive_parts,
      software: row.software.map((s) => ({ app: s.app, version: s.version ?? null })),
      macros: row.macros,
      updatedAt: new Date(row.revised_at).toISOString(),
      twin: row.twin,
    };
  }

  async function categoryList(query: {
    section?: Section;
    parent?: number;
    subcategories: boolean;
  }): Promise<Category[]> {
    const parts: SQL[] = [query.subcategories ? sql`parent_id IS NOT NULL` : sql`parent_id IS NULL`];
    if (query.section) parts.push(sql`section = ${query.section}`);
    if (query.parent !== undefined) parts.push(sql`parent_id = ${query.parent}`);
    const found = await rows<{
      id: number;
      section: Section;
      parent_id: number | null;
      slug: string;
      name_fr: string;
      name_en: string;
    }>(sql`SELECT id, section, parent_id, slug, name_fr, name_en FROM categories
      WHERE ${sql.join(parts, sql` AND `)} ORDER BY section, parent_id NULLS FIRST, position, name_fr, id`);
    return found.map((c) => ({
      id: c.id,
      section: c.section,
      parentId: c.parent_id,
      slug: c.slug,
      name: { fr: c.name_fr, en: c.name_en },
    }));
  }

  /** Published products for the sitemap, by id after `afterId` (keyset), with their last change. */
  async function publishedForSitemap(afterId: number, limit: number) {
    return rows<{
      id: number;
      kind: ProductKind;
      updated_at: Date;
    }>(sql`SELECT id, kind, updated_at FROM products
      WHERE status = 'published' AND id > ${afterId} ORDER BY id LIMIT ${limit}`);
  }

  // The catalogue is read far more than it is written: pages, details and categories are served from memory
  // until the next write of this process, or for CACHE_TTL_MS at most (writes made by another instance).
  const pageCache = createCache<ProductPage>(cache, clears);
  const bookCache = createCache<BookDetail | undefined>(cache, clears);
  const fileCache = createCache<FileDetail | undefined>(cache, clears);
  const categoryCache = createCache<Category[]>(cache, clears);
  const suggestionCache = createCache<string[]>(cache, clears);

  return {
    list: (scope: ListScope, filter: ParsedFilter, page: number) =>
      pageCache(JSON.stringify([scope.sections, filter, page]), () => list(scope, filter, page)),
    dashboard,
    bookDetail: (id: number) => bookCache(String(id), () => bookDetail(id)),
    fileDetail: (id: number) => fileCache(String(id), () => fileDetail(id)),
    categoryList: (query: Parameters<typeof categoryList>[0]) =>
      categoryCache(JSON.stringify(query), () => categoryList(query)),
    publishedForSitemap,
    suggestions: (text: string) => suggestionCache(text, () => suggestions(text)),
    /** Empties every cache of this reader: the next reads see the database as it is now. */
    clearCaches: () => clears.forEach((clear) => clear()),
  };
}

const extensionByType: Record<FileType, string> = {
  excel: 'xlsx',
  word: 'docx',
  powerpoint: 'pptx',
  powerbi: 'pbix',
  publisher: 'pub',
  pdf: 'pdf',
  package: 'zip',
  access: 'accdb',
};

/** A file product's extension, from the format its content was found to be — never from the uploader's name. */
export function fileExtension(mime: string, fileType: FileType): string {
  return extensionOfMime(mime) ?? extensionByType[fileType];
}
