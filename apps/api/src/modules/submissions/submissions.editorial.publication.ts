import type { AssetFileType, EditionFormat } from '@hls/contract';
import { EPUB_MIME } from '../../lib/epub/epub-archive.ts';
import { AppError } from '../../plugins/app-error.ts';
import { COVER_HEIGHT, COVER_MIME, COVER_WIDTH, renderCover } from '../../lib/cover.ts';
import type { NewEdition, NewFileAsset, NewProduct } from '../catalog/index.ts';
import {
  conflict,
  invalid,
  type DecisionInput,
  type EditorialDeps,
  type FileRow,
  type lastVersion,
  type SubmissionRow,
} from './submissions.editorial.helpers.ts';
import type { StoredFields } from './submissions.tables.ts';

/** What a publication reads and writes besides the catalogue: the stored uploads, the author's name, samples. */
export type PublicationDeps = Pick<EditorialDeps, 'storage' | 'accounts' | 'uploads'>;

export type Prepared = {
  input: Omit<NewProduct, 'status'>;
  ebook?: NewFileAsset;
  stored: string[];
};

const ebookFileType = (mime: string): AssetFileType =>
  mime === 'application/pdf' ? 'pdf' : mime === EPUB_MIME ? 'epub' : 'package';

/**
 * An EPUB ebook is published only once its check ran and found nothing blocking (its report is in the proposal):
 * 409 `epub_check_pending` before, 409 `epub_invalid` with epubcheck's errors. Missing tools block nothing.
 */
function checkEpubReport(file: FileRow): void {
  if (file.mime !== EPUB_MIME) return;
  const report = file.epubReport;
  // Not a field of the decision: the editor's form shows the refusal itself, the report says why.
  if (!report || report.status === 'pending') {
    throw new AppError(
      'epub_check_pending',
      'The EPUB is still being checked: publish once its report is in.',
    );
  }
  if (report.blocking) {
    throw new AppError('epub_invalid', 'The EPUB has blocking errors: see its report in the proposal.');
  }
}

/**
 * The catalogue input of a version: the editor's final values over the author's proposal, the uploaded cover
 * copied under covers/ (or a drawn one), the file or manuscript as the asset, a sample cut for paid PDFs.
 * Storage objects are written before the transaction (keys named after the submission and version); `stored`
 * lists them so they can be removed if the transaction fails.
 */
export async function prepareProduct(
  deps: PublicationDeps,
  row: SubmissionRow,
  version: Awaited<ReturnType<typeof lastVersion>>,
  body: DecisionInput,
): Promise<Prepared> {
  const f: StoredFields = version.fields;
  const missing: Record<string, string> = {};
  const title = f.title?.trim();
  if (!title) missing.title = 'title.required';
  if (!f.description) missing.description = 'description.required';
  if (!f.language) missing.language = 'language.required';
  const categoryId = body.categoryId ?? f.categoryId ?? undefined;
  if (categoryId === undefined) missing.categoryId = 'category.required';
  const subcategoryId =
    body.categoryId !== undefined && body.subcategoryId === undefined
      ? null
      : (body.subcategoryId ?? f.subcategoryId ?? null);
  const slot = (name: FileRow['slot']) => version.files.find((file) => file.slot === name);
  const cover = slot('cover');
  const main = slot(row.kind === 'book' ? 'manuscript' : 'file');

  if (row.section === 'academic' && f.confidential && !body.confidentialityChecked) {
    missing.confidentialityChecked = 'confidentiality.required';
  }
  const discountPercent = body.discountPercent ?? 0;
  let editions: NewEdition[] = [];
  if (row.kind === 'book') {
    const paper = body.paperPriceCents ?? f.paperPriceCents ?? undefined;
    const ebook = body.ebookPriceCents ?? f.ebookPriceCents ?? undefined;
    const isbn = f.isbn ?? null;
    const pages = f.pages ?? main?.pages ?? null;
    editions = [
      ...(paper !== undefined
        ? [
            {
              format: 'paper' as EditionFormat,
              priceCents: paper,
              discountPercent,
              isbn,
              pages,
              stock: body.stock ?? 0,
            },
          ]
        : []),
      ...(ebook !== undefined
        ? [
            {
              format: 'ebook' as EditionFormat,
              priceCents: ebook,
              discountPercent,
              isbn: paper === undefined ? isbn : null,
              pages,
            },
          ]
        : []),
    ];
    // The author's paper price published without its copies would stay "out of stock" for good.
    if (paper !== undefined && body.stock === undefined) missing.stock = 'stock.required';
    if (editions.length === 0) missing.editions = 'editions.required';
    if (ebook !== undefined && !main) missing.manuscript = 'upload.required';
  } else {
    if (!main) missing.file = 'upload.required';
    if (!f.fileType) missing.fileType = 'fileType.required';
    if (row.section === 'academic' && !f.licence) missing.licence = 'licence.required';
  }
  const priceCents =
    row.kind === 'file'
      ? row.section === 'academic'
        ? 0
        : (body.priceCents ?? f.priceCents ?? undefined)
      : 0;
  if (priceCents === undefined) missing.priceCents = 'price.required';
  if (Object.keys(missing).length) throw invalid(missing, 'The submission cannot be published as it is.');
  const ebookOffered = editions.some((e) => e.format === 'ebook');
  if (row.kind === 'book' && main && ebookOffered) checkEpubReport(main);

  const stored: string[] = [];
  try {
    const base = `submissions/${row.id}/v${version.number}`;
    let coverInput: NewProduct['cover'];
    if (cover) {
      const found = await deps.storage.getObject(cover.storageKey);
      if (!found) throw conflict('The uploaded cover is missing from storage.');
      const key = `covers/${base}.${cover.mime === 'image/webp' ? 'webp' : (cover.mime.split('/')[1] ?? 'img')}`;
      await deps.storage.putObject(key, found.bytes, cover.mime);
      stored.push(key);
      coverInput = { key, width: cover.width ?? COVER_WIDTH, height: cover.height ?? COVER_HEIGHT };
    } else {
      const key = `covers/${base}.svg`;
      const authorName = (await deps.accounts.authorName(row.authorId)) ?? '';
      await deps.storage.putObject(
        key,
        renderCover({
          title: title!,
          author: authorName,
          section: row.section,
          language: f.language!,
          fileType: row.kind === 'file' ? f.fileType! : null,
          seed: row.id,
        }),
        COVER_MIME,
      );
      stored.push(key);
      coverInput = { key, width: COVER_WIDTH, height: COVER_HEIGHT };
    }

    const asset = main && {
      fileType: row.kind === 'file' ? f.fileType! : ebookFileType(main.mime),
      storageKey: main.storageKey,
      originalName: main.originalName,
      mime: main.mime,
      sizeBytes: main.sizeBytes,
      sha256: main.sha256,
      // A PDF's pages are counted; an Office file's are what the author said.
      pages: main.pages ?? (row.kind === 'file' ? (f.pages ?? null) : null),
      macros: main.flags.includes('macros'),
      accessibility: main.epubReport?.metadata?.accessibility ?? null,
    };
    const paid =
      row.kind === 'file' ? priceCents! > 0 : editions.some((e) => e.format === 'ebook' && e.priceCents > 0);
    let sampleKey: string | null = null;
    if (main && paid && main.mime === 'application/pdf') {
      const sample = await deps.uploads.cutSample(main.storageKey, `samples/${base}.pdf`);
      if (sample) {
        stored.push(sample.key);
        sampleKey = sample.key;
      }
    }

    const input: Omit<NewProduct, 'status'> = {
      kind: row.kind,
      section: row.section,
      title: title!,
      description: f.description!,
      language: f.language!,
      authorId: row.authorId,
      categoryId: categoryId!,
      subcategoryId,
      cover: coverInput,
      sampleKey,
      licence: row.section === 'academic' ? (f.licence ?? null) : null,
      publisher: f.publisher ?? null,
      publicationDate: f.publicationDate ?? null,
      sheets: f.sheets ?? null,
      slides: f.slides ?? null,
      archiveParts: f.archiveParts ?? [],
      software: f.software ?? [],
      usage: f.usage ?? null,
      // A link made from the twin's side stays when this version names none.
      ...(f.twinProductId ? { twinId: f.twinProductId } : {}),
      ...(row.kind === 'book'
        ? { editions }
        : {
            file: { ...asset!, fileType: f.fileType! },
            priceCents: priceCents!,
            discountPercent: row.section === 'academic' ? 0 : discountPercent,
          }),
    };
    return { input, ...(row.kind === 'book' && asset && ebookOffered ? { ebook: asset } : {}), stored };
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.storage.deleteObject(key)));
    throw error;
  }
}
