import { diffWords } from 'diff';
import type { SubmissionFile, SubmissionValues, UploadSlot } from '@hls/contract';

/** The fields two versions are compared on, in the order the review shows them. */
export const comparedFields = [
  'title',
  'language',
  'category',
  'subcategory',
  'paperPriceCents',
  'ebookPriceCents',
  'priceCents',
  'fileType',
  'isbn',
  'pages',
  'publisher',
  'publicationDate',
  'sheets',
  'slides',
  'archiveParts',
  'software',
  'usage',
  'twinProductId',
  'rights',
  'licence',
  'confidential',
  'file:cover',
  'file:manuscript',
  'file:file',
] as const;
export type ComparedField = (typeof comparedFields)[number];

/**
 * The `editorial` key of a field's label. A key holding ":" would be read by i18next as a namespace
 * ("file:manuscript" → the raw "manuscript"), so the file slots' labels are keyed `file_<slot>`.
 */
export function fieldNameKey(field: ComparedField | 'description'): string {
  return `fieldNames.${field.replace(':', '_')}`;
}

const fileOf = (values: SubmissionValues, slot: UploadSlot): SubmissionFile | undefined =>
  values.files.find((file) => file.slot === slot);

/** A comparable key for one field of a version's values (files compare by their content hash). */
function keyOf(values: SubmissionValues, field: ComparedField): string | number | boolean | null {
  switch (field) {
    case 'category':
      return values.categoryId;
    case 'subcategory':
      return values.subcategoryId;
    case 'file:cover':
    case 'file:manuscript':
    case 'file:file':
      return fileOf(values, field.slice(5) as UploadSlot)?.sha256 ?? null;
    case 'archiveParts':
    case 'software':
      return values[field].length ? JSON.stringify(values[field]) : null;
    default:
      return values[field];
  }
}

/** The fields (besides the description, shown as a word diff) whose value differs between two versions. */
export function changedFields(before: SubmissionValues, after: SubmissionValues): ComparedField[] {
  return comparedFields.filter((field) => keyOf(before, field) !== keyOf(after, field));
}

/** The file a version holds in the slot a `file:*` field names. */
export function fileOfField(values: SubmissionValues, field: ComparedField): SubmissionFile | undefined {
  return field.startsWith('file:') ? fileOf(values, field.slice(5) as UploadSlot) : undefined;
}

export type DiffPart = { kind: 'same' | 'inserted' | 'deleted'; text: string };

/** The description's changes word by word (whitespace kept with the words, so the text reads as written). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((change) => ({
    kind: change.added ? 'inserted' : change.removed ? 'deleted' : 'same',
    text: change.value,
  }));
}
