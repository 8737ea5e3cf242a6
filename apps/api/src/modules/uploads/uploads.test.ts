import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../../test/helper.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { streamMultipart, type UploadSpec } from './index.ts';

let app: FastifyInstance;
let database: Database;
let config: Config;
let dir: string;

/** The app with a test route that takes uploads the way the submission routes do. */
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hls-uploads-test-'));
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://shop.test',
    WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    UPLOAD_COVER_MAX_MB: '1',
    UPLOAD_FILE_MAX_MB: '8',
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

/** Every object stored under the test prefix. */
function storedObjects(): string[] {
  try {
    return readdirSync(path.join(config.storageDir, 'objects', 'test', 'uploads'));
  } catch {
    return [];
  }
}

type Part =
  { name: string; value: string } | { name: string; bytes: Uint8Array; filename: string; type?: string };

async function send(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([Buffer.from(part.bytes)], { type: part.type ?? 'application/octet-stream' }),
        part.filename,
      );
  }
  const request = new Request('http://x', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/test/uploads',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

async function pdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1)
    document.addPage([300, 400]).drawText(`Page ${i + 1}`, { x: 20, y: 300 });
  return document.save();
}

describe('uploads', () => {
  it('takes in a PDF with its page count', async () => {
    const response = await send([
      { name: 'fileType', value: 'pdf' },
      { name: 'file', bytes: await pdf(7), filename: 'Report.PDF' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [file] = response.json().files;
    expect(file).toMatchObject({
      slot: 'file',
      mime: 'application/pdf',
      pages: 7,
      fileType: 'pdf',
      extension: 'pdf',
      originalName: 'Report.PDF',
    });
    expect(file.storageKey).toMatch(/^test\/uploads\/[0-9a-f-]+\.pdf$/);
    const sample = await app.uploads.cutSample(file.storageKey, 'test/uploads/sample.pdf');
    expect(sample).toMatchObject({ pages: 5 });
    await app.uploads.discard([file, { storageKey: 'test/uploads/sample.pdf' }]);
    expect(storedObjects()).toEqual([]);
  });

  it('re-encodes a cover', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const response = await send([{ name: 'cover', bytes: png, filename: 'cover.png' }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().files[0]).toMatchObject({
      mime: 'image/webp',
      width: 1600,
      height: 800,
      extension: 'webp',
    });
  });

  it('refuses HTML named .pdf, and a too large file', async () => {
    const html = await send([
      { name: 'file', bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), filename: 'x.pdf' },
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json().error).toMatchObject({ code: 'upload_rejected' });
    const big = await send([{ name: 'cover', bytes: Buffer.alloc(2 * 1024 * 1024), filename: 'x.png' }]);
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json().error.fields).toHaveProperty('cover');
  });
});
