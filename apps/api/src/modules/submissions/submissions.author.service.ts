import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BookPriceBody, CreateDraftBody, FilePriceBody, SubmissionDraftBody } from '@hls/contract';
import {
  discountedPrice,
  FileType,
  ProposeBookBody,
  ProposeFileBody,
  saleRoyalty,
  type AuthorProduct,
  type Category,
  type PriceQuote,
  type ProductKind,
  type Section,
  type Submission,
  type SubmissionEventKind,
  type UploadSlot,
} from '@hls/contract';
import type { z } from 'zod';
import type { Config, CheckoutSettings } from '../../config.ts';
import type { Db, Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import { vatRate } from '../orders/index.ts';
import type { Storage } from '../storage/index.ts';
import type { ReceivedFile, UploadsService } from '../uploads/index.ts';
import {
  submissionEvents,
  submissionFiles,
  submissions,
  submissionVersions,
  type StoredFields,
} from './submissions.tables.ts';
import {
  EDITABLE_STATUSES,
  listAuthorProducts,
  loadSubmission,
  WITHDRAWABLE_STATUSES,
  type SubmissionFileRow,
  type SubmissionRow,
  type SubmissionViewDeps,
  type Viewer,
} from './submissions.view.ts';

/** What the author's side needs of the uploads module. */
export type AuthorUploads = Pick<UploadsService, 'receiveMultipart' | 'discard'>;

export type AuthorDeps = SubmissionViewDeps & {
  db: Db;
  transaction: AppTransaction;
  uploads: AuthorUploads;
  storage: Pick<Storage, 'deleteObject'>;
  /** The royalty rates in effect now, in percent as the settings state them (an admin may change them). */
  royaltyRates: () => Promise<Config['royaltyRates']>;
  vatRates: CheckoutSettings['vatRates'];
  log?: { warn(object: object, message: string): void };
};

type Fields = StoredFields;
type Categories = { top: Category[]; sub: Category[] };
type FieldErrors = Record<string, string>;

const notFound = () => new AppError('not_found', 404, 'No such submission.');
const invalidTransition = (message: string) => new AppError('invalid_transition', 409, message);
const invalid = (fields: FieldErrors, message = 'Some fields are not valid.') =>
  new AppError('validation_failed', 400, message, fields);

/** The uploads each kind holds: a cover, and the manuscript (books) or the file (files). */
const slotsOf = (kind: ProductKind): UploadSlot[] =>
  kind === 'book' ? ['cover', 'manuscript'] : ['cover', 'file'];
const mainSlot = (kind: ProductKind): UploadSlot => (kind === 'book' ? 'manuscript' : 'file');

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
function mergeFields(section: Section, base: Fields, changes: Fields): Fields {
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
function zodFields(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

/** Text fields of a multipart form that are not fields of the proposal's section. */
const formOnly = new Set(['draftId', 'section']);

/** A price quote (SPEC §5): customer price after discount, VAT in it, net, and the royalty at the format's rate. */
export function quotePrice(
  input: { priceCents: number; discountPercent: number; format: 'paper' | 'ebook' | 'file'; free: boolean },
  settings: { royaltyRates: Config['royaltyRates']; vatRates: CheckoutSettings['vatRates'] },
): PriceQuote {
  const customerPriceCents = discountedPrice(input.priceCents, input.discountPercent);
  const royaltyFormat = input.format === 'file' ? 'professional_file' : input.format;
  const percent =
    input.format === 'file' ? settings.royaltyRates.professionalFile : settings.royaltyRates[input.format];
  const royaltyRateBp = input.free ? 0 : Math.round(percent * 100);
  const sale = saleRoyalty({
    paidCents: customerPriceCents,
    vatRateBp: settings.vatRates ? vatRate(settings.vatRates, input.format) : 0,
    royaltyRateBp,
  });
  return {
    priceCents: input.priceCents,
    discountPercent: input.discountPercent,
    customerPriceCents,
    ...sale,
    royaltyFormat,
    royaltyRateBp,
  };
}

export function createAuthorService({ app }: { app: FastifyInstance }) {
  return createAuthorServiceFrom({
    db: app.db,
    transaction: app.transaction,
    catalog: app.catalog,
    unitsSold: (ids) => app.orders.unitsSold(ids),
    freeDownloads: (ids) => app.downloads.freeDownloads(ids),
    uploads: app.uploads,
    storage: app.storage,
    royaltyRates: () => app.royalties.rates.currentPercent(),
    vatRates: app.config.checkout.vatRates,
    log: app.log.child({ module: 'submissions' }),
  });
}

export function createAuthorServiceFrom(deps: AuthorDeps) {
  const { db, transaction, uploads, storage } = deps;

  /** Every category and subcategory (the catalogue's cached lists), read before a transaction opens. */
  async function allCategories(): Promise<Categories> {
    const [top, sub] = await Promise.all([
      deps.catalog.reads.categoryList({ subcategories: false }),
      deps.catalog.reads.categoryList({ subcategories: true }),
    ]);
    return { top, sub };
  }

  /** The category must be a top-level one of the section, the subcategory one of its children. */
  function consistencyErrors(section: Section, fields: Fields, cats: Categories, errors: FieldErrors = {}) {
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
  async function twinErrors(
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
  function submitErrors(
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
  function priceErrors(section: Section, given: Fields, errors: FieldErrors = {}) {
    if (section === 'academic' && given.priceCents !== undefined && given.priceCents !== null) {
      errors.priceCents = 'price.notFree';
    }
    return errors;
  }

  async function lockOwn(tx: Tx, authorId: string, id: string): Promise<SubmissionRow> {
    const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
    if (!row || row.authorId !== authorId) throw notFound();
    return row;
  }

  async function workingFiles(tx: Tx, id: string) {
    return tx
      .select()
      .from(submissionFiles)
      .where(and(eq(submissionFiles.submissionId, id), eq(submissionFiles.working, true)));
  }

  /** Whether a version of the submission refers to this upload (then it is kept, out of the working copy). */
  async function inVersion(tx: Tx, file: SubmissionFileRow): Promise<boolean> {
    const result = await tx.execute<{ found: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM ${submissionVersions} WHERE ${submissionVersions.submissionId} = ${file.submissionId} AND ${file.id}::uuid = ANY(${submissionVersions.fileIds})) AS found`,
    );
    return Boolean(result.rows[0]?.found);
  }

  /**
   * Takes an upload out of the working copy: deleted when no version refers to it (its stored object is then
   * returned, to be deleted after the commit), kept for the versions otherwise.
   */
  async function dropWorking(tx: Tx, file: SubmissionFileRow): Promise<string[]> {
    if (await inVersion(tx, file)) {
      await tx.update(submissionFiles).set({ working: false }).where(eq(submissionFiles.id, file.id));
      return [];
    }
    await tx.delete(submissionFiles).where(eq(submissionFiles.id, file.id));
    return [file.storageKey];
  }

  /** Puts received uploads into the working copy in place of those of the same slots. */
  async function replaceWorking(tx: Tx, submissionId: string, received: ReceivedFile[]) {
    const current = await workingFiles(tx, submissionId);
    const gone: string[] = [];
    for (const file of current.filter((f) => received.some((r) => r.slot === f.slot))) {
      gone.push(...(await dropWorking(tx, file)));
    }
    if (received.length > 0) {
      await tx.insert(submissionFiles).values(
        received.map((file) => ({
          submissionId,
          slot: file.slot,
          working: true,
          storageKey: file.storageKey,
          originalName: file.originalName.slice(0, 255),
          mime: file.mime,
          sizeBytes: file.sizeBytes,
          sha256: file.sha256,
          width: file.width,
          height: file.height,
          pages: file.pages,
          flags: file.flags,
        })),
      );
    }
    return { gone, files: await workingFiles(tx, submissionId) };
  }

  async function addEvent(
    tx: Tx,
    submissionId: string,
    authorId: string,
    kind: SubmissionEventKind,
    extra: { version?: number | null; comment?: string | null } = {},
  ) {
    await tx.insert(submissionEvents).values({
      submissionId,
      kind,
      actor: 'author',
      actorUserId: authorId,
      version: extra.version ?? null,
      comment: extra.comment ?? null,
    });
  }

  /** Freezes the working copy as the next version. */
  async function freezeVersion(
    tx: Tx,
    row: SubmissionRow,
    fields: Fields,
    files: SubmissionFileRow[],
    note?: string,
  ) {
    const number = row.versionCount + 1;
    await tx.insert(submissionVersions).values({
      submissionId: row.id,
      number,
      fields,
      fileIds: files.map((f) => f.id),
      note: note ?? null,
    });
    return number;
  }

  /** Deletes stored objects no row refers to any more (after the commit: a rollback keeps them). */
  async function deleteObjects(keys: string[]) {
    for (const key of keys) {
      try {
        await storage.deleteObject(key);
      } catch (error) {
        deps.log?.warn({ err: error, key }, 'stored upload not deleted');
      }
    }
  }

  const viewerOf = (authorId: string): Viewer => ({ id: authorId, role: 'author' });
  /** Read after the commit: the view's reads use the pool (a transaction's connection must not wait on them). */
  async function load(authorId: string, id: string): Promise<Submission> {
    const submission = await loadSubmission({ ...deps, db }, id, { viewer: viewerOf(authorId) });
    if (!submission) throw notFound();
    return submission;
  }

  /** A file slot's declared type from a form's `fileType` field (400 when it is not one). */
  function declaredType(fields: Record<string, string>): FileType | undefined {
    if (fields.fileType === undefined || fields.fileType === '') return undefined;
    const parsed = FileType.safeParse(fields.fileType);
    if (!parsed.success) throw invalid({ fileType: 'fileType.required' });
    return parsed.data;
  }

  /** The received file of the `file` slot must be of the declared type (the content decides, never the name). */
  function checkFileType(received: ReceivedFile[], fileType: FileType | null | undefined) {
    const file = received.find((f) => f.slot === 'file');
    if (!file) return;
    if (!fileType) throw invalid({ fileType: 'fileType.required' });
    if (file.fileType !== fileType) {
      throw new AppError('upload_rejected', 415, 'The file is not of the declared type.', {
        file: 'upload.typeMismatch',
      });
    }
  }

  /** A change of the declared type must come with a file of that type (or after the file was removed). */
  function checkTypeChange(
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

  /** Runs `work` with the files a multipart request stored; they are discarded when it fails. */
  async function withReceived<T>(received: ReceivedFile[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await uploads.discard(received);
      throw error;
    }
  }

  return {
    /** A new draft (POST /api/submissions): the kind and section are fixed from then on. */
    async createDraft(authorId: string, body: z.output<typeof CreateDraftBody>) {
      const { kind, section: givenSection, ...given } = body;
      let section: Section;
      if (kind === 'book') {
        if (givenSection && givenSection !== 'book') throw invalid({ section: 'section.invalid' });
        section = 'book';
      } else {
        if (!givenSection) throw invalid({ section: 'section.invalid' });
        if (givenSection === 'book') throw invalid({ section: 'section.invalid' });
        section = givenSection;
      }
      const errors = priceErrors(section, given);
      const fields = mergeFields(section, {}, given);
      consistencyErrors(section, fields, await allCategories(), errors);
      const id = await transaction(async (ctx) => {
        await twinErrors(ctx.tx, { authorId, kind, productId: null }, fields, errors);
        if (Object.keys(errors).length) throw invalid(errors);
        const [row] = await ctx.tx
          .insert(submissions)
          .values({ authorId, kind, section, status: 'draft', working: fields })
          .returning({ id: submissions.id });
        await addEvent(ctx.tx, row!.id, authorId, 'created');
        return row!.id;
      });
      return load(authorId, id);
    },

    /** PATCH /api/submissions/{id}: saves the fields given; others are kept (draft or changes requested). */
    async saveFields(authorId: string, id: string, body: z.output<typeof SubmissionDraftBody>) {
      const cats = await allCategories();
      await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (!(EDITABLE_STATUSES as readonly string[]).includes(row.status)) {
          throw invalidTransition('This proposal cannot be edited now.');
        }
        const errors = priceErrors(row.section, body);
        const fields = mergeFields(row.section, row.working, body);
        consistencyErrors(row.section, fields, cats, errors);
        await twinErrors(ctx.tx, row, fields, errors);
        if (Object.keys(errors).length) throw invalid(errors);
        checkTypeChange(row.working, fields, await workingFiles(ctx.tx, id), []);
        await ctx.tx
          .update(submissions)
          .set({ working: fields, updatedAt: sql`now()` })
          .where(eq(submissions.id, id));
      });
      return load(authorId, id);
    },

    /**
     * PUT /api/submissions/{id}/files/{slot}: one file part `file` (and, for the `file` slot, an optional
     * `fileType` field saved with it). The upload it replaces is deleted unless a version refers to it.
     */
    async putFile(authorId: string, id: string, slot: UploadSlot, request: FastifyRequest) {
      const [before] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
      if (!before || before.authorId !== authorId) throw notFound();
      if (!slotsOf(before.kind).includes(slot)) throw invalid({ slot: 'upload.type' });
      if (!(EDITABLE_STATUSES as readonly string[]).includes(before.status)) {
        throw invalidTransition('This proposal cannot be edited now.');
      }
      const { fields, files: received } = await uploads.receiveMultipart(request, {
        files: { file: slot },
        keyPrefix: `submissions/${id}`,
        declaredFileType: (formFields) =>
          FileType.safeParse(formFields.fileType).data ?? before.working.fileType ?? undefined,
        maxFields: 5,
      });
      const gone = await withReceived(received, async () => {
        if (received.length === 0) throw invalid({ file: 'upload.required' });
        const fileType = slot === 'file' ? declaredType(fields) : undefined;
        return transaction(async (ctx) => {
          const row = await lockOwn(ctx.tx, authorId, id);
          if (!(EDITABLE_STATUSES as readonly string[]).includes(row.status)) {
            throw invalidTransition('This proposal cannot be edited now.');
          }
          if (slot === 'file') checkFileType(received, fileType ?? row.working.fileType);
          const { gone } = await replaceWorking(ctx.tx, id, received);
          const working = fileType ? { ...row.working, fileType } : row.working;
          await ctx.tx
            .update(submissions)
            .set({ working, updatedAt: sql`now()` })
            .where(eq(submissions.id, id));
          return gone;
        });
      });
      await deleteObjects(gone);
      return load(authorId, id);
    },

    /** DELETE /api/submissions/{id}/files/{slot}: the working copy's upload of that slot is removed. */
    async deleteFile(authorId: string, id: string, slot: UploadSlot) {
      const gone = await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (!(EDITABLE_STATUSES as readonly string[]).includes(row.status)) {
          throw invalidTransition('This proposal cannot be edited now.');
        }
        const file = (await workingFiles(ctx.tx, id)).find((f) => f.slot === slot);
        if (!file) throw new AppError('not_found', 404, 'No upload in this slot.');
        const gone = await dropWorking(ctx.tx, file);
        await ctx.tx
          .update(submissions)
          .set({ updatedAt: sql`now()` })
          .where(eq(submissions.id, id));
        return gone;
      });
      await deleteObjects(gone);
      return load(authorId, id);
    },

    /**
     * POST /api/books/add and /api/category/file/create: a whole proposal in one multipart request (or a saved
     * draft completed by it), checked in full and submitted as version 1.
     */
    async propose(authorId: string, kind: ProductKind, request: FastifyRequest) {
      const newId = randomUUID();
      const { fields: form, files: received } = await uploads.receiveMultipart(request, {
        files:
          kind === 'book' ? { cover: 'cover', manuscript: 'manuscript' } : { cover: 'cover', file: 'file' },
        keyPrefix: `submissions/${newId}`,
        declaredFileType: (formFields) => FileType.safeParse(formFields.fileType).data,
      });
      const { gone, id } = await withReceived(received, async () => {
        const parsed = (kind === 'book' ? ProposeBookBody : ProposeFileBody).safeParse(form);
        if (!parsed.success) throw invalid(zodFields(parsed.error));
        const body = parsed.data as Fields & { draftId?: string; section?: 'academic' | 'professional' };
        const given = Object.fromEntries(
          Object.entries(body).filter(([key]) => !formOnly.has(key)),
        ) as Fields;
        const cats = await allCategories();
        return transaction(async (ctx) => {
          let row: SubmissionRow;
          if (body.draftId) {
            row = await lockOwn(ctx.tx, authorId, body.draftId);
            if (row.kind !== kind) throw notFound();
            if (row.status !== 'draft') throw invalidTransition('This draft was already submitted.');
            if (body.section && body.section !== row.section) throw invalid({ section: 'section.invalid' });
          } else {
            const section: Section = kind === 'book' ? 'book' : (body.section ?? ('' as Section));
            if (!section) throw invalid({ section: 'section.invalid' });
            [row] = (await ctx.tx
              .insert(submissions)
              .values({ id: newId, authorId, kind, section, status: 'draft' })
              .returning()) as [SubmissionRow];
            await addEvent(ctx.tx, row.id, authorId, 'created');
          }
          const errors = priceErrors(row.section, given);
          const fields = mergeFields(row.section, row.working, given);
          checkTypeChange(row.working, fields, await workingFiles(ctx.tx, row.id), received);
          checkFileType(received, fields.fileType);
          const { gone, files } = await replaceWorking(ctx.tx, row.id, received);
          submitErrors(row, fields, files, cats, errors);
          await twinErrors(ctx.tx, row, fields, errors);
          if (Object.keys(errors).length) throw invalid(errors);
          const version = await freezeVersion(ctx.tx, row, fields, files);
          await ctx.tx
            .update(submissions)
            .set({
              status: 'submitted',
              working: fields,
              versionCount: version,
              submittedAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(submissions.id, row.id));
          await addEvent(ctx.tx, row.id, authorId, 'submitted', { version });
          return { gone, id: row.id };
        });
      });
      await deleteObjects(gone);
      return load(authorId, id);
    },

    /** POST /api/submissions/{id}/resubmit: the working copy becomes the next version (changes requested). */
    async resubmit(authorId: string, id: string, note?: string) {
      const cats = await allCategories();
      await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (row.status !== 'changes_requested') {
          throw invalidTransition('Only a proposal with changes requested can be sent again.');
        }
        const files = await workingFiles(ctx.tx, id);
        const errors = submitErrors(row, row.working, files, cats);
        await twinErrors(ctx.tx, row, row.working, errors);
        if (Object.keys(errors).length) throw invalid(errors);
        const version = await freezeVersion(ctx.tx, row, row.working, files, note);
        await ctx.tx
          .update(submissions)
          .set({
            status: 'submitted',
            versionCount: version,
            submittedAt: sql`now()`,
            claimedBy: null,
            claimedAt: null,
            updatedAt: sql`now()`,
          })
          .where(eq(submissions.id, id));
        await addEvent(ctx.tx, id, authorId, 'resubmitted', { version, comment: note ?? null });
      });
      return load(authorId, id);
    },

    /** POST /api/submissions/{id}/withdraw: a proposal not yet published is archived. */
    async withdraw(authorId: string, id: string, reason?: string) {
      await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (!(WITHDRAWABLE_STATUSES as readonly string[]).includes(row.status)) {
          throw invalidTransition('Only a proposal not yet published or decided can be withdrawn.');
        }
        await ctx.tx
          .update(submissions)
          .set({ status: 'archived', claimedBy: null, claimedAt: null, updatedAt: sql`now()` })
          .where(eq(submissions.id, id));
        await addEvent(ctx.tx, id, authorId, 'withdrawn', {
          version: row.versionCount || null,
          comment: reason ?? null,
        });
      });
      return load(authorId, id);
    },

    /** POST /api/submissions/{id}/unpublish-request: the author asks the editors to unpublish a product. */
    async requestUnpublish(authorId: string, id: string, reason?: string) {
      await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (row.status !== 'published')
          throw invalidTransition('Only a published product can be unpublished.');
        if (row.unpublishRequestedAt) throw invalidTransition('Unpublishing was already requested.');
        await ctx.tx
          .update(submissions)
          .set({ unpublishRequestedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(submissions.id, id));
        await addEvent(ctx.tx, id, authorId, 'unpublish_requested', {
          version: row.versionCount || null,
          comment: reason ?? null,
        });
      });
      return load(authorId, id);
    },

    /** DELETE /api/submissions/{id}: a draft never submitted goes, with its uploads. */
    async deleteDraft(authorId: string, id: string) {
      const gone = await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (row.status !== 'draft' || row.versionCount > 0) {
          throw invalidTransition('Only a draft never submitted can be deleted.');
        }
        const files = await ctx.tx
          .select({ storageKey: submissionFiles.storageKey })
          .from(submissionFiles)
          .where(eq(submissionFiles.submissionId, id));
        await ctx.tx.delete(submissions).where(eq(submissions.id, id));
        return files.map((f) => f.storageKey);
      });
      await deleteObjects(gone);
    },

    /** GET /api/submissions/{id}: the owner author's view. */
    get: (authorId: string, id: string) => load(authorId, id),

    /** GET /api/books/author and /api/category/author. */
    list: (authorId: string, kind: ProductKind): Promise<AuthorProduct[]> =>
      listAuthorProducts({ ...deps, db }, authorId, kind),

    /**
     * An upload of a submission, for GET /api/submissions/{id}/files/{fileId}: its owner author, or an editor or
     * admin. Undefined (404) otherwise.
     */
    async file(viewer: Viewer, id: string, fileId: string) {
      const [found] = await db
        .select({ file: submissionFiles, authorId: submissions.authorId })
        .from(submissionFiles)
        .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
        .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submissionId, id)))
        .limit(1);
      if (!found) throw new AppError('not_found', 404, 'No such file.');
      const staff = viewer.role === 'editor' || viewer.role === 'admin';
      if (!staff && found.authorId !== viewer.id) throw new AppError('not_found', 404, 'No such file.');
      return found.file;
    },

    /** POST /api/books/price/book, at the rates in effect now. */
    quoteBook: async (body: z.output<typeof BookPriceBody>) =>
      quotePrice(
        { ...body, free: false },
        { royaltyRates: await deps.royaltyRates(), vatRates: deps.vatRates },
      ),

    /** POST /api/books/price/file: academic files are free (no royalty). */
    quoteFile: async (body: z.output<typeof FilePriceBody>) =>
      quotePrice(
        { ...body, format: 'file', free: body.section === 'academic' },
        { royaltyRates: await deps.royaltyRates(), vatRates: deps.vatRates },
      ),
  };
}
export type AuthorService = ReturnType<typeof createAuthorServiceFrom>;
