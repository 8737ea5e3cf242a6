import {
  ContentCount,
  Isbn,
  Pages,
  ProposedPrice,
  PublicationDate,
  Publisher,
  SubmissionDescription,
  SubmissionTitle,
} from '@hls/contract';
import type {
  ArchivePart,
  FileType,
  Language,
  Licence,
  PublishingRight,
  SoftwareApp,
  SubmissionDraftBody,
  SubmissionValues,
  UsageLicence,
} from '@hls/contract';
import type { FieldErrors } from '@/lib/form-errors';
import { parsePriceInput, priceInputText } from '@/lib/money';
import type { FileSection, PriceQuoteArgs, ProposalKind } from './api/authoring-api';

/** What the proposal form edits: text as typed (prices in euros), choices as strings ('' = not chosen). */
export type ProposalValues = {
  title: string;
  description: string;
  language: '' | Language;
  categoryId: string;
  subcategoryId: string;
  /** Books: the editions offered, their prices in euros as typed, ISBN and pages. */
  paper: boolean;
  ebook: boolean;
  paperPrice: string;
  ebookPrice: string;
  isbn: string;
  pages: string;
  /** Files. */
  section: FileSection;
  fileType: '' | FileType;
  price: string;
  rights: '' | PublishingRight;
  licence: '' | Licence;
  confidential: boolean;
  /** Books: who publishes it and when (YYYY-MM-DD, as a date input gives it). */
  publisher: string;
  publicationDate: string;
  /** Files: what is inside, what opens it (each application with the oldest version that works). */
  sheets: string;
  slides: string;
  archiveParts: ArchivePart[];
  software: { app: SoftwareApp; version: string }[];
  /** Professional files: personal use unless commercial use is offered. */
  usage: '' | UsageLicence;
  /** The author's own published product in the other language ('' = none). */
  twinProductId: string;
};

/** Euros as a person types them ("12", "12.5", "12,50", "1 200,00") → cents; null when blank, NaN when not a price. */
export function parseEuros(text: string): number | null {
  return parsePriceInput(text);
}

/** What to ask the royalty calculator for a price as typed; null while it is not a price the shop accepts. */
export function quoteArgs(priceText: string, args: (cents: number) => PriceQuoteArgs): PriceQuoteArgs | null {
  const cents = parseEuros(priceText);
  return cents !== null && Number.isInteger(cents) && cents > 0 && cents <= 10_000_000 ? args(cents) : null;
}

/** Cents → euros for the input, in the interface's decimal separator ("12.50" / "12,50"). */
export function formatEuros(cents: number | null, language: Language): string {
  return priceInputText(cents, language);
}

export function emptyValues(section: FileSection = 'professional'): ProposalValues {
  return {
    title: '',
    description: '',
    language: '',
    categoryId: '',
    subcategoryId: '',
    paper: false,
    ebook: false,
    paperPrice: '',
    ebookPrice: '',
    isbn: '',
    pages: '',
    section,
    fileType: '',
    price: '',
    rights: '',
    licence: '',
    confidential: false,
    publisher: '',
    publicationDate: '',
    sheets: '',
    slides: '',
    archiveParts: [],
    software: [],
    usage: '',
    twinProductId: '',
  };
}

/** The form's values from a saved working copy (a draft being continued, or a version being revised). */
export function valuesFromWorking(
  working: SubmissionValues,
  section: FileSection,
  language: Language,
): ProposalValues {
  return {
    title: working.title ?? '',
    description: working.description ?? '',
    language: working.language ?? '',
    categoryId: working.categoryId === null ? '' : String(working.categoryId),
    subcategoryId: working.subcategoryId === null ? '' : String(working.subcategoryId),
    paper: working.paperPriceCents !== null,
    ebook: working.ebookPriceCents !== null,
    paperPrice: formatEuros(working.paperPriceCents, language),
    ebookPrice: formatEuros(working.ebookPriceCents, language),
    isbn: working.isbn ?? '',
    pages: working.pages === null ? '' : String(working.pages),
    section,
    fileType: working.fileType ?? '',
    price: formatEuros(working.priceCents, language),
    rights: working.rights ?? '',
    licence: working.licence ?? '',
    confidential: working.confidential,
    publisher: working.publisher ?? '',
    publicationDate: working.publicationDate ?? '',
    sheets: working.sheets === null ? '' : String(working.sheets),
    slides: working.slides === null ? '' : String(working.slides),
    archiveParts: working.archiveParts,
    software: working.software.map((s) => ({ app: s.app, version: s.version ?? '' })),
    usage: working.usage ?? '',
    twinProductId: working.twinProductId === null ? '' : String(working.twinProductId),
  };
}

type FieldValue =
  string | number | boolean | null | ArchivePart[] | { app: SoftwareApp; version: string | null }[];

/**
 * The contract's fields of a proposal from the form. `null` marks a field left blank (or an edition not
 * offered), so a saved draft forgets it too; prices go as cents (NaN when what was typed is not a price).
 */
export function contractFields(values: ProposalValues, kind: ProposalKind): Record<string, FieldValue> {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const id = (value: string) => (value === '' ? null : Number(value));
  const common = {
    title: text(values.title),
    description: text(values.description),
    language: values.language || null,
    categoryId: id(values.categoryId),
    subcategoryId: id(values.subcategoryId),
    twinProductId: id(values.twinProductId),
  };
  if (kind === 'book')
    return {
      ...common,
      paperPriceCents: values.paper ? parseEuros(values.paperPrice) : null,
      ebookPriceCents: values.ebook ? parseEuros(values.ebookPrice) : null,
      isbn: text(values.isbn),
      pages: text(values.pages),
      publisher: text(values.publisher),
      publicationDate: text(values.publicationDate),
    };
  const academic = values.section === 'academic';
  return {
    ...common,
    pages: text(values.pages),
    sheets: text(values.sheets),
    slides: text(values.slides),
    archiveParts: values.archiveParts,
    software: values.software.map((s) => ({ app: s.app, version: s.version.trim() || null })),
    usage: academic ? null : values.usage || null,
    fileType: values.fileType || null,
    priceCents: academic ? null : parseEuros(values.price),
    rights: academic ? values.rights || null : null,
    licence: academic ? values.licence || null : null,
    confidential: academic ? values.confidential : false,
  };
}

/** The form field each contract field (or upload slot) is shown at. */
export const formFieldOf: Record<
  string,
  keyof ProposalValues | 'cover' | 'manuscript' | 'file' | 'editions'
> = {
  title: 'title',
  description: 'description',
  language: 'language',
  categoryId: 'categoryId',
  category: 'categoryId',
  subcategoryId: 'subcategoryId',
  subcategory: 'subcategoryId',
  paperPriceCents: 'paperPrice',
  ebookPriceCents: 'ebookPrice',
  editions: 'editions',
  isbn: 'isbn',
  pages: 'pages',
  fileType: 'fileType',
  priceCents: 'price',
  price: 'price',
  rights: 'rights',
  licence: 'licence',
  confidential: 'confidential',
  publisher: 'publisher',
  publicationDate: 'publicationDate',
  sheets: 'sheets',
  slides: 'slides',
  archiveParts: 'archiveParts',
  software: 'software',
  usage: 'usage',
  twinProductId: 'twinProductId',
  section: 'section',
  cover: 'cover',
  manuscript: 'manuscript',
  file: 'file',
};

/** Server field errors (`body.priceCents`, `cover`…) keyed by the form's fields. */
export function formErrors(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, code] of Object.entries(fields)) {
    const name = path.split('.').pop() ?? path;
    const field = formFieldOf[name] ?? name;
    errors[field] ??= code;
  }
  return errors;
}

/**
 * What the browser can tell before sending: the format of what was typed (the server checks the rest, such as
 * required fields, and answers with the same codes).
 */
export function checkFormat(values: ProposalValues, kind: ProposalKind): FieldErrors {
  const errors: FieldErrors = {};
  const check = (
    field: string,
    schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
    value: unknown,
  ) => {
    if (value === null || value === '') return;
    const result = schema.safeParse(value);
    if (!result.success) errors[field] = result.error?.issues[0]?.message ?? 'generic.invalid';
  };
  const fields = contractFields(values, kind);
  check('title', SubmissionTitle, fields.title);
  check('description', SubmissionDescription, fields.description);
  if (kind === 'book') {
    check('paperPrice', ProposedPrice, fields.paperPriceCents);
    check('ebookPrice', ProposedPrice, fields.ebookPriceCents);
    check('isbn', Isbn, fields.isbn);
    check('pages', Pages, fields.pages);
    check('publisher', Publisher, fields.publisher);
    check('publicationDate', PublicationDate, fields.publicationDate);
  } else {
    if (values.section === 'professional') check('price', ProposedPrice, fields.priceCents);
    check('pages', Pages, fields.pages);
    check('sheets', ContentCount, fields.sheets);
    check('slides', ContentCount, fields.slides);
  }
  return errors;
}

/** The draft's fields worth saving now: blank ones as null, the ones whose format is wrong left as they were. */
export function draftBody(values: ProposalValues, kind: ProposalKind): SubmissionDraftBody {
  const fields = contractFields(values, kind);
  const wrong = checkFormat(values, kind);
  const body: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (wrong[formFieldOf[name] ?? name]) continue;
    body[name] = value;
  }
  return body as SubmissionDraftBody;
}

/** The multipart text parts of POST /api/books/add and /api/category/file/create ('' for a blank field). */
export function proposalForm(values: ProposalValues, kind: ProposalKind, draftId: string | null): FormData {
  const form = new FormData();
  if (draftId) form.append('draftId', draftId);
  if (kind === 'file') form.append('section', values.section);
  for (const [name, value] of Object.entries(contractFields(values, kind)))
    form.append(
      name,
      value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
    );
  return form;
}
