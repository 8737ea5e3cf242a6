import { z } from 'zod';
import { Language } from './accounts.ts';
import {
  archiveParts,
  assetFileTypes,
  ebookFileFormats,
  editionFormats,
  fileTypes,
  licences,
  MAX_PAGE,
  productKinds,
  productStatuses,
  sections,
  softwareApps,
  sortOrders,
  usageLicences,
} from './values.ts';

/**
 * Catalogue contracts (SPEC §7 Files and Books). Money in integer cents; ids are integers (they appear in
 * /product/{id} and /prodoc/{id}). Names of categories are bilingual objects; product texts are in the
 * product's own content language.
 */

export const Section = z.enum(sections);
export type Section = z.infer<typeof Section>;

export const FileType = z.enum(fileTypes);
export type FileType = z.infer<typeof FileType>;

/** A stored file's type: a file product's, or `epub` for a book's EPUB ebook. */
export const AssetFileType = z.enum(assetFileTypes);
export type AssetFileType = z.infer<typeof AssetFileType>;

export const EditionFormat = z.enum(editionFormats);
export type EditionFormat = z.infer<typeof EditionFormat>;

export const ProductKind = z.enum(productKinds);
export type ProductKind = z.infer<typeof ProductKind>;

export const ProductStatus = z.enum(productStatuses);
export type ProductStatus = z.infer<typeof ProductStatus>;

export const SortOrder = z.enum(sortOrders);
export type SortOrder = z.infer<typeof SortOrder>;

export const LocalizedText = z.object({ fr: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof LocalizedText>;

export const Id = z.coerce
  .number({ error: 'id.invalid' })
  .int('id.invalid')
  .positive('id.invalid')
  .max(2_147_483_647, 'id.invalid');

export const Category = z.object({
  id: z.number(),
  section: Section,
  /** null for a top-level category; the parent's id for a subcategory. */
  parentId: z.number().nullable(),
  slug: z.string(),
  name: LocalizedText,
});
export type Category = z.infer<typeof Category>;

export const CategoryListQuery = z.object({ section: Section.optional() });
export const SubcategoryListQuery = z.object({ section: Section.optional(), category: Id.optional() });
export const CategoryList = z.array(Category);

/** A price as shown: the list price, the discount and the price to pay (equal to the list price without discount). */
export const Price = z.object({
  priceCents: z.number().int(),
  discountPercent: z.number().int(),
  finalPriceCents: z.number().int(),
});
export type Price = z.infer<typeof Price>;

export const AuthorRef = z.object({ id: z.string(), name: z.string() });
export const CategoryRef = z.object({ id: z.number(), slug: z.string(), name: LocalizedText });

/** The approved customer reviews of a product: how many, and the mean of their stars to one decimal. */
export const RatingSummary = z.object({ count: z.number().int(), average: z.number() });
export type RatingSummary = z.infer<typeof RatingSummary>;

/** What a list, a card or a dashboard row shows. For books the price is the cheapest edition's. */
export const ProductSummary = z.object({
  id: z.number(),
  kind: ProductKind,
  section: Section,
  title: z.string(),
  /** Short plain-text excerpt of the description. */
  excerpt: z.string(),
  author: AuthorRef,
  category: CategoryRef,
  subcategory: CategoryRef.nullable(),
  /** Language of the content. */
  language: Language,
  /** URL of the cover image (books and files alike). */
  coverUrl: z.string(),
  price: Price,
  free: z.boolean(),
  /** Files only. */
  fileType: FileType.nullable(),
  /** Books only: the formats on sale. */
  formats: z.array(EditionFormat),
  publishedAt: z.string(),
  /** The approved customer reviews' average and count; null before the first one. */
  rating: RatingSummary.nullable(),
  /** Free documents only: how many users downloaded it (each counted once); null for what is sold. */
  downloads: z.number().int().nullable(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const SoftwareApp = z.enum(softwareApps);
export type SoftwareApp = z.infer<typeof SoftwareApp>;
export const ArchivePart = z.enum(archiveParts);
export type ArchivePart = z.infer<typeof ArchivePart>;
export const UsageLicence = z.enum(usageLicences);
export type UsageLicence = z.infer<typeof UsageLicence>;
export const EbookFileFormat = z.enum(ebookFileFormats);
export type EbookFileFormat = z.infer<typeof EbookFileFormat>;

/** Software a file needs: the application, and the oldest version known to work (null: any version). */
export const SoftwareRequirement = z.object({ app: SoftwareApp, version: z.string().nullable() });
export type SoftwareRequirement = z.infer<typeof SoftwareRequirement>;

/** The same work in the other language, offered as "Also in English" / "Aussi en français" (published only). */
export const ProductTwin = z.object({
  id: z.number(),
  kind: ProductKind,
  title: z.string(),
  language: Language,
});
export type ProductTwin = z.infer<typeof ProductTwin>;

export const Edition = z.object({
  format: EditionFormat,
  price: Price,
  isbn: z.string().nullable(),
  pages: z.number().int().nullable(),
  /** Paper only: copies in stock (null for ebooks). */
  stock: z.number().int().nullable(),
  inStock: z.boolean(),
  /**
   * Ebooks: the file bought (PDF or EPUB), never locked by DRM; a PDF carries its buyer's name when the shop
   * stamps them. Null for paper.
   */
  ebookFile: z
    .object({ format: EbookFileFormat, drmFree: z.literal(true), watermarked: z.boolean() })
    .nullable(),
});
export type Edition = z.infer<typeof Edition>;

/**
 * An EPUB's accessibility as its package document states it (schema.org properties, EPUB Accessibility 1.1), the
 * metadata the European Accessibility Act asks a shop to show: values as written, the page words them.
 */
export const EbookAccessibility = z.object({
  /** schema:accessMode: `textual`, `visual`, `auditory`… */
  accessModes: z.array(z.string()),
  /** schema:accessModeSufficient: each a comma-separated set of modes (`textual`, `textual,visual`). */
  accessModesSufficient: z.array(z.string()),
  /** schema:accessibilityFeature: `alternativeText`, `displayTransformability`, `tableOfContents`… */
  features: z.array(z.string()),
  /** schema:accessibilityHazard: `none`, `noFlashingHazard`, `flashing`… */
  hazards: z.array(z.string()),
  /** schema:accessibilitySummary, in the publisher's words. */
  summary: z.string().nullable(),
  /** dcterms:conformsTo: the standard the EPUB claims (EPUB Accessibility 1.1 - WCAG 2.1 Level AA…). */
  conformsTo: z.string().nullable(),
});
export type EbookAccessibility = z.infer<typeof EbookAccessibility>;

export const BookDetail = ProductSummary.extend({
  kind: z.literal('book'),
  description: z.string(),
  editions: z.array(Edition),
  authorBio: z.string().nullable(),
  related: z.array(ProductSummary),
  /** The ebook's first pages as a PDF preview (paid PDFs, cut at publication). */
  sampleUrl: z.string().nullable(),
  /** Who published the book, and when (YYYY-MM-DD): the book's own date, not when the shop listed it. */
  publisher: z.string().nullable(),
  publicationDate: z.string().nullable(),
  twin: ProductTwin.nullable(),
  /** The EPUB ebook's accessibility metadata (null when the ebook is no EPUB, or there is no ebook). */
  accessibility: EbookAccessibility.nullable(),
});
export type BookDetail = z.infer<typeof BookDetail>;

export const FileDetail = ProductSummary.extend({
  kind: z.literal('file'),
  description: z.string(),
  fileType: FileType,
  /** File name extension of the downloadable asset, without the dot (xlsx, docx, pdf, zip …). */
  extension: z.string(),
  sizeBytes: z.number().int(),
  pages: z.number().int().nullable(),
  related: z.array(ProductSummary),
  /** A paid PDF's first pages as a preview, cut at publication. */
  sampleUrl: z.string().nullable(),
  /** Academic documents: the licence the author chose. */
  licence: z.enum(licences).nullable(),
  /** Professional files: what the buyer may do with it (personal use, or commercial use for clients too). */
  usage: UsageLicence.nullable(),
  /** What is inside: a workbook's sheets, a presentation's slides (pages above), a ZIP archive's parts. */
  sheets: z.number().int().nullable(),
  slides: z.number().int().nullable(),
  archiveParts: z.array(ArchivePart),
  /** What opens it; empty when the author did not say. */
  software: z.array(SoftwareRequirement),
  /** The file holds macros (a VBA project, found by the upload's inspection). */
  macros: z.boolean(),
  /** When the file was last replaced by a new version (its first publication otherwise). */
  updatedAt: z.string(),
  twin: ProductTwin.nullable(),
});
export type FileDetail = z.infer<typeof FileDetail>;

const PRICE_MAX_CENTS = 1_000_000_00;
const Cents = z.coerce
  .number({ error: 'price.invalid' })
  .int('price.invalid')
  .min(0, 'price.invalid')
  .max(PRICE_MAX_CENTS, 'price.invalid');

/** Filter data of the list calls (POST body). Every field is optional; unknown fields are rejected. */
export const CatalogFilter = z
  .strictObject({
    search: z.string().trim().max(100, 'search.tooLong').optional(),
    category: Id.optional(),
    subcategory: Id.optional(),
    fileType: z.array(FileType).max(fileTypes.length).optional(),
    edition: EditionFormat.optional(),
    minPrice: Cents.optional(),
    maxPrice: Cents.optional(),
    language: Language.optional(),
    sort: SortOrder.optional(),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: 'price.range',
    path: ['maxPrice'],
  });
export type CatalogFilter = z.input<typeof CatalogFilter>;

export const PageQuery = z.object({
  page: z.coerce
    .number({ error: 'page.invalid' })
    .int('page.invalid')
    .min(1, 'page.invalid')
    .max(MAX_PAGE, 'page.invalid')
    .default(1),
});

export const ProductPage = z.object({
  results: z.array(ProductSummary),
  /** Number of matching products (exact below a cap; see the API docs). */
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  /** A search whose words matched nothing: the text whose results these are (its typos replaced by title words). */
  correctedSearch: z.string().optional(),
});
export type ProductPage = z.infer<typeof ProductPage>;

/** GET /api/search/suggestions: close spellings of a search text (asked when it finds nothing anywhere). */
export const SuggestionsQuery = z.object({
  search: z.string({ error: 'search.required' }).trim().min(1, 'search.required').max(100, 'search.tooLong'),
});
export const SearchSuggestions = z.object({
  /** Spellings of the text with its unknown words replaced by title words, each finding something; closest first. */
  suggestions: z.array(z.string()),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;

/** Home rows (GET /api/books/dashbord for books, GET /api/category/dashbord for files). */
export const Dashboard = z.object({
  new: z.array(ProductSummary),
  popular: z.array(ProductSummary),
  discounted: z.array(ProductSummary),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const IdParams = z.object({ id: Id });

/** GET /api/books/type/file/{type}: where to download a document (the author contract is `contrat`). */
export const DocumentType = z.enum(['contrat']);
export const DocumentLink = z.object({ file: z.string() });

export const ContactRequest = z.object({
  name: z.string({ error: 'name.required' }).trim().min(1, 'name.required').max(120, 'name.tooLong'),
  email: z
    .string({ error: 'email.required' })
    .trim()
    .min(1, 'email.required')
    .max(254, 'email.invalid')
    .pipe(z.email({ error: 'email.invalid' })),
  subject: z
    .string({ error: 'subject.required' })
    .trim()
    .min(1, 'subject.required')
    .max(160, 'subject.tooLong'),
  message: z
    .string({ error: 'message.required' })
    .trim()
    .min(10, 'message.tooShort')
    .max(5000, 'message.tooLong'),
});
export type ContactRequest = z.input<typeof ContactRequest>;
