import { inflateSync } from 'node:zlib';
import { loadPdfLib } from './load.ts';

/**
 * The text drawn in a PDF made by pdf-lib with the standard fonts: its content streams are deflated and the
 * strings hex-encoded in WinAnsi. Enough to check what a generated document says.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(new TextDecoder('windows-1252').decode(Buffer.from(text[1]!, 'hex')));
    }
  }
  return lines.join('\n');
}

type FontDecoder = (bytes: Buffer) => string;

const winAnsi = new TextDecoder('windows-1252');

/** The code → text map of a ToUnicode CMap (bfchar and bfrange entries). */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(parseInt(code!, 16), utf16(text!));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, target] of block[1]!.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g,
    )) {
      const start = parseInt(from!, 16);
      const end = parseInt(to!, 16);
      if (target!.startsWith('[')) {
        [...target!.matchAll(/<([0-9A-Fa-f]+)>/g)].forEach((m, i) => map.set(start + i, utf16(m[1]!)));
      } else {
        const base = Buffer.from(target!.slice(1, -1), 'hex');
        for (let code = start; code <= end; code += 1) {
          const value = Buffer.from(base);
          value.writeUInt16BE(value.readUInt16BE(value.length - 2) + (code - start), value.length - 2);
          map.set(code, value.swap16().toString('utf16le'));
        }
      }
    }
  }
  return map;
}

function literalBytes(literal: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < literal.length; i += 1) {
    const c = literal[i]!;
    if (c !== '\\') {
      out.push(c.charCodeAt(0) & 0xff);
      continue;
    }
    const next = literal[++i] ?? '';
    const octal = /^[0-7]{1,3}/.exec(literal.slice(i));
    if (octal) {
      out.push(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length - 1;
    } else {
      out.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
    }
  }
  return Buffer.from(out);
}

/**
 * The text of each page of a PDF, as a reader extracts it: the strings shown by its content streams, decoded
 * through each font's ToUnicode map (embedded Unicode fonts) or WinAnsi (standard fonts). Enough to check that
 * a generated or stamped document still says what it should.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<string[]> {
  const { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } =
    await loadPdfLib();
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const decode = (stream: unknown): string =>
    stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '';

  return doc.getPages().map((page) => {
    const decoders = new Map<string, FontDecoder>();
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = doc.context.lookup(ref);
      if (!(font instanceof PDFDict)) continue;
      const twoBytes = font.lookupMaybe(PDFName.of('Subtype'), PDFName)?.asString() === '/Type0';
      const toUnicode = font.lookupMaybe(PDFName.of('ToUnicode'), PDFStream);
      const map = toUnicode ? parseToUnicode(decode(toUnicode)) : undefined;
      decoders.set(name.asString(), (raw) => {
        if (!map) return winAnsi.decode(raw);
        let text = '';
        for (let i = 0; i + (twoBytes ? 1 : 0) < raw.length; i += twoBytes ? 2 : 1) {
          text += map.get(twoBytes ? raw.readUInt16BE(i) : raw[i]!) ?? '';
        }
        return text;
      });
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const lines: string[] = [];
    let current: FontDecoder = (raw) => winAnsi.decode(raw);
    const show = (raw: Buffer) => current(raw);
    for (const content of streams.map(decode)) {
      for (const match of content.matchAll(
        /\/([^\s/<>[\]()]+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj|\[((?:\\.|[^\]])*)\]\s*TJ/g,
      )) {
        if (match[1] !== undefined) current = decoders.get(`/${match[1]}`) ?? current;
        else if (match[2] !== undefined) lines.push(show(Buffer.from(match[2].replace(/\s/g, ''), 'hex')));
        else if (match[3] !== undefined) lines.push(show(literalBytes(match[3])));
        else if (match[4] !== undefined) {
          const parts = [...match[4].matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g)].map((p) =>
            show(p[1] !== undefined ? Buffer.from(p[1].replace(/\s/g, ''), 'hex') : literalBytes(p[2]!)),
          );
          lines.push(parts.join(''));
        }
      }
    }
    return lines.join('\n');
  });
}
