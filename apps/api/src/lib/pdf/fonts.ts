import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';

const require = createRequire(import.meta.url);
const files = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;
const cache = new Map<keyof typeof files, Promise<Buffer>>();

function fontBytes(weight: keyof typeof files): Promise<Buffer> {
  let bytes = cache.get(weight);
  if (!bytes) {
    bytes = readFile(require.resolve(files[weight]));
    cache.set(weight, bytes);
  }
  return bytes;
}

/**
 * DejaVu Sans (a Unicode font: "Zoë Łukasz", Greek, Cyrillic…) embedded as a subset of the glyphs used, under a
 * fixed name so that the same input always gives the same bytes.
 */
export async function embedUnicodeFont(
  doc: PDFDocument,
  weight: keyof typeof files = 'regular',
): Promise<PDFFont> {
  // Loaded on first use, like pdf-lib: an idle server does not hold it.
  const { default: fontkit } = await import('@cantoo/fontkit');
  doc.registerFontkit(fontkit);
  return doc.embedFont(await fontBytes(weight), {
    subset: true,
    customName: weight === 'regular' ? 'HLSDejaVuSans' : 'HLSDejaVuSans-Bold',
  });
}
