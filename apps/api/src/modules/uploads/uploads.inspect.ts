import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadSettings } from '../../config.ts';
import type { Storage } from '../storage/index.ts';
import { countPdfPages, PdfDamagedError } from './uploads.pdf.ts';
import type { FileType, UploadFlag, UploadSlot } from './uploads.types.ts';
import { inspectZip, ZipRefusal, type ZipContents } from './uploads.zip.ts';

/** Why content is refused; the service turns it into a 415 or 422 naming the part. */
export type RefusalCode =
  'upload.type' | 'upload.typeMismatch' | 'upload.unsafe' | 'upload.damaged' | 'upload.macros';

export class ContentRefusal extends Error {
  override name = 'ContentRefusal';
  readonly code: RefusalCode;
  constructor(code: RefusalCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The formats recognised, by their canonical extension. */
export type Kind =
  | 'pdf'
  | 'epub'
  | 'docx'
  | 'doc'
  | 'xlsx'
  | 'xlsm'
  | 'xls'
  | 'pptx'
  | 'ppt'
  | 'pbix'
  | 'pbit'
  | 'pub'
  | 'accdb'
  | 'mdb'
  | 'zip'
  | 'jpg'
  | 'png'
  | 'webp'
  | 'avif'
  | 'gif';

export const mimeByKind: Record<Kind, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  xls: 'application/vnd.ms-excel',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  pbix: 'application/vnd.ms-powerbi',
  pbit: 'application/vnd.ms-powerbi.template',
  pub: 'application/vnd.ms-publisher',
  accdb: 'application/msaccess',
  mdb: 'application/x-msaccess',
  zip: 'application/zip',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** What each file-product type accepts. */
export const kindsByFileType: Record<FileType, readonly Kind[]> = {
  pdf: ['pdf'],
  word: ['docx', 'doc'],
  excel: ['xlsx', 'xlsm', 'xls'],
  powerpoint: ['pptx', 'ppt'],
  powerbi: ['pbix', 'pbit'],
  publisher: ['pub'],
  access: ['accdb', 'mdb'],
  package: ['zip'],
};

const rasterKinds: readonly Kind[] = ['jpg', 'png', 'webp', 'avif', 'gif'];
const manuscriptKinds: readonly Kind[] = ['pdf', 'epub'];

function fileTypeOf(kind: Kind): FileType | undefined {
  return (Object.keys(kindsByFileType) as FileType[]).find((type) => kindsByFileType[type].includes(kind));
}

/** Bytes read from the start of a file to tell its format. */
const HEAD_BYTES = 64 * 1024;

async function readHead(storage: Storage, key: string, sizeBytes: number): Promise<Buffer> {
  const reader = await storage.openReader(key, { start: 0, end: Math.min(sizeBytes, HEAD_BYTES) - 1 });
  try {
    const head = Buffer.alloc(reader.length);
    let filled = 0;
    while (filled < head.length) {
      const read = await reader.read(head.subarray(filled));
      if (read === 0) break;
      filled += read;
    }
    return head.subarray(0, filled);
  } finally {
    await reader.close();
  }
}

/** A compound file (OLE2: .doc, .xls, .ppt, .pub, .msi…) holding a VBA project: its storage names say so. */
const vbaStorageName = Buffer.from('_VBA_PROJECT', 'utf16le');

async function streamContains(stream: Readable, needle: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(needle)) {
      stream.destroy();
      return true;
    }
    tail = window.subarray(Math.max(0, window.length - needle.length + 1));
  }
  return false;
}

const officeNameKinds: Record<string, Kind> = {
  doc: 'doc',
  xls: 'xls',
  ppt: 'ppt',
  pub: 'pub',
  dot: 'doc',
  xlt: 'xls',
  pot: 'ppt',
};
const compoundKindByFileType: Partial<Record<FileType, Kind>> = {
  word: 'doc',
  excel: 'xls',
  powerpoint: 'ppt',
  publisher: 'pub',
};

/** Tells an OOXML, EPUB or Power BI file from a plain zip by what it holds. */
function zipKind(contents: ZipContents): Kind {
  const names = new Set(contents.names);
  if (contents.texts.get('mimetype')?.trim() === 'application/epub+zip') return 'epub';
  if (names.has('[Content_Types].xml')) {
    const macros = contents.names.some(isVbaProject);
    if (contents.names.some((name) => name.startsWith('word/'))) return 'docx';
    if (names.has('xl/workbook.xml') || names.has('xl/workbook.bin')) return macros ? 'xlsm' : 'xlsx';
    if (names.has('ppt/presentation.xml')) return 'pptx';
    if (names.has('Report/Layout')) return names.has('DataModelSchema') ? 'pbit' : 'pbix';
  }
  return 'zip';
}

function isVbaProject(name: string): boolean {
  return /(^|\/)vbaProject\.bin$/i.test(name);
}

/** OOXML relationships to something outside the file, other than plain hyperlinks (templates, OLE links…). */
function hasExternalRelationships(contents: ZipContents): boolean {
  for (const [name, text] of contents.texts) {
    if (!name.endsWith('.rels')) continue;
    for (const tag of text.match(/<Relationship\b[^>]*>/g) ?? []) {
      if (
        /TargetMode\s*=\s*["']External["']/i.test(tag) &&
        !/Type\s*=\s*["'][^"']*\/hyperlink["']/i.test(tag)
      ) {
        return true;
      }
    }
  }
  return false;
}

export type Inspection = {
  kind: Kind;
  mime: string;
  fileType: FileType | null;
  pages: number | null;
  flags: UploadFlag[];
};

/**
 * Tells what a stored upload is from its content, and refuses what the slot does not take: the format (from
 * the first bytes; zips opened under budget and told apart by what they hold), the declared type, macros,
 * zip bombs and zip-slip names, PDFs that cannot be read. Covers are only recognised here; the service
 * re-encodes them.
 */
export async function inspectUpload(input: {
  storage: Storage;
  settings: UploadSettings;
  key: string;
  sizeBytes: number;
  slot: UploadSlot;
  originalName: string;
  declared: FileType | undefined;
}): Promise<Inspection> {
  const { storage, key, sizeBytes, slot, declared } = input;
  const head = await readHead(storage, key, sizeBytes);
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  const nameExtension = /\.([a-z0-9]{1,8})$/i.exec(input.originalName)?.[1]?.toLowerCase() ?? '';
  const flags = new Set<UploadFlag>();
  let kind: Kind | undefined;
  let macros = false;

  const accessSignature = head.subarray(4, 19).toString('latin1');
  if (accessSignature === 'Standard Jet DB') kind = 'mdb';
  else if (accessSignature === 'Standard ACE DB') kind = 'accdb';
  else if (detected?.mime === 'application/pdf') kind = 'pdf';
  else if (
    detected &&
    ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'].includes(detected.mime)
  ) {
    kind = (['jpg', 'png', 'webp', 'avif', 'gif'] as const)[
      ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'].indexOf(detected.mime)
    ];
  } else if (detected?.ext === 'cfb') {
    kind = officeNameKinds[nameExtension] ?? (declared ? compoundKindByFileType[declared] : undefined);
    if (kind && slot === 'file')
      macros = await streamContains(await storage.createReadStream(key), vbaStorageName);
  } else if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && slot !== 'cover') {
    let contents: ZipContents;
    try {
      contents = await inspectZip(storage, key, sizeBytes, input.settings.zip);
    } catch (error) {
      if (error instanceof ZipRefusal) {
        throw new ContentRefusal(
          error.reason === 'unsafe' ? 'upload.unsafe' : 'upload.damaged',
          error.message,
        );
      }
      throw error;
    }
    kind = zipKind(contents);
    macros = contents.names.some(isVbaProject);
    if (kind !== 'zip' && kind !== 'epub' && hasExternalRelationships(contents)) flags.add('external_links');
  }

  if (!kind)
    throw new ContentRefusal('upload.type', `not a format taken in (${detected?.mime ?? 'unknown'})`);
  const fileType = fileTypeOf(kind) ?? null;
  if (slot === 'cover') {
    if (!rasterKinds.includes(kind)) throw new ContentRefusal('upload.type', `a cover cannot be ${kind}`);
  } else if (slot === 'manuscript') {
    if (!manuscriptKinds.includes(kind))
      throw new ContentRefusal('upload.type', `a manuscript cannot be ${kind}`);
    if (macros) throw new ContentRefusal('upload.macros', 'a manuscript with macros');
  } else {
    if (!fileType) throw new ContentRefusal('upload.type', `a file cannot be ${kind}`);
    if (declared && fileType !== declared) {
      throw new ContentRefusal('upload.typeMismatch', `declared ${declared}, content is ${kind}`);
    }
    if (macros) {
      if (fileType === 'word' || fileType === 'powerpoint') {
        throw new ContentRefusal('upload.macros', `${kind} with macros`);
      }
      flags.add('macros');
    }
  }

  let pages: number | null = null;
  if (kind === 'pdf') pages = await pagesOf(storage, key);
  return {
    kind,
    mime: mimeByKind[kind],
    fileType: slot === 'file' ? fileType : null,
    pages,
    flags: [...flags],
  };
}

/** The page count of a stored PDF (read in a worker thread): one it cannot read, or without pages, is damaged. */
async function pagesOf(storage: Storage, key: string): Promise<number> {
  const stored = await storage.getObject(key);
  if (!stored) throw new ContentRefusal('upload.damaged', `no object ${key}`);
  try {
    return await countPdfPages(stored.bytes);
  } catch (error) {
    if (error instanceof PdfDamagedError) throw new ContentRefusal('upload.damaged', error.message);
    throw error;
  }
}
