import { strFromU8, unzipSync, zipSync, type Zippable } from 'fflate';

/** An EPUB's own media type: the `mimetype` entry's text, first in the zip and stored uncompressed. */
export const EPUB_MIME = 'application/epub+zip';

/** An EPUB whose container cannot be read (no zip, no container.xml, no package document). */
export class EpubUnreadableError extends Error {
  override name = 'EpubUnreadableError';
}

/** An EPUB opened in memory: its entries in zip order, and its package document (OPF). */
export type EpubArchive = {
  entries: Map<string, Uint8Array>;
  opfPath: string;
  opf: string;
};

/** The full-path of the first rootfile named by META-INF/container.xml. */
function rootfilePath(container: string): string | undefined {
  const tag = /<(?:\w+:)?rootfile\b[^>]*>/.exec(container)?.[0];
  return tag ? /full-path\s*=\s*["']([^"']+)["']/.exec(tag)?.[1] : undefined;
}

/** Opens an EPUB held in memory (the manuscript size limit bounds it). */
export function readEpub(bytes: Uint8Array): EpubArchive {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    throw new EpubUnreadableError(`not a readable zip: ${(error as Error).message}`);
  }
  const entries = new Map(Object.entries(files));
  const container = entries.get('META-INF/container.xml');
  if (!container) throw new EpubUnreadableError('no META-INF/container.xml');
  const opfPath = rootfilePath(strFromU8(container));
  const opf = opfPath ? entries.get(opfPath) : undefined;
  if (!opfPath || !opf) throw new EpubUnreadableError('no package document');
  return { entries, opfPath, opf: strFromU8(opf) };
}

/**
 * Zips an EPUB's entries: `mimetype` first and stored (no compression, no extra field), as the OCF container
 * requires, then the others deflated in their order.
 */
export function writeEpub(entries: Map<string, Uint8Array>): Uint8Array {
  const zippable: Zippable = { mimetype: [new TextEncoder().encode(EPUB_MIME), { level: 0 }] };
  for (const [name, data] of entries) {
    if (name === 'mimetype' || name.endsWith('/')) continue;
    zippable[name] = [data, { level: 6 }];
  }
  return zipSync(zippable);
}

/** Text safe inside XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}
