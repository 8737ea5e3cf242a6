import type { ArchivePart } from '@hls/contract';

/** Entry names and the archive part the product pages call them, the first that matches. */
const rules: [RegExp, ArchivePart][] = [
  [/\.csv$/, 'csv_data'],
  [/\.(sql|dax)$/, 'scripts'],
  [/^guide\.pdf$/, 'pdf_guide'],
  [/\.pdf$/, 'pdf_document'],
  [/\.xlsx$/, 'spreadsheet'],
  [/\.docx$/, 'document'],
  [/\.pptx$/, 'presentation'],
  [/\.svg$/, 'images'],
  [/^(README|LISEZMOI)\.txt$/, 'readme'],
];

/** What a ZIP archive's entry is (by its path's file name), in the words of the product pages. */
export function archivePartOf(entry: string): ArchivePart {
  const name = entry.split('/').pop()!;
  return rules.find(([pattern]) => pattern.test(name))?.[1] ?? 'text';
}
