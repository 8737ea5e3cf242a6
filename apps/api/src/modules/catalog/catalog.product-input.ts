import { inArray } from 'drizzle-orm';
import type {
  ArchivePart,
  AssetFileType,
  EbookAccessibility,
  EditionFormat,
  FileType,
  Language,
  Licence,
  ProductKind,
  ProductStatus,
  Section,
  SoftwareRequirement,
  UsageLicence,
} from '@hls/contract';
import { discountedPrice } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import { categories } from './catalog.tables.ts';

/**
 * What the catalogue's writes are given (a category, a product with its editions or its file) and how a product
 * becomes its rows' values: checked, its categories and author found, the price of its cheapest offer.
 */

export type NewCategory = {
  section: Section;
  /** The parent category's id for a subcategory (same section). */
  parentId?: number | null;
  slug: string;
  nameFr: string;
  nameEn: string;
  position?: number;
};

export type NewEdition = {
  format: EditionFormat;
  priceCents: number;
  discountPercent?: number;
  isbn?: string | null;
  pages?: number | null;
  /** Paper only. */
  stock?: number | null;
};

export type NewFileAsset = {
  fileType: AssetFileType;
  /** Storage key of the downloadable file (never under `covers/`). */
  storageKey: string;
  originalName: string;
  mime: string;
  sizeBytes: number;
  /** Lower-case hex. */
  sha256: string;
  pages?: number | null;
  /** Holds a VBA project (the upload's inspection said so). */
  macros?: boolean;
  /** An EPUB ebook: its accessibility metadata, as its check read it. */
  accessibility?: EbookAccessibility | null;
};

export type NewProduct = {
  kind: ProductKind;
  section: Section;
  title: string;
  description: string;
  language: Language;
  authorId: string;
  categoryId: number;
  subcategoryId?: number | null;
  /** Default `draft`. A `published` product gets `publishedAt` now unless given. */
  status?: ProductStatus;
  publishedAt?: Date | null;
  popularity?: number;
  /** Storage key under `covers/` (served by GET /api/media/{key}) and the image size in pixels. */
  cover: { key: string; width: number; height: number };
  /** Books: one or two editions with distinct formats. */
  editions?: NewEdition[];
  /** Files: the downloadable asset. */
  file?: NewFileAsset & { fileType: FileType };
  /** Files: list price (must be 0 in the academic section) and discount. */
  priceCents?: number;
  discountPercent?: number;
  /** Paid PDFs: the public sample's storage key (under `samples/`). */
  sampleKey?: string | null;
  /** Academic documents: the licence chosen by the author. */
  licence?: Licence | null;
  /** Books: who publishes it and when (YYYY-MM-DD). */
  publisher?: string | null;
  publicationDate?: string | null;
  /** Files: a workbook's sheets, a presentation's slides, a ZIP archive's parts, and the software it needs. */
  sheets?: number | null;
  slides?: number | null;
  archiveParts?: ArchivePart[];
  software?: SoftwareRequirement[];
  /** Professional files: what the buyer may do with it (personal use unless the author offers more). */
  usage?: UsageLicence | null;
  /** Files: what changed in this version of the file, for its buyers (kept with the version when its content changed). */
  versionNote?: string | null;
  /** When this content was written (default: now; a new version is a revision). */
  revisedAt?: Date;
  /** The same work in the other language: both are linked to each other; null unlinks, absent keeps the link. */
  twinId?: number | null;
};

export function invalid(fields: Record<string, string>, message = 'The product is not valid.'): AppError {
  return new AppError('validation_failed', message, fields);
}

/** Price of the cheapest offer of a book: the edition with the lowest final price. */
function cheapestEdition(editions: NewEdition[]): NewEdition {
  return editions.reduce((best, e) =>
    discountedPrice(e.priceCents, e.discountPercent ?? 0) <
    discountedPrice(best.priceCents, best.discountPercent ?? 0)
      ? e
      : best,
  );
}

function checkProduct(input: NewProduct): void {
  if ((input.kind === 'book') !== (input.section === 'book')) {
    throw invalid({ section: 'section.invalid' }, 'Books belong to the book section, files to the others.');
  }
  if (!input.title.trim()) throw invalid({ title: 'title.required' });
  if (!input.cover.key.startsWith('covers/')) throw invalid({ 'cover.key': 'cover.invalid' });
  if (input.sampleKey != null && !input.sampleKey.startsWith('samples/')) {
    throw invalid({ sampleKey: 'sample.invalid' }, 'A sample is stored under samples/.');
  }
  if (input.kind === 'book') {
    const editions = input.editions ?? [];
    const formats = new Set(editions.map((e) => e.format));
    if (editions.length === 0 || formats.size !== editions.length) {
      throw invalid({ editions: 'editions.invalid' }, 'A book has one or two editions of distinct formats.');
    }
    if (input.file) throw invalid({ file: 'file.invalid' }, 'A book has editions, not a file.');
  } else {
    if (!input.file) throw invalid({ file: 'file.required' }, 'A file product needs its asset.');
    if (input.editions?.length) throw invalid({ editions: 'editions.invalid' }, 'A file has no editions.');
    if (input.section === 'academic' && (input.priceCents ?? 0) !== 0) {
      throw invalid({ priceCents: 'price.invalid' }, 'Academic files are free.');
    }
  }
}

/** The product row's values from an input: categories and author checked, prices of the cheapest offer. */
export async function productValues(
  ctx: AppTxContext,
  accounts: Pick<AccountsService, 'authorName'>,
  input: NewProduct,
) {
  const { tx } = ctx;
  checkProduct(input);
  const wantedCategories = [input.categoryId, ...(input.subcategoryId != null ? [input.subcategoryId] : [])];
  const found = await tx
    .select({
      id: categories.id,
      section: categories.section,
      parentId: categories.parentId,
      nameFr: categories.nameFr,
      nameEn: categories.nameEn,
    })
    .from(categories)
    .where(inArray(categories.id, wantedCategories));
  const category = found.find((c) => c.id === input.categoryId);
  if (!category || category.section !== input.section || category.parentId !== null) {
    throw invalid(
      { categoryId: 'category.invalid' },
      'The category is not a top-level category of this section.',
    );
  }
  const subcategory =
    input.subcategoryId != null ? found.find((c) => c.id === input.subcategoryId) : undefined;
  if (input.subcategoryId != null && (!subcategory || subcategory.parentId !== category.id)) {
    throw invalid(
      { subcategoryId: 'subcategory.invalid' },
      'The subcategory does not belong to the category.',
    );
  }
  const authorName = await accounts.authorName(input.authorId, ctx);
  if (authorName === undefined) throw invalid({ authorId: 'author.invalid' }, 'Unknown author.');

  let priceCents = input.priceCents ?? 0;
  let discountPercent = input.discountPercent ?? 0;
  const editionPrice = (format: NewEdition['format']) => {
    const edition = input.editions?.find((e) => e.format === format);
    return edition ? discountedPrice(edition.priceCents, edition.discountPercent ?? 0) : null;
  };
  if (input.kind === 'book') {
    const cheapest = cheapestEdition(input.editions!);
    priceCents = cheapest.priceCents;
    discountPercent = cheapest.discountPercent ?? 0;
  }
  return {
    kind: input.kind,
    section: input.section,
    title: input.title.trim(),
    description: input.description,
    language: input.language,
    categoryId: category.id,
    subcategoryId: subcategory?.id ?? null,
    authorId: input.authorId,
    authorName,
    categoryNames: [category, ...(subcategory ? [subcategory] : [])]
      .map((c) => `${c.nameFr} ${c.nameEn}`)
      .join(' '),
    coverKey: input.cover.key,
    coverWidth: input.cover.width,
    coverHeight: input.cover.height,
    priceCents,
    discountPercent,
    minPriceCents: discountedPrice(priceCents, discountPercent),
    paperPriceCents: input.kind === 'book' ? editionPrice('paper') : null,
    ebookPriceCents: input.kind === 'book' ? editionPrice('ebook') : null,
    fileType: input.kind === 'file' ? input.file!.fileType : null,
    sampleKey: input.sampleKey ?? null,
    licence: input.licence ?? null,
    publisher: input.kind === 'book' ? input.publisher?.trim() || null : null,
    publicationDate: input.kind === 'book' ? (input.publicationDate ?? null) : null,
    sheets: input.kind === 'file' ? (input.sheets ?? null) : null,
    slides: input.kind === 'file' ? (input.slides ?? null) : null,
    archiveParts: input.kind === 'file' ? (input.archiveParts ?? []) : [],
    software: input.kind === 'file' ? (input.software ?? []) : [],
    usageLicence: input.section === 'professional' ? (input.usage ?? 'personal') : null,
    revisedAt: input.revisedAt ?? new Date(),
  };
}

export const editionValues = (productId: number, e: NewEdition) => ({
  productId,
  format: e.format,
  priceCents: e.priceCents,
  discountPercent: e.discountPercent ?? 0,
  isbn: e.isbn ?? null,
  pages: e.pages ?? null,
  stock: e.format === 'paper' ? (e.stock ?? 0) : null,
});

export const assetValues = (f: NewFileAsset) => ({
  fileType: f.fileType,
  storageKey: f.storageKey,
  originalName: f.originalName,
  mime: f.mime,
  sizeBytes: f.sizeBytes,
  sha256: f.sha256,
  pages: f.pages ?? null,
  macros: f.macros ?? false,
  accessibility: f.accessibility ?? null,
});
