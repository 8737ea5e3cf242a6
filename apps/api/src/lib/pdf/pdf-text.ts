import { inflateSync } from 'node:zlib';

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
