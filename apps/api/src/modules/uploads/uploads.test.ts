import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32 } from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import CFB from 'cfb';
import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../../test/helper.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { streamMultipart, type ReceivedFile, type UploadSpec } from './index.ts';

/** A full garbage collection (V8's gc, reached without starting the process with --expose-gc). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

let app: FastifyInstance;
let database: Database;
let config: Config;
let dir: string;
const MB = 1024 * 1024;

/**
 * The whole app, plus a test route that takes uploads the way the submission routes do: a cover, a
 * manuscript and a file, the file's type declared by the `fileType` field.
 */
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hls-uploads-test-'));
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://shop.test',
    WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    UPLOAD_COVER_MAX_MB: '1',
    UPLOAD_MANUSCRIPT_MAX_MB: '8',
    UPLOAD_FILE_MAX_MB: '48',
  });
  database = await openTestDatabase();
  app = await buildApp(config, { database, runMailSender: false, runJobs: false });
  app.post('/test/uploads', { config: streamMultipart }, async (request) => {
    const spec: UploadSpec = {
      files: { cover: 'cover', manuscript: 'manuscript', file: 'file' },
      keyPrefix: 'test/uploads',
      declaredFileType: (fields) => fields.fileType as never,
    };
    return app.uploads.receiveMultipart(request, spec);
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every object (and temp file) stored under the test prefix. */
function storedObjects(): string[] {
  try {
    return readdirSync(path.join(config.storageDir, 'objects', 'test', 'uploads'));
  } catch {
    return [];
  }
}

afterEach(async () => {
  // Each test leaves storage as it found it: what it accepted is discarded by the test itself.
  expect(storedObjects()).toEqual([]);
});

/** Waits (up to 3 s) until `check` holds. */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 150 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

type Part =
  { name: string; value: string } | { name: string; bytes: Uint8Array; filename: string; type?: string };

async function send(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else {
      const blob = new Blob([Buffer.from(part.bytes)], { type: part.type ?? 'application/octet-stream' });
      form.append(part.name, blob, part.filename);
    }
  }
  const request = new Request('http://x', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/test/uploads?lng=en',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Sends one file and expects a refusal: its status and field code; nothing may stay in storage. */
async function expectRefused(parts: Part[], status: number, field: string, code: string) {
  const response = await send(parts);
  expect(response.statusCode, response.body).toBe(status);
  const error = response.json().error;
  expect(error.code).toBe(status === 413 ? 'payload_too_large' : 'upload_rejected');
  expect(error.fields).toEqual({ [field]: message(code) });
  expect(storedObjects()).toEqual([]);
}

/** The English message the API answers for a field code (its translation in the `validation` namespace). */
function message(code: string): string {
  const catalogue = JSON.parse(readFileSync(path.join(config.localesDir, 'en', 'validation.json'), 'utf8'));
  const lookup = (key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  return (lookup(code) ?? lookup('generic.invalid')) as string;
}

/** Sends files and expects them taken in; returns them (discard them once checked). */
async function accepted(parts: Part[]): Promise<ReceivedFile[]> {
  const response = await send(parts);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().files as ReceivedFile[];
}

async function pdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) {
    document.addPage([300, 400]).drawText(`Page ${i + 1}`, { x: 20, y: 300 });
  }
  return document.save();
}

async function docx(): Promise<Uint8Array> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('A chapter.')] }] }));
}

async function xlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Budget').addRows([
    ['Item', 'Amount'],
    ['Paper', 12],
  ]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The zip `bytes` with entries added (or replaced). */
function withEntries(bytes: Uint8Array, entries: Zippable): Uint8Array {
  return zipSync({ ...unzipSync(bytes), ...entries });
}

/** A VBA project's container as Office stores it (its bytes do not matter: its name gives it away). */
const vbaProject = new Uint8Array([
  0xd0,
  0xcf,
  0x11,
  0xe0,
  0xa1,
  0xb1,
  0x1a,
  0xe1,
  ...new Array(504).fill(0),
]);

/** A 64-bit ELF executable's header. */
const elf = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(8),
  Buffer.from([0x02, 0x00, 0x3e, 0x00, 0x01, 0x00, 0x00, 0x00]),
  Buffer.alloc(4000),
]);

/**
 * A zip of one entry of `size` zero bytes whose local and central headers then claim `claimed` bytes
 * uncompressed (fflate writes no data descriptor: the sizes are in both headers).
 */
function zipOfZeros(size: number, claimed = size): Uint8Array {
  const bytes = Buffer.from(zipSync({ 'zeros.bin': new Uint8Array(size) }, { level: 9 }));
  if (claimed !== size) {
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    bytes.writeUInt32LE(claimed, 22); // local header: uncompressed size
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(bytes.readUInt32LE(central + 24)).toBe(size);
    bytes.writeUInt32LE(claimed, central + 24); // central directory: uncompressed size
  }
  return bytes;
}

/** A compound file (OLE2) holding the given streams at its root, as Office and Windows Installer write them. */
function compound(streams: Record<string, string>): Uint8Array {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams))
    CFB.utils.cfb_add(container, `/${name}`, Buffer.from(content));
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer);
}

/** An Access database's header page (`engine` at byte 4) padded to `pages` pages of 4 KB. */
function accessDatabase(engine: 'Standard Jet DB' | 'Standard ACE DB', pages = 2): Buffer {
  const bytes = Buffer.alloc(4096 * pages);
  bytes.writeUInt32LE(0x100, 0);
  bytes.write(engine, 4, 'latin1');
  bytes[0x14] = 1;
  return bytes;
}

describe('accepted uploads', () => {
  it('a PDF: stored under a generated name, with its page count, size and hash', async () => {
    const bytes = await pdf(7);
    const [file] = await accepted([
      { name: 'fileType', value: 'pdf' },
      { name: 'file', bytes, filename: '../Rapport annuel.PDF' },
    ]);
    expect(file).toMatchObject({
      slot: 'file',
      mime: 'application/pdf',
      pages: 7,
      fileType: 'pdf',
      extension: 'pdf',
      originalName: 'Rapport annuel.PDF',
      sizeBytes: bytes.byteLength,
      width: null,
      flags: [],
    });
    expect(file!.storageKey).toMatch(/^test\/uploads\/[0-9a-f-]{36}\.pdf$/);
    const stored = await app.storage.getObject(file!.storageKey);
    expect(stored?.object.sha256).toBe(file!.sha256);
    expect(Buffer.compare(stored!.bytes, Buffer.from(bytes))).toBe(0);
    await app.uploads.discard([file!]);
  });

  it('a DOCX, an XLSX and a zip package, each as its declared type', async () => {
    for (const [fileType, bytes, name, extension] of [
      ['word', await docx(), 'chapter.docx', 'docx'],
      ['excel', await xlsx(), 'budget.xlsx', 'xlsx'],
      [
        'package',
        zipSync({ 'data/a.csv': strToU8('a,b\n1,2\n'), 'README.txt': strToU8('hi') }),
        'kit.zip',
        'zip',
      ],
    ] as const) {
      const [file] = await accepted([
        { name: 'fileType', value: fileType },
        { name: 'file', bytes, filename: name },
      ]);
      expect(file).toMatchObject({ fileType, extension, flags: [], pages: null });
      expect(file!.storageKey.endsWith(`.${extension}`)).toBe(true);
      await app.uploads.discard([file!]);
    }
  });

  it('a manuscript: PDF or EPUB', async () => {
    const epub = zipSync({
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8('<container/>'),
    });
    const files = await accepted([{ name: 'manuscript', bytes: epub, filename: 'book.epub' }]);
    expect(files[0]).toMatchObject({
      slot: 'manuscript',
      mime: 'application/epub+zip',
      fileType: null,
      extension: 'epub',
    });
    await app.uploads.discard(files);
    // Its `mimetype` entry not first: a zip, which no manuscript is.
    const misplaced = zipSync({
      'META-INF/container.xml': strToU8('<container/>'),
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    });
    await expectRefused(
      [{ name: 'manuscript', bytes: misplaced, filename: 'book.epub' }],
      415,
      'manuscript',
      'upload.type',
    );
  });

  it('PNG and JPEG covers: re-encoded to WebP of at most 1600 px, their metadata dropped', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#993366' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Someone', Artist: 'GPS here' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    for (const [bytes, width, height] of [
      [png, 1600, 800],
      [jpeg, 800, 1200],
    ] as const) {
      const [cover] = await accepted([{ name: 'cover', bytes, filename: 'cover.img' }]);
      expect(cover).toMatchObject({ slot: 'cover', mime: 'image/webp', width, height, extension: 'webp' });
      const stored = await app.storage.getObject(cover!.storageKey);
      const metadata = await sharp(stored!.bytes).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height });
      expect(metadata.exif).toBeUndefined();
      await app.uploads.discard([cover!]);
    }
  });

  it('an Excel workbook with macros or external links: taken in and flagged for the editors', async () => {
    const rels =
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLinkPath" Target="file:///C:/secret.xlsx" TargetMode="External"/></Relationships>';
    const bytes = withEntries(await xlsx(), {
      'xl/vbaProject.bin': vbaProject,
      'xl/externalLinks/_rels/externalLink1.xml.rels': strToU8(rels),
    });
    const [file] = await accepted([
      { name: 'fileType', value: 'excel' },
      { name: 'file', bytes, filename: 'tool.xlsm' },
    ]);
    expect(file).toMatchObject({ fileType: 'excel', extension: 'xlsm' });
    expect(file!.flags.sort()).toEqual(['external_links', 'macros']);
    await app.uploads.discard([file!]);
  });

  it('plain hyperlinks in a document are not external links worth a flag; an empty file input is no file', async () => {
    const rels =
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.org" TargetMode="External"/></Relationships>';
    const bytes = withEntries(await docx(), { 'word/_rels/document.xml.rels': strToU8(rels) });
    const files = await accepted([
      { name: 'fileType', value: 'word' },
      { name: 'file', bytes, filename: 'links.docx' },
      { name: 'cover', bytes: new Uint8Array(0), filename: '' },
    ]);
    expect(files).toHaveLength(1);
    expect(files[0]!.flags).toEqual([]);
    await app.uploads.discard(files);
  });
});

describe('refused uploads (nothing stays in storage)', () => {
  it('HTML, text and an ELF executable named .pdf: 415 upload.type', async () => {
    for (const bytes of [
      Buffer.from('<!doctype html><html><script>fetch("/api/me")</script></html>'),
      Buffer.from('just some text\n'),
      elf,
    ]) {
      await expectRefused(
        [
          { name: 'fileType', value: 'pdf' },
          { name: 'file', bytes, filename: 'invoice.pdf', type: 'application/pdf' },
        ],
        415,
        'file',
        'upload.type',
      );
    }
    const response = await send([{ name: 'file', bytes: elf, filename: 'invoice.pdf' }]);
    expect(response.json().error.fields.file).toBeTruthy();
  });

  it('files disguised by a signature string: HTML or an executable naming "Standard Jet DB", an installer as Word or Publisher: 415 upload.type', async () => {
    const html = Buffer.from('<!--Standard Jet DB--><html><script>fetch("/api/me")</script></html>');
    const executable = Buffer.concat([
      Buffer.from('MZ\x90\x00', 'latin1'),
      Buffer.from('Standard Jet DB\0'),
      elf,
    ]);
    for (const [fileType, bytes, filename] of [
      ['access', html, 'report.html'],
      ['access', executable, 'setup.mdb'],
      ['word', compound({ '\u0005SummaryInformation': 'x', '!_StringData': 'msi' }), 'letter.doc'],
      ['publisher', compound({ '\u0005SummaryInformation': 'x', '!_Validation': 'msi' }), 'flyer.pub'],
    ] as const) {
      await expectRefused(
        [
          { name: 'fileType', value: fileType },
          { name: 'file', bytes, filename },
        ],
        415,
        'file',
        'upload.type',
      );
    }
  });

  it('a package holding a program, and a PDF with a zip appended: 422 upload.unsafe', async () => {
    await expectRefused(
      [
        { name: 'fileType', value: 'package' },
        {
          name: 'file',
          bytes: zipSync({ 'README.txt': strToU8('run me'), 'tools/setup.exe': elf }),
          filename: 'kit.zip',
        },
      ],
      422,
      'file',
      'upload.unsafe',
    );
    const polyglot = Buffer.concat([
      Buffer.from(await pdf(1)),
      Buffer.from(zipSync({ 'a.txt': strToU8('x') })),
    ]);
    await expectRefused(
      [
        { name: 'fileType', value: 'pdf' },
        { name: 'file', bytes: polyglot, filename: 'manual.pdf' },
      ],
      422,
      'file',
      'upload.unsafe',
    );
  });

  it('Word, Excel and Publisher compound files and Access databases are told by their structure, whatever their name', async () => {
    for (const [fileType, bytes, extension] of [
      ['word', compound({ WordDocument: 'w', '1Table': 't' }), 'doc'],
      ['excel', compound({ Workbook: 'b' }), 'xls'],
      ['publisher', compound({ Quill: 'q', Contents: 'c' }), 'pub'],
      ['access', accessDatabase('Standard Jet DB'), 'mdb'],
      ['access', accessDatabase('Standard ACE DB', 3), 'accdb'],
    ] as const) {
      const [file] = await accepted([
        { name: 'fileType', value: fileType },
        { name: 'file', bytes, filename: 'upload.bin' },
      ]);
      expect(file, fileType).toMatchObject({ fileType, extension });
      await app.uploads.discard([file!]);
    }
  });

  it('a type other than the one declared: 415 upload.typeMismatch', async () => {
    for (const [fileType, bytes] of [
      ['word', await pdf(1)],
      ['pdf', await docx()],
      ['excel', await docx()],
      ['package', await xlsx()],
    ] as const) {
      await expectRefused(
        [
          { name: 'fileType', value: fileType },
          { name: 'file', bytes, filename: 'f.bin' },
        ],
        415,
        'file',
        'upload.typeMismatch',
      );
    }
  });

  it('a Word document or a manuscript with a macro: 422 upload.macros', async () => {
    const macro = withEntries(await docx(), { 'word/vbaProject.bin': vbaProject });
    await expectRefused(
      [
        { name: 'fileType', value: 'word' },
        { name: 'file', bytes: macro, filename: 'letter.docm' },
      ],
      422,
      'file',
      'upload.macros',
    );
    // Without a declared type, the content says Word: still refused.
    await expectRefused(
      [{ name: 'file', bytes: macro, filename: 'letter.docx' }],
      422,
      'file',
      'upload.macros',
    );
  });

  it('a zip bomb with an honest header: 422 upload.unsafe before inflating it', async () => {
    const bomb = zipOfZeros(40 * MB);
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    await expectRefused(
      [
        { name: 'fileType', value: 'package' },
        { name: 'file', bytes: bomb, filename: 'bomb.zip' },
      ],
      422,
      'file',
      'upload.unsafe',
    );
  });

  it('a zip bomb whose header lies about its size: stopped while inflating, 422 upload.unsafe', async () => {
    // The header says 1,000 bytes: only counting what inflates refuses it (a check of the headers would take it).
    const liar = zipOfZeros(40 * MB, 1000);
    await expectRefused(
      [
        { name: 'fileType', value: 'package' },
        { name: 'file', bytes: liar, filename: 'small.zip' },
      ],
      422,
      'file',
      'upload.unsafe',
    );
    // The same lie inside an Office file.
    const office = withEntries(await docx(), {});
    const patched = Buffer.from(
      zipSync({ ...unzipSync(office), 'word/media/blank.bin': new Uint8Array(40 * MB) }),
    );
    const declaredSmall = Buffer.from(patched);
    const name = Buffer.from('word/media/blank.bin');
    const at = declaredSmall.indexOf(name, declaredSmall.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    declaredSmall.writeUInt32LE(1000, at - 46 + 24);
    await expectRefused(
      [
        { name: 'fileType', value: 'word' },
        { name: 'file', bytes: declaredSmall, filename: 'small.docx' },
      ],
      422,
      'file',
      'upload.unsafe',
    );
  });

  it('zip-slip names: 422 upload.unsafe', async () => {
    for (const name of ['../../evil', 'docs/../../evil.sh', '/etc/cron.d/evil', 'C:/evil.bat']) {
      await expectRefused(
        [
          { name: 'fileType', value: 'package' },
          { name: 'file', bytes: zipSync({ [name]: strToU8('#!/bin/sh\n') }), filename: 'kit.zip' },
        ],
        422,
        'file',
        'upload.unsafe',
      );
    }
    // A backslash name (how Windows tools write `..\..\evil`).
    const zip = Buffer.from(zipSync({ '__/__/evil': strToU8('x') }));
    for (let at = zip.indexOf('__/__/evil'); at !== -1; at = zip.indexOf('__/__/evil', at + 1)) {
      zip.write('..\\..\\evil', at, 'latin1');
    }
    await expectRefused([{ name: 'file', bytes: zip, filename: 'kit.zip' }], 422, 'file', 'upload.unsafe');
  });

  it('an SVG cover (with a script), and a PDF as cover: 415 upload.type', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    await expectRefused(
      [{ name: 'cover', bytes: svg, filename: 'cover.svg', type: 'image/svg+xml' }],
      415,
      'cover',
      'upload.type',
    );
    await expectRefused(
      [{ name: 'cover', bytes: await pdf(1), filename: 'cover.png' }],
      415,
      'cover',
      'upload.type',
    );
  });

  it('a damaged PDF or image: 422 upload.damaged', async () => {
    const good = Buffer.from(await pdf(2));
    const damaged = Buffer.concat([good.subarray(0, 40), Buffer.alloc(400, 0x41)]);
    await expectRefused(
      [
        { name: 'fileType', value: 'pdf' },
        { name: 'file', bytes: damaged, filename: 'broken.pdf' },
      ],
      422,
      'file',
      'upload.damaged',
    );
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expectRefused(
      [{ name: 'cover', bytes: png.subarray(0, 200), filename: 'cut.png' }],
      422,
      'cover',
      'upload.damaged',
    );
  });

  it('every file of the request is removed when one of them is refused', async () => {
    const cover = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await send([
      { name: 'cover', bytes: cover, filename: 'cover.png' },
      { name: 'manuscript', bytes: await pdf(3), filename: 'book.pdf' },
      { name: 'file', bytes: elf, filename: 'x.pdf' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(storedObjects()).toEqual([]);
  });

  it('a file part the route does not take, or a slot sent twice: 400', async () => {
    const unexpected = await send([{ name: 'avatar', bytes: await pdf(1), filename: 'a.pdf' }]);
    expect(unexpected.statusCode).toBe(400);
    expect(unexpected.json().error.fields).toHaveProperty('avatar');
    const twice = await send([
      { name: 'manuscript', bytes: await pdf(1), filename: 'a.pdf' },
      { name: 'manuscript', bytes: await pdf(1), filename: 'b.pdf' },
    ]);
    expect(twice.statusCode).toBe(400);
  });

  it('a file over its slot’s limit: 413 upload.tooLarge', async () => {
    const png = Buffer.concat([
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      Buffer.alloc(MB + 10),
    ]);
    await expectRefused([{ name: 'cover', bytes: png, filename: 'x.png' }], 413, 'cover', 'upload.tooLarge');
  });

  it('a text part longer than a form field may be: 413 generic.tooLong, nothing kept', async () => {
    await expectRefused(
      [
        { name: 'description', value: 'x'.repeat(65 * 1024) },
        { name: 'manuscript', bytes: await pdf(1), filename: 'x.pdf' },
      ],
      413,
      'description',
      'generic.tooLong',
    );
  });
});

describe('a large upload over a real connection', () => {
  let url: URL;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/test/uploads`);
  });

  /**
   * Streams a multipart body to the test route: the `fields`, then one file part of `size` bytes, `head`
   * followed by `filler` repeated (all of it produced while sending, never held whole).
   */
  function upload(file: {
    name: string;
    filename: string;
    size: number;
    head: Buffer;
    filler: Buffer;
    fields?: Record<string, string>;
    trailer?: Buffer;
    abortAfter?: number;
  }) {
    const boundary = `----hls${Date.now()}`;
    const fields = Object.entries(file.fields ?? {})
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('');
    const opening = Buffer.from(
      `${fields}--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    );
    const trailer = file.trailer ?? Buffer.alloc(0);
    const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
    const fillerBytes = file.size - file.head.length - trailer.length;
    return new Promise<{ status: number; body: string } | 'aborted'>((resolve, reject) => {
      let answered = false;
      const request = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': opening.length + file.size + closing.length,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            // Answered before the whole body was sent (a refusal): stop sending, as browsers do.
            answered = true;
            request.destroy();
            resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() });
          });
        },
      );
      request.on('error', (error) => (file.abortAfter || answered ? resolve('aborted') : reject(error)));
      request.write(Buffer.concat([opening, file.head]));
      let sent = 0;
      const pump = () => {
        while (sent < fillerBytes) {
          if (answered) return;
          if (file.abortAfter && sent >= file.abortAfter) {
            // Goes away once the server is writing the file.
            void eventually(() => storedObjects().length > 0).then(() => {
              request.destroy();
              resolve('aborted');
            });
            return;
          }
          const bytes = file.filler.subarray(0, Math.min(file.filler.length, fillerBytes - sent));
          sent += bytes.length;
          if (!request.write(bytes)) return void request.once('drain', pump);
        }
        request.end(Buffer.concat([trailer, closing]));
      };
      pump();
    });
  }

  /** A zip of one stored (uncompressed) entry of `size` bytes: `piece` repeated; its headers and trailer. */
  function storedZip(entrySize: number, piece: Buffer) {
    let crc = 0;
    for (let done = 0; done < entrySize; done += piece.length) {
      crc = crc32(piece.subarray(0, Math.min(piece.length, entrySize - done)), crc);
    }
    const name = Buffer.from('data/big.bin');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entrySize, 18);
    local.writeUInt32LE(entrySize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entrySize, 20);
    central.writeUInt32LE(entrySize, 24);
    central.writeUInt16LE(name.length, 28);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(local.length + name.length + entrySize, 16);
    return {
      head: Buffer.concat([local, name]),
      trailer: Buffer.concat([central, name, end]),
      size: local.length + name.length + entrySize + central.length + name.length + end.length,
    };
  }

  it('answers 413 for a file over the limit and keeps nothing', async () => {
    const outcome = await upload({
      name: 'file',
      filename: 'big.pdf',
      size: 60 * MB,
      head: Buffer.from('%PDF-1.7\n'),
      filler: Buffer.alloc(64 * 1024, 0x20),
    });
    expect(outcome).not.toBe('aborted');
    const { status, body } = outcome as { status: number; body: string };
    expect(status).toBe(413);
    expect(JSON.parse(body).error).toMatchObject({ code: 'payload_too_large' });
    expect(storedObjects()).toEqual([]);
  });

  it('takes in a 40 MB package without holding it in memory, and opens it by ranges', async () => {
    const piece = randomBytes(256 * 1024);
    const zip = storedZip(40 * MB, piece);
    // Memory is compared after full collections: what the upload still holds, not garbage not yet collected.
    collectGarbage();
    const before = process.memoryUsage();
    const outcome = await upload({
      name: 'file',
      filename: 'dataset.zip',
      fields: { fileType: 'package' },
      filler: piece,
      ...zip,
    });
    expect(outcome).not.toBe('aborted');
    const { status, body } = outcome as { status: number; body: string };
    expect(status, body).toBe(200);
    const [file] = JSON.parse(body).files as ReceivedFile[];
    await app.uploads.discard([file!]);
    collectGarbage();
    const after = process.memoryUsage();
    expect(file).toMatchObject({ fileType: 'package', extension: 'zip', sizeBytes: zip.size });
    // 40 MB went through the process, streamed in and inflated by pieces: nothing of it stayed.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(16 * MB);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(16 * MB);
  });

  it('leaves no temp file when the client goes away in the middle of a file', async () => {
    const outcome = await upload({
      name: 'file',
      filename: 'big.pdf',
      size: 6 * MB,
      head: Buffer.from('%PDF-1.7\n'),
      filler: Buffer.alloc(64 * 1024, 0x20),
      abortAfter: 2 * MB,
    });
    expect(outcome).toBe('aborted');
    expect(await eventually(() => storedObjects().length === 0)).toBe(true);
  });
});

describe('cutSample', () => {
  it('stores the first pages of a PDF, and answers null for anything else', async () => {
    const [file] = await accepted([{ name: 'manuscript', bytes: await pdf(12), filename: 'book.pdf' }]);
    const sample = await app.uploads.cutSample(file!.storageKey, 'test/uploads/sample.pdf');
    expect(sample).toMatchObject({ key: 'test/uploads/sample.pdf', pages: 5 });
    const stored = await app.storage.getObject('test/uploads/sample.pdf');
    expect(stored?.object.sha256).toBe(sample!.sha256);
    expect((await PDFDocument.load(stored!.bytes)).getPageCount()).toBe(5);

    const [short] = await accepted([{ name: 'manuscript', bytes: await pdf(2), filename: 'short.pdf' }]);
    expect(await app.uploads.cutSample(short!.storageKey, 'test/uploads/short-sample.pdf')).toMatchObject({
      pages: 2,
    });
    const [word] = await accepted([{ name: 'file', bytes: await docx(), filename: 'a.docx' }]);
    expect(await app.uploads.cutSample(word!.storageKey, 'test/uploads/none.pdf')).toBeNull();
    expect(await app.uploads.cutSample('test/uploads/missing.pdf', 'test/uploads/none.pdf')).toBeNull();
    await app.uploads.discard([
      file!,
      short!,
      word!,
      { storageKey: 'test/uploads/sample.pdf' },
      { storageKey: 'test/uploads/short-sample.pdf' },
    ]);
  });
});
