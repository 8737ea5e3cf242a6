import type { AuthorProduct, FileType } from '@hls/contract';

/** What each declared file type may be (the server decides by content; this only filters the file picker). */
export const acceptedFiles: Record<FileType, string> = {
  pdf: '.pdf,application/pdf',
  word: '.docx,.doc',
  excel: '.xlsx,.xlsm,.xls',
  powerpoint: '.pptx,.ppt',
  powerbi: '.pbix,.pbit',
  publisher: '.pub',
  access: '.accdb,.mdb',
  package: '.zip',
};
export const acceptedCover = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
export const acceptedManuscript = '.pdf,.epub,application/pdf,application/epub+zip';

/** "Book", "Student file" or "Pro file". */
export function kindLabelKey(product: Pick<AuthorProduct, 'kind' | 'section'>): string {
  return product.kind === 'book' ? 'authoring:kinds.book' : `authoring:kinds.${product.section}`;
}
