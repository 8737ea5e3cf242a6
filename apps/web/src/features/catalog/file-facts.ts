import type { TFunction } from 'i18next';
import type { FileDetail } from '@hls/contract';

/** File types delivered as a ZIP archive whose PDF guide builds the file in the type's own application. */
const guidedTypes = new Set<FileDetail['fileType']>(['powerbi', 'access', 'publisher']);

/** Extensions the catalogue names by their application's own word ("Excel workbook (.xlsx)"). */
const labelledExtensions = new Set([
  'xlsx',
  'xlsm',
  'xls',
  'docx',
  'doc',
  'pptx',
  'ppt',
  'pdf',
  'pbix',
  'pbit',
  'pub',
  'accdb',
  'mdb',
]);

/**
 * The format as it is, not as its type is named: "Excel workbook (.xlsx)", or a ZIP archive with its parts
 * ("ZIP archive: CSV data + Power BI guide (PDF) + README").
 */
export function fileFormatLabel(
  file: Pick<FileDetail, 'extension' | 'fileType' | 'archiveParts'>,
  t: TFunction<'catalog'>,
): string {
  const type = t(`fileTypes.${file.fileType}`);
  if (file.extension === 'zip') {
    if (file.archiveParts.length === 0) return t('formatLabels.other', { type, extension: 'zip' });
    const parts = file.archiveParts.map((part) =>
      part === 'pdf_guide' && guidedTypes.has(file.fileType)
        ? t('archiveParts.pdf_guideFor', { type })
        : t(`archiveParts.${part}`),
    );
    return t('detail.archive', { parts: parts.join(' + ') });
  }
  return labelledExtensions.has(file.extension)
    ? t(`formatLabels.${file.extension}`)
    : t('formatLabels.other', { type, extension: file.extension });
}

/** "3 sheets", "5 slides · 12 pages": what a file holds, or null when nothing is known. */
export function contentsText(
  file: Pick<FileDetail, 'sheets' | 'slides' | 'pages'>,
  t: TFunction<'catalog'>,
): string | null {
  const parts = [
    file.sheets !== null && t('detail.contents.sheets', { count: file.sheets }),
    file.slides !== null && t('detail.contents.slides', { count: file.slides }),
    file.pages !== null && t('detail.contents.pages', { count: file.pages }),
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' · ') : null;
}
