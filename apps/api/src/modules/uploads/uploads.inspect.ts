import type CFB from 'cfb';
import type { UploadSettings } from '../../config.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { Storage } from '../storage/index.ts';
import { countPdfPages, PdfDamagedError } from './uploads.pdf.ts';
import type { FileType, UploadFlag, UploadSlot } from './uploads.types.ts';
import { inspectZip, ZipRefusal, type ZipContents } from './uploads.zip.ts';

/** Loaded with the first compound file inspected (Office 97–2003): an idle server does not hold it. */
const cfb = onFirstUse<typeof CFB>('cfb');

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

/** The canonical extension of a format taken in, by its MIME type (as `inspectUpload` stores it). */
export function extensionOfMime(mime: string): string | undefined {
  return (Object.keys(mimeByKind) as Kind[]).find((kind) => mimeByKind[kind] === mime);
}

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

/**
 * The streams a compound file (OLE2) of each Office kind holds at its root: a Word document its `WordDocument`
 * stream, a workbook `Workbook` (or `Book` before Excel 97), a presentation `PowerPoint Document`, a Publisher
 * file its `Quill` storage. Other compound files (an MSI installer, a Visio drawing…) hold none of them.
 */
const compoundKinds: [Kind, string[]][] = [
  ['doc', ['WordDocument']],
  ['xls', ['Workbook', 'Book']],
  ['ppt', ['PowerPoint Document']],
  ['pub', ['Quill']],
];

/** What a compound file is, from the streams at its root, and whether it holds a VBA project. */
async function inspectCompound(storage: Storage, key: string): Promise<{ kind: Kind; macros: boolean }> {
  const stored = await storage.getObject(key);
  if (!stored) throw new ContentRefusal('upload.damaged', `no object ${key}`);
  let container: CFB.CFB$Container;
  try {
    container = cfb().read(stored.bytes, { type: 'buffer' });
  } catch (error) {
    throw new ContentRefusal('upload.damaged', `unreadable compound file: ${(error as Error).message}`);
  }
  // FullPaths are "Root Entry/Name" at the root, "Root Entry/Storage/Name" below it.
  const atRoot = new Set(
    container.FullPaths.map((path) => path.replace(/\/$/, '').split('/'))
      .filter((parts) => parts.length === 2)
      .map((parts) => parts[1]!),
  );
  const kind = compoundKinds.find(([, streams]) => streams.some((name) => atRoot.has(name)))?.[0];
  if (!kind) {
    throw new ContentRefusal(
      'upload.type',
      'a compound file that is no Word, Excel, PowerPoint or Publisher document (an installer?)',
    );
  }
  const macros = container.FileIndex.some((entry) => /^_VBA_PROJECT/i.test(entry.name));
  return { kind, macros };
}

/**
 * An Access database by its header page: the bytes 00 01 00 00, the engine's name ("Standard Jet DB" for .mdb,
 * "Standard ACE DB" for .accdb) closed by a NUL, and a size in whole pages (2 KB for Jet 3, 4 KB after).
 */
function accessKind(head: Buffer, sizeBytes: number): Kind | undefined {
  const engine = head.subarray(4, 19).toString('latin1');
  if (engine !== 'Standard Jet DB' && engine !== 'Standard ACE DB') return undefined;
  const pageSize = head[0x14] === 0 ? 2048 : 4096;
  const wellFormed =
    head.length > 0x14 && head.readUInt32LE(0) === 0x100 && head[19] === 0 && sizeBytes >= pageSize;
  if (!wellFormed || sizeBytes % pageSize !== 0) {
    throw new ContentRefusal('upload.type', `not an Access database, though it names "${engine}"`);
  }
  return engine === 'Standard Jet DB' ? 'mdb' : 'accdb';
}

/** Files that run: a package holding one is refused, whatever else it holds. */
const EXECUTABLE_NAME =
  /\.(exe|msi|msp|msix|appx|dll|sys|com|scr|cpl|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|wsh|hta|jar|apk|ipa|app|dmg|pkg|deb|rpm|sh|run|elf|so|dylib|lnk|reg|msc)$/i;

/**
 * Tells an OOXML, EPUB or Power BI file from a plain zip by what it holds. An EPUB's first entry is `mimetype`,
 * holding `application/epub+zip` (OCF): a zip with that entry elsewhere is no EPUB a reading system can open.
 */
function zipKind(contents: ZipContents): Kind {
  const names = new Set(contents.names);
  if (contents.names[0] === 'mimetype' && contents.texts.get('mimetype')?.trim() === 'application/epub+zip') {
    return 'epub';
  }
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
  // Loaded with the first upload inspected: an idle server does not hold it.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  const flags = new Set<UploadFlag>();
  let kind: Kind | undefined;
  let macros = false;

  const access = accessKind(head, sizeBytes);
  if (access) kind = access;
  else if (detected?.mime === 'application/pdf') kind = 'pdf';
  else if (
    detected &&
    ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'].includes(detected.mime)
  ) {
    kind = (['jpg', 'png', 'webp', 'avif', 'gif'] as const)[
      ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'].indexOf(detected.mime)
    ];
  } else if (detected?.ext === 'cfb' && slot === 'file') {
    ({ kind, macros } = await inspectCompound(storage, key));
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
    const program = kind === 'zip' && contents.names.find((name) => EXECUTABLE_NAME.test(name));
    if (program) throw new ContentRefusal('upload.unsafe', `a package holding a program (${program})`);
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

/** What may follow a PDF's last `%%EOF`: line ends, spaces and the NULs some writers pad with. */
const PDF_TAIL = /^[\s\0]*$/;

/**
 * The page count of a stored PDF (read in a worker thread): one it cannot read, or without pages, is damaged.
 * Bytes after its end (a zip appended, which unzips as well as it opens) are refused: the buyer gets the file
 * exactly as stored, so it must be a PDF and nothing else.
 */
async function pagesOf(storage: Storage, key: string): Promise<number> {
  const stored = await storage.getObject(key);
  if (!stored) throw new ContentRefusal('upload.damaged', `no object ${key}`);
  const end = stored.bytes.lastIndexOf('%%EOF');
  if (end < 0) throw new ContentRefusal('upload.damaged', 'a PDF without its end marker');
  if (!PDF_TAIL.test(stored.bytes.subarray(end + 5).toString('latin1'))) {
    throw new ContentRefusal('upload.unsafe', 'data after the end of the PDF');
  }
  try {
    return await countPdfPages(stored.bytes);
  } catch (error) {
    if (error instanceof PdfDamagedError) throw new ContentRefusal('upload.damaged', error.message);
    throw error;
  }
}
