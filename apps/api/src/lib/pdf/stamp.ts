import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import { embedUnicodeFont } from './fonts.ts';
import { loadPdfLib, type PdfLib } from './load.ts';

export type StampInput = {
  /** The buyer, as the footer names them. */
  name: string;
  email: string;
  orderNumber: string;
};

/** The modification date written in every stamped copy: the same input gives the same bytes (a stable SHA-256). */
export const STAMP_DATE = new Date('2026-01-01T00:00:00Z');

const FOOTER_SIZE = 7.5;
const FOOTER_MARGIN = 14;

/** The footer line of every page of a buyer's copy. */
export function licenceLine(input: StampInput): string {
  return `Licensed to ${input.name} <${input.email}> — order ${input.orderNumber}`;
}

/**
 * Maps a point of the page as it is shown (after its /Rotate) to the page's own coordinates, and gives the angle
 * that text must be drawn at to read left to right on screen.
 */
function viewFrame(page: PDFPage) {
  const box = page.getCropBox();
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  const turned = rotation === 90 || rotation === 270;
  const width = turned ? box.height : box.width;
  const height = turned ? box.width : box.height;
  const toPage = (u: number, v: number): { x: number; y: number } => {
    switch (rotation) {
      case 90:
        return { x: box.x + box.width - v, y: box.y + u };
      case 180:
        return { x: box.x + box.width - u, y: box.y + box.height - v };
      case 270:
        return { x: box.x + v, y: box.y + box.height - u };
      default:
        return { x: box.x + u, y: box.y + v };
    }
  };
  return { width, height, rotation, toPage };
}

function stampPage(
  { degrees, rgb }: PdfLib,
  page: PDFPage,
  font: PDFFont,
  footer: string,
  watermark: string,
) {
  const view = viewFrame(page);

  // The footer: one line centred at the bottom, smaller when the page is narrow.
  const available = view.width - 2 * FOOTER_MARGIN;
  const size = Math.min(FOOTER_SIZE, (FOOTER_SIZE * available) / font.widthOfTextAtSize(footer, FOOTER_SIZE));
  const footerWidth = font.widthOfTextAtSize(footer, size);
  page.drawText(footer, {
    ...view.toPage((view.width - footerWidth) / 2, FOOTER_MARGIN - 4),
    size,
    font,
    color: rgb(0.35, 0.38, 0.42),
    rotate: degrees(view.rotation),
  });

  // The watermark: light, along the diagonal, centred.
  const angle = (Math.atan2(view.height, view.width) * 180) / Math.PI;
  const diagonal = Math.hypot(view.width, view.height);
  const markSize = Math.min(44, (0.7 * diagonal * 10) / font.widthOfTextAtSize(watermark, 10));
  const markWidth = font.widthOfTextAtSize(watermark, markSize);
  const rad = (angle * Math.PI) / 180;
  // Start so that the middle of the text's baseline-centred box sits at the centre of the page.
  const u = view.width / 2 - (Math.cos(rad) * markWidth) / 2 + (Math.sin(rad) * markSize) / 3;
  const v = view.height / 2 - (Math.sin(rad) * markWidth) / 2 - (Math.cos(rad) * markSize) / 3;
  page.drawText(watermark, {
    ...view.toPage(u, v),
    size: markSize,
    font,
    color: rgb(0.55, 0.58, 0.62),
    opacity: 0.14,
    rotate: degrees(view.rotation + angle),
  });
}

/**
 * The buyer's copy of a PDF: every page gets a footer line naming the buyer, their e-mail and the order, and a
 * light diagonal watermark (as Gumroad does). The original text stays as it was (still selectable and
 * searchable); the output depends only on the input, so a copy made twice has the same bytes.
 */
export async function stampPdf(original: Uint8Array, input: StampInput): Promise<Uint8Array> {
  const pdfLib = await loadPdfLib();
  const doc = await pdfLib.PDFDocument.load(original, { updateMetadata: false });
  const font = await embedUnicodeFont(doc);
  const footer = licenceLine(input);
  const watermark = `${input.name} · ${input.orderNumber}`;
  for (const page of doc.getPages()) stampPage(pdfLib, page, font, footer, watermark);
  doc.setModificationDate(STAMP_DATE);
  return doc.save({ useObjectStreams: true });
}
