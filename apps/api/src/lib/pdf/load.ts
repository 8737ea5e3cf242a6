import type * as PdfLibModule from '@cantoo/pdf-lib';

export type PdfLib = typeof PdfLibModule;

/**
 * pdf-lib, loaded when the first PDF is made rather than at start, so that an idle server does not hold it (with
 * fontkit, about 11 MB of heap and compiled code); Node keeps the module once loaded.
 */
export function loadPdfLib(): Promise<PdfLib> {
  return import('@cantoo/pdf-lib');
}
