import { and, eq } from 'drizzle-orm';
import { FileType, type Category, type ProductKind, type Section, type UploadSlot } from '@hls/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { ReceivedFile } from '../uploads/index.ts';
import { submissions, type StoredFields } from './submissions.tables.ts';
import { EDITABLE_STATUSES, type SubmissionFileRow, type SubmissionRow } from './submissions.view.ts';

/**
 * The rules of an author's proposal, shared by the author's use cases: which fields each section carries, what
 * must be given before it is submitted, the categories, the twin, the ISBN and the declared file type.
 */

export type Fields = StoredFields;
export type Categories = { top: Category[]; sub: Category[] };
export type FieldErrors = Record<string, string>;

export const notFound = () => new AppError('not_found', 'No such submission.');
export const invalidTransition = (message: string) => new AppError('invalid_transition', message);
export const invalid = (fields: FieldErrors, message = 'Some fields are not valid.') =>
  new AppError('validation_failed', message, fields);

/** The working copy is edited only in a draft or after changes were requested. */
export function checkEditable(row: Pick<SubmissionRow, 'status'>) {
  if (!(EDITABLE_STATUSES as readonly string[]).includes(row.status)) {
    throw invalidTransition('This proposal cannot be edited now.');
  }
}

/** The uploads each kind holds: a cover, and the manuscript (books) or the file (files). */
export const slotsOf = (kind: ProductKind): UploadSlot[] =>
  kind === 'book' ? ['cover', 'manuscript'] : ['cover', 'file'];
export const mainSlot = (kind: ProductKind): UploadSlot => (kind === 'book' ? 'manuscript' : 'file');

/** The fields each kind and section carries; others sent are left out (academic prices are refused). */
const fieldsOf: Record<Section, (keyof Fields)[]> = {
  book: [
    'title',
    'description',
    'language',
    'categoryId',
    'subcategoryId',
    'paperPriceCents',
    'ebookPriceCents',
    'isbn',
    'pages',
    'publisher',
    'publicationDate',
    'twinProductId',
  ],
  professional: [
    'title',
    'description',
    'language',
    'categoryId',
    'subcategoryId',
    'fileType',
    'pages',
    'priceCents',
    'sheets',
    'slides',
    'archiveParts',
    'software',
    'usage',
    'twinProductId',
  ],
  academic: [
    'title',
    'description',
    'language',
    'categoryId',
    'subcategoryId',
    'fileType',
    'pages',
    'rights',
    'licence',
    'confidential',
    'sheets',
    'slides',
    'archiveParts',
    'software',
    'twinProductId',
  ],
};

/** The given (not undefined) values of `changes` over `base`, keeping only the fields of the section. */
export function mergeFields(section: Section, base: Fields, changes: Fields): Fields {
  const merged: Record<string, unknown> = {};
  for (const key of fieldsOf[section]) {
    const value = changes[key] !== undefined ? changes[key] : base[key];
    if (value !== undefined && value !== null) merged[key] = value;
  }
  return merged as Fields;
}

/** ISBN-10 or ISBN-13 with a correct check digit (hyphens and spaces ignored). */
export function isValidIsbn(text: string): boolean {
  const isbn = text.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(isbn)) {
    const sum = [...isbn].reduce((total, c, i) => total + (10 - i) * (c === 'X' ? 10 : Number(c)), 0);
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(isbn)) {
    const sum = [...isbn].reduce((total, c, i) => total + Number(c) * (i % 2 ? 3 : 1), 0);
    return sum % 10 === 0;
  }
  return false;
}

/** Field errors of a zod parse, by field name. */
export function zodFields(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

/** Text fields of a multipart form that are not fields of the proposal's section. */
export const formOnly = new Set(['draftId', 'section']);

/** The category must be a top-level one of the section, the subcategory one of its children. */
export function consistencyErrors(
  section: Section,
  fields: Fields,
  cats: Categories,
  errors: FieldErrors = {},
) {
  if (fields.categoryId !== undefined && fields.categoryId !== null) {
    if (!cats.top.some((c) => c.id === fields.categoryId && c.section === section)) {
      errors.categoryId ??= 'category.invalid';
    }
  }
  if (fields.subcategoryId !== undefined && fields.subcategoryId !== null) {
    const valid =
      !errors.categoryId &&
      cats.sub.some((c) => c.id === fields.subcategoryId && c.parentId === fields.categoryId);
    if (!valid) errors.subcategoryId ??= 'subcategory.invalid';
  }
  if (fields.isbn && !isValidIsbn(fields.isbn)) errors.isbn ??= 'isbn.invalid';
  return errors;
}

/**
 * The twin named must be one of the author's own published products of the same kind, in the other language
 * (its proposal says which: no other module's table is read).
 */
export async function twinErrors(
  tx: Tx,
  row: { authorId: string; kind: ProductKind; productId: number | null },
  fields: Fields,
  errors: FieldErrors = {},
) {
  const twinId = fields.twinProductId;
  if (twinId === undefined || twinId === null) return errors;
  const [twin] = await tx
    .select({ kind: submissions.kind, status: submissions.status, working: submissions.working })
    .from(submissions)
    .where(and(eq(submissions.productId, twinId), eq(submissions.authorId, row.authorId)))
    .limit(1);
  const valid =
    twin !== undefined &&
    twinId !== row.productId &&
    twin.status === 'published' &&
    twin.kind === row.kind &&
    (!fields.language || !twin.working.language || twin.working.language !== fields.language);
  if (!valid) errors.twinProductId ??= 'twin.invalid';
  return errors;
}

/** What keeps the working copy from being submitted (every required field, the manuscript or the file). */
export function submitErrors(
  row: Pick<SubmissionRow, 'kind' | 'section'>,
  fields: Fields,
  files: Pick<SubmissionFileRow, 'slot'>[],
  cats: Categories,
  errors: FieldErrors = {},
) {
  consistencyErrors(row.section, fields, cats, errors);
  const missing = (key: keyof Fields, code: string) => {
    if (fields[key] === undefined || fields[key] === null) errors[key] ??= code;
  };
  missing('title', 'title.required');
  missing('description', 'description.required');
  missing('language', 'language.required');
  missing('categoryId', 'category.required');
  if (row.section === 'book') {
    if (!fields.paperPriceCents && !fields.ebookPriceCents) errors.editions ??= 'editions.required';
  } else {
    missing('fileType', 'fileType.required');
    if (row.section === 'professional') missing('priceCents', 'price.required');
    if (row.section === 'academic') {
      missing('rights', 'rights.required');
      missing('licence', 'licence.required');
    }
  }
  const main = mainSlot(row.kind);
  if (!files.some((f) => f.slot === main)) errors[main] ??= 'upload.required';
  return errors;
}

/** Academic files are free: a price sent for one is refused rather than dropped. */
export function priceErrors(section: Section, given: Fields, errors: FieldErrors = {}) {
  if (section === 'academic' && given.priceCents !== undefined && given.priceCents !== null) {
    errors.priceCents = 'price.notFree';
  }
  return errors;
}

export function declaredType(fields: Record<string, string>): FileType | undefined {
  if (fields.fileType === undefined || fields.fileType === '') return undefined;
  const parsed = FileType.safeParse(fields.fileType);
  if (!parsed.success) throw invalid({ fileType: 'fileType.required' });
  return parsed.data;
}

/** The received file of the `file` slot must be of the declared type (the content decides, never the name). */
export function checkFileType(received: ReceivedFile[], fileType: FileType | null | undefined) {
  const file = received.find((f) => f.slot === 'file');
  if (!file) return;
  if (!fileType) throw invalid({ fileType: 'fileType.required' });
  if (file.fileType !== fileType) {
    throw new AppError('upload_rejected', 'The file is not of the declared type.', {
      file: 'upload.typeMismatch',
    });
  }
}

/** A change of the declared type must come with a file of that type (or after the file was removed). */
export function checkTypeChange(
  before: Fields,
  after: Fields,
  files: SubmissionFileRow[],
  received: ReceivedFile[],
) {
  const changed = after.fileType !== undefined && before.fileType !== after.fileType;
  if (changed && files.some((f) => f.slot === 'file') && !received.some((f) => f.slot === 'file')) {
    throw invalid({ fileType: 'upload.typeMismatch' }, 'Upload a file of the new type with it.');
  }
}
