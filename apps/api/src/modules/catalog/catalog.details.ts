import { sql, type SQL } from 'drizzle-orm';
import type {
  EbookAccessibility,
  ArchivePart,
  BookDetail,
  EditionFormat,
  FileDetail,
  FileType,
  Licence,
  ProductKind,
  ProductSummary,
  ProductTwin,
  Section,
  SoftwareRequirement,
  UsageLicence,
} from '@hls/contract';
import { discountedPrice } from '@hls/contract';
import { extensionOfMime } from '../uploads/index.ts';
import { mediaUrl, summaryColumns, type CatalogReader, type SummaryRow } from './catalog.reader.ts';

/** The accessibility of an EPUB whose package states none. */
const noAccessibilityMetadata: EbookAccessibility = {
  accessModes: [],
  accessModesSufficient: [],
  features: [],
  hazards: [],
  summary: null,
  conformsTo: null,
};

const RELATED = 6;

/**
 * A published book's or file's page: its card, editions or file facts, sample, twin in the other language and
 * related products.
 */
export function createCatalogDetails(
  reader: CatalogReader,
  {
    stampPdfs,
  }: {
    /** Bought PDFs carry their buyer's name (STAMP_PDFS): the ebook's facts say so. */
    stampPdfs: boolean;
  },
) {
  const { rows, cards } = reader;

  /**
   * The newest products of a subcategory and of its category, from which the related products of every product
   * in that subcategory are picked (shared by all of them, so cached apart from the product).
   */
  const relatedPoolCache = reader.cached<{ subcategory: ProductSummary[]; category: ProductSummary[] }>();
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
        ebook_accessibility: EbookAccessibility | null;
      } & TwinColumns
    >(
      id,
      'book',
      sql`p.sample_key, (SELECT coalesce(json_agg(e ORDER BY e.format DESC), '[]') FROM (
          SELECT format, price_cents, discount_percent, isbn, pages, stock FROM book_editions
          WHERE product_id = p.id) e) AS editions,
        (SELECT bio FROM author_profiles WHERE id = p.author_id) AS author_bio,
        p.publisher, p.publication_date::text AS publication_date,
        (SELECT a.mime FROM file_assets a WHERE a.product_id = p.id) AS ebook_mime,
        (SELECT a.accessibility FROM file_assets a WHERE a.product_id = p.id) AS ebook_accessibility, ${twinColumns}`,
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
            ? { format: ebookFormat, drmFree: true, watermarked: stampPdfs }
            : null,
      })),
      authorBio: row.author_bio?.trim() ? row.author_bio : null,
      related: await related(row),
      sampleUrl: row.sample_key ? mediaUrl(row.sample_key) : null,
      publisher: row.publisher,
      publicationDate: row.publication_date,
      twin: row.twin,
      // An EPUB states its accessibility; one published without the metadata says it has none.
      accessibility: ebookFormat === 'epub' ? (row.ebook_accessibility ?? noAccessibilityMetadata) : null,
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

  return { bookDetail, fileDetail };
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
