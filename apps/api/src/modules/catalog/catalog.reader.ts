import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { EditionFormat, FileType, Language, ProductKind, ProductSummary, Section } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { plannedForValues } from '../../db/prepared.ts';
import { createExpiringCache } from '../../lib/expiring-cache.ts';
import { deepFreeze } from '../../plugins/serializer.ts';

/**
 * What every catalogue read (lists and search, details, categories) is built on: statements prepared by the
 * driver (db/prepared.ts), lists and searches planned for their values, the caches emptied together at each
 * catalogue change, and the product cards with their category names.
 */

const EXCERPT_LENGTH = 200;
/** The longest a cached read is kept (another instance's writes show within it); rendered pages keep as long. */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 500;

export type SummaryRow = {
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
export const summaryColumns = sql`p.id, p.kind, p.section, p.title, left(p.description, ${EXCERPT_LENGTH + 40}) AS excerpt,
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

const dialect = new PgDialect();

/**
 * The catalogue's reader on `db`: `rows` runs a statement, `cached` makes a cache (a pass-through with
 * `cache: false`) that `clearCaches` empties with the others, `cards` builds product cards.
 */
export function createCatalogReader(db: Db, { cache }: { cache: boolean }) {
  const clears: (() => void)[] = [];

  /** A statement as the driver takes it. */
  const statement = (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return { text, values: params };
  };

  /**
   * Runs a keyed read (a product, its category, a page of the sitemap), or a search written so that one plan
   * serves every value (decision 0044).
   */
  const rows = async <T>(query: SQL): Promise<T[]> => (await db.$client.query(statement(query))).rows as T[];

  /**
   * Runs a list or a search with a price range, planned at every run for its values: a narrow and a wide price
   * range, a small and a large category want different plans (generic plans made the lists' p99 nearly twice as
   * long, decision 0036).
   */
  const rowsForValues = async <T>(query: SQL): Promise<T[]> =>
    (await db.$client.query(plannedForValues(statement(query)))).rows as T[];

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

  return {
    rows,
    rowsForValues,
    cards,
    /** A new cache of this reader (emptied by `clearCaches`). */
    cached: <T>() => createCache<T>(cache, clears),
    /** Empties every cache of this reader: the next reads see the database as it is now. */
    clearCaches: () => clears.forEach((clear) => clear()),
  };
}
export type CatalogReader = ReturnType<typeof createCatalogReader>;
