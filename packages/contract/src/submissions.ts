import { z } from 'zod';
import { Language } from './accounts.ts';
import {
  ArchivePart,
  EbookAccessibility,
  FileType,
  LocalizedText,
  ProductKind,
  ProductStatus,
  Section,
  SoftwareRequirement,
  UsageLicence,
} from './catalog.ts';
import { Licence, PublishingRight, SubmissionEventKind, UploadSlot } from './authoring.ts';

/**
 * A submission as the author and editors read it (SPEC §4, §6; DESIGN §3): its uploads, the values of each version
 * and of the working copy, its history of events, and the author's list of products. What a proposal is made of
 * is in authoring.ts.
 */

/**
 * One finding of a check: epubcheck's `fatal`, `error` (both block publication), `warning`, `info`; Ace's
 * accessibility issues by impact (`critical`, `serious`, `moderate`, `minor`). `code` is the tool's (RSC-005,
 * color-contrast); `location` the file (and line) inside the EPUB.
 */
export const EpubFinding = z.object({
  level: z.enum(['fatal', 'error', 'warning', 'info', 'critical', 'serious', 'moderate', 'minor']),
  code: z.string(),
  message: z.string(),
  location: z.string().nullable(),
});
export type EpubFinding = z.infer<typeof EpubFinding>;

/**
 * What one tool found: `done` (its findings, at most 100 kept, and their full counts), `unavailable` (the tool
 * is not installed where the check ran) or `failed` (it stopped without an answer); `reason` says why.
 */
export const EpubToolResult = z.object({
  state: z.enum(['done', 'unavailable', 'failed']),
  version: z.string().nullable(),
  reason: z.string().nullable(),
  /** epubcheck: fatal errors and errors; Ace: critical and serious issues. */
  errors: z.number().int(),
  /** epubcheck: warnings; Ace: moderate and minor issues. */
  warnings: z.number().int(),
  findings: z.array(EpubFinding),
});
export type EpubToolResult = z.infer<typeof EpubToolResult>;

/**
 * The check of an uploaded EPUB, made by a job after the upload: `pending` until it ran. `blocking`: epubcheck
 * found errors, and the EPUB cannot be published as it is. `metadata`: what its package document says.
 */
export const EpubReport = z.object({
  status: z.enum(['pending', 'done']),
  checkedAt: z.string().nullable(),
  blocking: z.boolean(),
  epubcheck: EpubToolResult.nullable(),
  ace: EpubToolResult.nullable(),
  metadata: z
    .object({
      version: z.string().nullable(),
      title: z.string().nullable(),
      language: z.string().nullable(),
      accessibility: EbookAccessibility,
    })
    .nullable(),
});
export type EpubReport = z.infer<typeof EpubReport>;

/** A stored upload: never the storage key; `url` downloads it (the owner author and editors only). */
export const SubmissionFile = z.object({
  id: z.string(),
  slot: UploadSlot,
  /** The name the author's file had (metadata only: stored names are generated). */
  originalName: z.string(),
  mime: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  /** Covers: the re-encoded image's size. PDFs: pages. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  /** What editors should look at: `macros` (an Office file with a VBA project), `external_links`. */
  flags: z.array(z.enum(['macros', 'external_links'])),
  /** EPUBs: the report of their check (epubcheck, Ace, metadata); null for other files. */
  epubReport: EpubReport.nullable(),
  url: z.string(),
  uploadedAt: z.string(),
});
export type SubmissionFile = z.infer<typeof SubmissionFile>;

/** The values of a version (or of the working copy): every field as saved, null when not given. */
export const SubmissionValues = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  language: Language.nullable(),
  categoryId: z.number().nullable(),
  subcategoryId: z.number().nullable(),
  /** Names of the category and subcategory, for display. */
  categoryName: LocalizedText.nullable(),
  subcategoryName: LocalizedText.nullable(),
  paperPriceCents: z.number().int().nullable(),
  ebookPriceCents: z.number().int().nullable(),
  isbn: z.string().nullable(),
  pages: z.number().int().nullable(),
  fileType: FileType.nullable(),
  priceCents: z.number().int().nullable(),
  rights: PublishingRight.nullable(),
  licence: Licence.nullable(),
  confidential: z.boolean(),
  publisher: z.string().nullable(),
  publicationDate: z.string().nullable(),
  sheets: z.number().int().nullable(),
  slides: z.number().int().nullable(),
  archiveParts: z.array(ArchivePart),
  software: z.array(SoftwareRequirement),
  usage: UsageLicence.nullable(),
  twinProductId: z.number().int().nullable(),
  files: z.array(SubmissionFile),
});
export type SubmissionValues = z.infer<typeof SubmissionValues>;

export const SubmissionVersion = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  /** The author's note with a resubmission. */
  note: z.string().nullable(),
  values: SubmissionValues,
});
export type SubmissionVersion = z.infer<typeof SubmissionVersion>;

export const SubmissionEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: SubmissionEventKind,
  /** The version it concerns (decisions: the version decided on). */
  version: z.number().int().nullable(),
  /** The editor's comment to the author, or the author's reason. */
  comment: z.string().nullable(),
  actor: z.enum(['author', 'editor', 'system']),
  /** The editor's public name (never their e-mail); null for the author and the system. */
  actorName: z.string().nullable(),
});
export type SubmissionEvent = z.infer<typeof SubmissionEvent>;

/** The last decision an editor made, as the author's list shows it. */
export const LastDecision = z.object({
  kind: z.enum(['published', 'changes_requested', 'rejected', 'unpublished', 'report_upheld']),
  comment: z.string().nullable(),
  at: z.string(),
});

/** One line of "My products" (GET /api/books/author, GET /api/category/author). */
export const AuthorProduct = z.object({
  id: z.string(),
  kind: ProductKind,
  section: Section,
  title: z.string(),
  /** The content's language, once chosen. */
  language: Language.nullable(),
  /** The cover's URL (the uploaded cover, or the published product's), null for a draft without one. */
  coverUrl: z.string().nullable(),
  status: ProductStatus,
  /** The catalogue product once published (its page: /product/{id} or /prodoc/{id}). */
  productId: z.number().int().nullable(),
  versions: z.number().int(),
  lastDecision: LastDecision.nullable(),
  /** Copies sold (paid order lines, less refunded ones); downloads for free academic files. */
  salesCount: z.number().int(),
  unpublishRequested: z.boolean(),
  updatedAt: z.string(),
});
export type AuthorProduct = z.infer<typeof AuthorProduct>;
export const AuthorProductList = z.object({ results: z.array(AuthorProduct) });
export type AuthorProductList = z.infer<typeof AuthorProductList>;

/** What the author may do now. */
export const SubmissionActions = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  resubmit: z.boolean(),
  withdraw: z.boolean(),
  requestUnpublish: z.boolean(),
});

/** GET /api/submissions/{id} (the owner author) — and, with `review`, GET /api/editorial/submissions/{id}. */
export const Submission = AuthorProduct.extend({
  /** The working copy: what the forms edit (equal to the last version when nothing changed since). */
  working: SubmissionValues,
  /** Every version, newest first (`versions` above is their count). */
  history: z.array(SubmissionVersion),
  /** Oldest first. */
  events: z.array(SubmissionEvent),
  actions: SubmissionActions,
  createdAt: z.string(),
});
export type Submission = z.infer<typeof Submission>;
