import type * as PdfLibModule from '@cantoo/pdf-lib';

export type PdfLib = typeof PdfLibModule;

/**
 * pdf-lib, loaded when the first PDF is made rather than at start, so that an idle server does not hold it (with
 * fontkit, about 11 MB of heap and compiled code); Node keeps the module once loaded.
 */
export function loadPdfLib(): Promise<PdfLib> {
  return import('@cantoo/pdf-lib');
}

/** The documents' colours: text, secondary text, rules, a table header's shade. */
export function colours({ rgb }: PdfLib) {
  return {
    ink: rgb(0.12, 0.15, 0.2),
    muted: rgb(0.38, 0.42, 0.48),
    rule: rgb(0.8, 0.82, 0.85),
    shade: rgb(0.92, 0.94, 0.97),
  };
}
