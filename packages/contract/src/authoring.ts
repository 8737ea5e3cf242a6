import { z } from 'zod';
import { Language } from './accounts.ts';
import {
  ArchivePart,
  EditionFormat,
  FileType,
  Id,
  ProductKind,
  Section,
  SoftwareApp,
  UsageLicence,
} from './catalog.ts';
import { booleanField, optionalOf } from './form-fields.ts';
import {
  archiveParts,
  COMMENT_MAX,
  CONTENT_COUNT_MAX,
  DESCRIPTION_MAX,
  licences,
  PUBLISHER_MAX,
  SOFTWARE_MAX,
  SOFTWARE_VERSION_MAX,
  publishingRights,
  reportReasons,
  reportStatuses,
  reviewDecisions,
  submissionEventKinds,
  TITLE_MAX,
  uploadSlots,
  userStatuses,
} from './values.ts';

/**
 * Authors and editorial review (SPEC §1, §2 publish, §4, §6, §7 Files and Books; DESIGN §3, §5).
 *
 * A submission is an author's proposal of a book or a file. It holds a working copy (the fields and uploads being
 * edited: the draft, or the next version while changes are requested) and its versions: each submit or resubmit
 * freezes the working copy as version n (fields and files), never edited again. Editors claim a submission, then
 * publish it (a catalogue product is created from the last version, or updated on a later publication), ask for
 * changes or reject it, always with a comment the author sees and receives by e-mail.
 *
 * Statuses: draft → submitted → in_review → published | changes_requested (→ submitted again) | rejected;
 * archived = withdrawn before publication, or unpublished (at the author's request, by an editor, or by an upheld
 * report). Submissions have UUIDs; money is integer cents.
 *
 * Here: what a proposal is made of, the author's requests and the price calculator; a submission as it is read in
 * submissions.ts; reports, the editorial queue, decisions and users in editorial.ts.
 */

export const Licence = z.enum(licences);
export type Licence = z.infer<typeof Licence>;
export const PublishingRight = z.enum(publishingRights);
export type PublishingRight = z.infer<typeof PublishingRight>;
export const ReportReason = z.enum(reportReasons);
export type ReportReason = z.infer<typeof ReportReason>;
export const ReportStatus = z.enum(reportStatuses);
export type ReportStatus = z.infer<typeof ReportStatus>;
export const ReviewDecision = z.enum(reviewDecisions);
export type ReviewDecision = z.infer<typeof ReviewDecision>;
export const SubmissionEventKind = z.enum(submissionEventKinds);
export type SubmissionEventKind = z.infer<typeof SubmissionEventKind>;
export const UploadSlot = z.enum(uploadSlots);
export type UploadSlot = z.infer<typeof UploadSlot>;
export const UserStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof UserStatus>;

const SubmissionUuid = z.uuid({ error: 'id.invalid' });
export const SubmissionParams = z.object({ id: SubmissionUuid });
export const SubmissionFileParams = z.object({ id: SubmissionUuid, fileId: SubmissionUuid });
export const SubmissionSlotParams = z.object({ id: SubmissionUuid, slot: UploadSlot });

export const SubmissionTitle = z
  .string({ error: 'title.required' })
  .trim()
  .min(1, 'title.required')
  .max(TITLE_MAX, 'title.tooLong');
export const SubmissionDescription = z
  .string({ error: 'description.required' })
  .trim()
  .min(20, 'description.tooShort')
  .max(DESCRIPTION_MAX, 'description.tooLong');
/** A proposed or final price: 1 cent to 100,000 EUR (academic files are free and carry no price). */
export const ProposedPrice = z.coerce
  .number({ error: 'price.invalid' })
  .int('price.invalid')
  .min(1, 'price.invalid')
  .max(10_000_000, 'price.tooHigh');
export const Discount = z.coerce
  .number({ error: 'discount.invalid' })
  .int('discount.invalid')
  .min(0, 'discount.invalid')
  .max(90, 'discount.invalid');
/** ISBN-10 or ISBN-13, hyphens and spaces allowed; its check digit is verified by the server (`isbn.invalid`). */
export const Isbn = z
  .string()
  .trim()
  .regex(/^(?:\d[\d -]{8,15}[\dXx])$/, 'isbn.invalid');
export const Pages = z.coerce
  .number({ error: 'pages.invalid' })
  .int('pages.invalid')
  .min(1, 'pages.invalid')
  .max(20_000, 'pages.invalid');
export const Publisher = z
  .string({ error: 'publisher.required' })
  .trim()
  .min(1, 'publisher.required')
  .max(PUBLISHER_MAX, 'publisher.tooLong');
/** Today as YYYY-MM-DD, a day ahead of UTC so a date typed east of Greenwich is never "in the future". */
const latestDate = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
/** A book's publication date (YYYY-MM-DD): a real date, not in the future (the shop sells no pre-orders). */
export const PublicationDate = z.iso
  .date({ error: 'date.invalid' })
  .refine((date) => date >= '1450-01-01', 'date.invalid')
  .refine((date) => date <= latestDate(), 'date.future');
/** Sheets of a workbook or slides of a presentation. */
export const ContentCount = z.coerce
  .number({ error: 'count.invalid' })
  .int('count.invalid')
  .min(1, 'count.invalid')
  .max(CONTENT_COUNT_MAX, 'count.invalid');

/** A multipart form sends lists as JSON text; JSON bodies send them as they are. */
const fromJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
/** The software a file needs, each application once: `[{ "app": "excel", "version": "2016" }]`. */
export const SoftwareList = z.preprocess(
  fromJsonText,
  z
    .array(
      z.object({
        app: SoftwareApp,
        version: z
          .string()
          .trim()
          .max(SOFTWARE_VERSION_MAX, 'software.invalid')
          .regex(/^[\p{L}\p{N} .+/-]*$/u, 'software.invalid')
          .nullish()
          .transform((version) => version || null),
      }),
      { error: 'software.invalid' },
    )
    .max(SOFTWARE_MAX, 'software.tooMany')
    .refine((list) => new Set(list.map((s) => s.app)).size === list.length, 'software.duplicate'),
);
/** What a ZIP archive holds, each part once. */
export const ArchivePartList = z.preprocess(
  fromJsonText,
  z
    .array(ArchivePart, { error: 'archiveParts.invalid' })
    .max(archiveParts.length, 'archiveParts.invalid')
    .refine((list) => new Set(list).size === list.length, 'archiveParts.invalid'),
);

/**
 * The fields of a proposal. Every field is optional in a draft (`SubmissionDraftBody`); submitting checks the
 * whole (`400` with `fields` naming each missing or wrong one: `title.required`, `category.required`,
 * `category.invalid` (not of this section), `subcategory.invalid`, `editions.required` (a book needs a paper
 * and/or an ebook price), `price.required`, `price.notFree` (academic files are free: no price),
 * `fileType.required`, `rights.required` / `licence.required` (academic files), `upload.required` (the
 * manuscript or the file; a cover is optional: one is drawn when none is given), `isbn.invalid`).
 */
const fieldSchemas = {
  title: SubmissionTitle,
  description: SubmissionDescription,
  /** The content's language. */
  language: Language,
  categoryId: Id,
  subcategoryId: Id,
  /** Books: the proposed price of each edition offered (paper and/or ebook). */
  paperPriceCents: ProposedPrice,
  ebookPriceCents: ProposedPrice,
  isbn: Isbn,
  pages: Pages,
  /** Files: the type declared (the upload's content must match it) and the price (none for academic files). */
  fileType: FileType,
  priceCents: ProposedPrice,
  /** Academic files: the right to publish, the licence, and whether the host company asked for confidentiality. */
  rights: PublishingRight,
  licence: Licence,
  confidential: booleanField,
  /** Books: who publishes it and when. */
  publisher: Publisher,
  publicationDate: PublicationDate,
  /** Files: what is inside, what opens it; professional files: personal or commercial use (personal if unsaid). */
  sheets: ContentCount,
  slides: ContentCount,
  archiveParts: ArchivePartList,
  software: SoftwareList,
  usage: UsageLicence,
  /** The author's own published product of the same kind in the other language ("Also in English"). */
  twinProductId: Id,
};
export const SubmissionFields = z.object({
  title: optionalOf(fieldSchemas.title),
  description: optionalOf(fieldSchemas.description),
  language: optionalOf(fieldSchemas.language),
  categoryId: optionalOf(fieldSchemas.categoryId),
  subcategoryId: optionalOf(fieldSchemas.subcategoryId),
  paperPriceCents: optionalOf(fieldSchemas.paperPriceCents),
  ebookPriceCents: optionalOf(fieldSchemas.ebookPriceCents),
  isbn: optionalOf(fieldSchemas.isbn),
  pages: optionalOf(fieldSchemas.pages),
  fileType: optionalOf(fieldSchemas.fileType),
  priceCents: optionalOf(fieldSchemas.priceCents),
  rights: optionalOf(fieldSchemas.rights),
  licence: optionalOf(fieldSchemas.licence),
  confidential: optionalOf(fieldSchemas.confidential),
  publisher: optionalOf(fieldSchemas.publisher),
  publicationDate: optionalOf(fieldSchemas.publicationDate),
  sheets: optionalOf(fieldSchemas.sheets),
  slides: optionalOf(fieldSchemas.slides),
  archiveParts: optionalOf(fieldSchemas.archiveParts),
  software: optionalOf(fieldSchemas.software),
  usage: optionalOf(fieldSchemas.usage),
  twinProductId: optionalOf(fieldSchemas.twinProductId),
});
export type SubmissionFields = z.input<typeof SubmissionFields>;

/** POST /api/submissions: a new draft; the kind and section are fixed from then on. */
export const CreateDraftBody = SubmissionFields.extend({
  kind: ProductKind,
  /** Files: academic or professional; books: book (the default for books). */
  section: Section.optional(),
});
export type CreateDraftBody = z.input<typeof CreateDraftBody>;

/** A field a PATCH may clear: `null` (or '') clears it, an absent field is kept. */
const clearableOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());

/**
 * PATCH /api/submissions/{id}: saves fields of the working copy (draft, or changes requested): a field given is
 * saved, a field given as null is cleared (an edition unticked, a field emptied), an absent field is kept.
 */
export const SubmissionDraftBody = z.object({
  title: clearableOf(fieldSchemas.title),
  description: clearableOf(fieldSchemas.description),
  language: clearableOf(fieldSchemas.language),
  categoryId: clearableOf(fieldSchemas.categoryId),
  subcategoryId: clearableOf(fieldSchemas.subcategoryId),
  paperPriceCents: clearableOf(fieldSchemas.paperPriceCents),
  ebookPriceCents: clearableOf(fieldSchemas.ebookPriceCents),
  isbn: clearableOf(fieldSchemas.isbn),
  pages: clearableOf(fieldSchemas.pages),
  fileType: clearableOf(fieldSchemas.fileType),
  priceCents: clearableOf(fieldSchemas.priceCents),
  rights: clearableOf(fieldSchemas.rights),
  licence: clearableOf(fieldSchemas.licence),
  confidential: clearableOf(fieldSchemas.confidential),
  publisher: clearableOf(fieldSchemas.publisher),
  publicationDate: clearableOf(fieldSchemas.publicationDate),
  sheets: clearableOf(fieldSchemas.sheets),
  slides: clearableOf(fieldSchemas.slides),
  archiveParts: clearableOf(fieldSchemas.archiveParts),
  software: clearableOf(fieldSchemas.software),
  usage: clearableOf(fieldSchemas.usage),
  twinProductId: clearableOf(fieldSchemas.twinProductId),
});
export type SubmissionDraftBody = z.input<typeof SubmissionDraftBody>;

/**
 * POST /api/books/add and POST /api/category/file/create (SPEC §7), multipart/form-data: the fields above as text
 * parts, and the uploads as file parts (`cover`, and `manuscript` for a book or `file` for a file). With `draftId`,
 * the draft's saved fields and uploads are used where the request gives none, and the draft is what is submitted.
 * Answers 201 with the submission (status `submitted`, version 1).
 */
export const ProposeBookBody = SubmissionFields.extend({ draftId: optionalOf(SubmissionUuid) });
export type ProposeBookBody = z.input<typeof ProposeBookBody>;
export const ProposeFileBody = SubmissionFields.extend({
  draftId: optionalOf(SubmissionUuid),
  /** academic or professional (a draft's section when `draftId` is given). */
  section: optionalOf(z.enum(['academic', 'professional'], { error: 'section.invalid' })),
});
export type ProposeFileBody = z.input<typeof ProposeFileBody>;

/** POST /api/submissions/{id}/resubmit: the working copy becomes the next version (changes requested only). */
export const ResubmitBody = z.object({
  note: optionalOf(z.string().trim().max(COMMENT_MAX, 'comment.tooLong')),
});
/** POST /api/submissions/{id}/withdraw (not published) and /unpublish-request (published). */
export const AuthorRequestBody = z.object({
  reason: optionalOf(z.string().trim().max(COMMENT_MAX, 'comment.tooLong')),
});

/* ---------------------------------------------------------------- price and royalty calculator */

/** POST /api/books/price/book: for a proposed price of an edition. */
export const BookPriceBody = z.object({
  format: EditionFormat,
  priceCents: ProposedPrice,
  discountPercent: Discount.default(0),
});
/** POST /api/books/price/file: for a proposed price of a file (academic files are free: royalty 0). */
export const FilePriceBody = z.object({
  section: z.enum(['academic', 'professional'], { error: 'section.invalid' }),
  priceCents: z.coerce
    .number({ error: 'price.invalid' })
    .int('price.invalid')
    .min(0, 'price.invalid')
    .max(10_000_000, 'price.tooHigh'),
  discountPercent: Discount.default(0),
});
export const PriceQuote = z.object({
  priceCents: z.number().int(),
  discountPercent: z.number().int(),
  /** What the customer pays: the price after discount (SPEC §5), VAT included where configured. */
  customerPriceCents: z.number().int(),
  /** The VAT in it (0 without a configured rate) and the net sale the royalty is computed on. */
  vatCents: z.number().int(),
  netCents: z.number().int(),
  /** The current rate for the format, in basis points (2500 = 25 %), and the royalty per sale, rounded once. */
  royaltyFormat: z.enum(['paper', 'ebook', 'professional_file']),
  royaltyRateBp: z.number().int(),
  royaltyCents: z.number().int(),
});
export type PriceQuote = z.infer<typeof PriceQuote>;
