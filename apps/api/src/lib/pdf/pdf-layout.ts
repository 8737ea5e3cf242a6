import type { PDFDocument, PDFFont, PDFPage, RGB } from '@cantoo/pdf-lib';
import { embedUnicodeFont } from './fonts.ts';
import { colours, loadPdfLib, type PdfLib } from './load.ts';

/** A small flowing-text layout on pdf-lib: A4 pages, headings, wrapped paragraphs, lists, tables, page numbers. */

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 62;
const MARGIN_TOP = 70;
const MARGIN_BOTTOM = 70;
/** Fixed so that the same input gives the same bytes. */
const DOCUMENT_DATE = new Date('2026-01-05T09:00:00Z');

export type PdfMeta = {
  title: string;
  author: string;
  subject?: string;
  language: string;
  keywords?: string[];
  /** Small text at the top of every page but the first. */
  runningHeader?: string;
  /** Footer text; the page number is added on the right ("3 / 4"). */
  footer?: string;
  accent?: RGB;
  /** Embeds DejaVu Sans (any name, "Łukasz") instead of the standard fonts (WinAnsi only); no italic then. */
  unicode?: boolean;
};

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };

// Standard PDF fonts only cover WinAnsi; map the few typographic characters they lack.
const replacements: Record<string, string> = {
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2212': '-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2192': '->',
  '\u00a0': ' ',
};

/**
 * One paragraph's words set in lines no wider than `width` at `size`: a word wider than the line (a URL, a formula)
 * is cut rather than drawn over the next column. Always at least one line (empty for no words).
 */
export function fitWords(words: string[], font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

export class PdfWriter {
  readonly doc: PDFDocument;
  readonly fonts: Fonts;
  readonly meta: PdfMeta;
  readonly accent: RGB;
  readonly ink: RGB;
  /** Secondary text: running header, footer, notes. */
  readonly muted: RGB;
  /** The header row of a table. */
  private readonly shade: RGB;
  page!: PDFPage;
  y = 0;
  readonly width = A4[0] - 2 * MARGIN_X;
  private readonly charset: Set<number>;

  private constructor(pdfLib: PdfLib, doc: PDFDocument, fonts: Fonts, meta: PdfMeta) {
    this.doc = doc;
    this.fonts = fonts;
    this.meta = meta;
    const { ink, muted, shade } = colours(pdfLib);
    this.accent = meta.accent ?? pdfLib.rgb(0.11, 0.31, 0.85);
    this.ink = ink;
    this.muted = muted;
    this.shade = shade;
    this.charset = new Set(fonts.regular.getCharacterSet());
    this.newPage();
  }

  static async create(meta: PdfMeta): Promise<PdfWriter> {
    const pdfLib = await loadPdfLib();
    const { PDFDocument, StandardFonts } = pdfLib;
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title, { showInWindowTitleBar: true });
    doc.setAuthor(meta.author);
    if (meta.subject) doc.setSubject(meta.subject);
    if (meta.keywords) doc.setKeywords(meta.keywords);
    doc.setLanguage(meta.language);
    doc.setCreator('HLS');
    doc.setProducer('HLS (pdf-lib)');
    doc.setCreationDate(DOCUMENT_DATE);
    doc.setModificationDate(DOCUMENT_DATE);
    let fonts: Fonts;
    if (meta.unicode) {
      const regular = await embedUnicodeFont(doc, 'regular');
      fonts = { regular, bold: await embedUnicodeFont(doc, 'bold'), italic: regular };
    } else {
      fonts = {
        regular: await doc.embedFont(StandardFonts.Helvetica),
        bold: await doc.embedFont(StandardFonts.HelveticaBold),
        italic: await doc.embedFont(StandardFonts.HelveticaOblique),
      };
    }
    return new PdfWriter(pdfLib, doc, fonts, meta);
  }

  clean(text: string): string {
    let out = '';
    for (const char of text) {
      const mapped = replacements[char] ?? char;
      for (const c of mapped) out += this.charset.has(c.codePointAt(0)!) || c === ' ' ? c : '?';
    }
    return out;
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN_TOP;
    const pageIndex = this.doc.getPageCount();
    if (pageIndex > 1 && this.meta.runningHeader) {
      this.page.drawText(this.clean(this.meta.runningHeader), {
        x: MARGIN_X,
        y: A4[1] - 40,
        size: 8.5,
        font: this.fonts.regular,
        color: this.muted,
      });
      this.page.drawLine({
        start: { x: MARGIN_X, y: A4[1] - 47 },
        end: { x: A4[0] - MARGIN_X, y: A4[1] - 47 },
        thickness: 0.5,
        color: this.muted,
      });
    }
  }

  /** Starts a new page unless `height` points are still free. */
  ensure(height: number): void {
    if (this.y - height < MARGIN_BOTTOM) this.newPage();
  }

  space(height: number): void {
    this.y -= height;
  }

  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    return text.split('\n').flatMap((line) => fitWords(this.clean(line).split(/ +/), font, size, width));
  }

  text(
    text: string,
    options: {
      size?: number;
      font?: PDFFont;
      color?: RGB;
      indent?: number;
      lineGap?: number;
      after?: number;
      align?: 'left' | 'center';
    } = {},
  ): void {
    const size = options.size ?? 10.5;
    const font = options.font ?? this.fonts.regular;
    const indent = options.indent ?? 0;
    const leading = size * 1.4 + (options.lineGap ?? 0);
    for (const line of this.wrap(text, font, size, this.width - indent)) {
      this.ensure(leading);
      this.y -= leading;
      const x =
        options.align === 'center'
          ? MARGIN_X + (this.width - font.widthOfTextAtSize(line, size)) / 2
          : MARGIN_X + indent;
      this.page.drawText(line, { x, y: this.y + size * 0.3, size, font, color: options.color ?? this.ink });
    }
    this.y -= options.after ?? size * 0.6;
  }

  heading(text: string, level: 1 | 2 | 3 = 2): void {
    const size = level === 1 ? 20 : level === 2 ? 14 : 11.5;
    this.ensure(size * 4);
    this.y -= level === 1 ? 6 : 10;
    this.text(text, { size, font: this.fonts.bold, color: level === 3 ? this.ink : this.accent, after: 4 });
    if (level === 1) {
      this.page.drawRectangle({ x: MARGIN_X, y: this.y - 2, width: 56, height: 3, color: this.accent });
      this.y -= 12;
    }
  }

  paragraph(text: string): void {
    this.text(text, { after: 7 });
  }

  bullets(items: string[], numbered = false): void {
    items.forEach((item, i) => {
      const marker = numbered ? `${i + 1}.` : '•';
      const size = 10.5;
      const lines = this.wrap(item, this.fonts.regular, size, this.width - 18);
      this.ensure(size * 1.4);
      const top = this.y - size * 1.4;
      this.page.drawText(marker, {
        x: MARGIN_X + 2,
        y: top + size * 0.3,
        size,
        font: this.fonts.regular,
        color: this.accent,
      });
      lines.forEach((line) => {
        this.ensure(size * 1.4);
        this.y -= size * 1.4;
        this.page.drawText(line, {
          x: MARGIN_X + 18,
          y: this.y + size * 0.3,
          size,
          font: this.fonts.regular,
          color: this.ink,
        });
      });
      this.y -= 3;
    });
    this.y -= 5;
  }

  /**
   * A simple ruled table; the first row is a shaded header unless `header` is false, drawn again at the top of
   * each page the table runs onto. Widths are fractions of the text width; `align` right-aligns columns (amounts).
   */
  table(rows: string[][], widths: number[], header = true, align: ('left' | 'right')[] = []): void {
    const size = 9.5;
    const padding = 4;
    const draw = (row: string[], shaded: boolean) => {
      const font = shaded ? this.fonts.bold : this.fonts.regular;
      const cells = row.map((cell, i) => this.wrap(cell, font, size, widths[i]! * this.width - 2 * padding));
      const height = Math.max(...cells.map((c) => c.length)) * size * 1.3 + 2 * padding;
      const pageBefore = this.page;
      this.ensure(height);
      if (this.page !== pageBefore && header && !shaded) draw(rows[0]!, true);
      const top = this.y;
      if (shaded) {
        this.page.drawRectangle({
          x: MARGIN_X,
          y: top - height,
          width: this.width,
          height,
          color: this.shade,
        });
      }
      let x = MARGIN_X;
      cells.forEach((lines, i) => {
        const columnWidth = widths[i]! * this.width;
        lines.forEach((line, l) => {
          this.page.drawText(line, {
            x:
              align[i] === 'right'
                ? x + columnWidth - padding - font.widthOfTextAtSize(line, size)
                : x + padding,
            y: top - padding - (l + 1) * size * 1.3 + size * 0.35,
            size,
            font,
            color: this.ink,
          });
        });
        x += columnWidth;
      });
      this.page.drawLine({
        start: { x: MARGIN_X, y: top - height },
        end: { x: MARGIN_X + this.width, y: top - height },
        thickness: 0.5,
        color: this.muted,
      });
      this.y = top - height;
    };
    rows.forEach((row, rowIndex) => draw(row, rowIndex === 0 && header));
    this.y -= 12;
  }

  /** Page numbers and footer on every page, then the bytes. */
  async finish(): Promise<Buffer> {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const number = `${i + 1} / ${pages.length}`;
      const size = 8.5;
      if (this.meta.footer) {
        page.drawText(this.clean(this.meta.footer), {
          x: MARGIN_X,
          y: 36,
          size,
          font: this.fonts.regular,
          color: this.muted,
        });
      }
      page.drawText(number, {
        x: A4[0] - MARGIN_X - this.fonts.regular.widthOfTextAtSize(number, size),
        y: 36,
        size,
        font: this.fonts.regular,
        color: this.muted,
      });
    });
    return Buffer.from(await this.doc.save());
  }
}
