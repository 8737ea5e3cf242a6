import { sql, type SQL } from 'drizzle-orm';
import type { BookDetail, Category, FileDetail, ProductKind, ProductPage, Section } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { createCatalogDetails } from './catalog.details.ts';
import { createCatalogLists, type ListScope, type ParsedFilter } from './catalog.lists.ts';
import { createCatalogReader } from './catalog.reader.ts';

export { PAGE_SIZE, type ListScope, type ParsedFilter } from './catalog.lists.ts';
export { coverUrl, mediaUrl } from './catalog.reader.ts';

export type CatalogQueries = ReturnType<typeof createCatalogQueries>;

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
  const reader = createCatalogReader(db, { cache });
  const { rows } = reader;
  const { list, dashboard, suggestions } = createCatalogLists(reader);
  const { bookDetail, fileDetail } = createCatalogDetails(reader, { stampPdfs });

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
  const pageCache = reader.cached<ProductPage>();
  const bookCache = reader.cached<BookDetail | undefined>();
  const fileCache = reader.cached<FileDetail | undefined>();
  const categoryCache = reader.cached<Category[]>();
  const suggestionCache = reader.cached<string[]>();

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
    clearCaches: reader.clearCaches,
  };
}
