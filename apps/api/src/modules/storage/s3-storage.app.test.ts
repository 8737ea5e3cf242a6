import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadLink } from '@hls/contract';
import {
  bearer,
  build,
  confirmEmail,
  login,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';

describe('the start on an S3 bucket', () => {
  it('stops with what to correct when the bucket is not there', async () => {
    const s3 = await startTestS3('hls-there');
    try {
      await expect(build({ env: { ...s3.env, S3_BUCKET: 'hls-not-there' } })).rejects.toThrow(
        /The bucket hls-not-there at http:\/\/127\.0\.0\.1:\d+ does not exist/,
      );
    } finally {
      await s3.close();
    }
  });
});

describe('the API on an S3 bucket', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3('hls-app');
    t = await build({ env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('serves a file kept in the bucket through its download link, whole or by ranges; a 503 once the store is gone', async () => {
    const { app } = t;
    expect(t.config.s3).toMatchObject({ bucket: 'hls-app', forcePathStyle: true });
    const bytes = randomBytes(200_000);
    const stored = await app.storage.putObject(`files/s3/${randomUUID()}.pdf`, bytes, 'application/pdf');
    expect(existsSync(path.join(t.config.storageDir, 'objects')), 'nothing on the local disk').toBe(false);

    const author = await registerUser(app, { firstName: 'Amira' }, 'author');
    const category = await app.catalog.writes.createCategory({
      section: 'academic',
      slug: `s3-${randomUUID()}`,
      nameFr: 'Cours',
      nameEn: 'Courses',
    });
    const product = await app.catalog.writes.createProduct({
      kind: 'file',
      section: 'academic',
      status: 'published',
      title: 'Cours sur S3',
      description: 'Une description.',
      language: 'fr',
      authorId: author.user.id,
      categoryId: category.id,
      cover: { key: `covers/s3-${randomUUID()}.png`, width: 600, height: 800 },
      priceCents: 0,
      file: {
        fileType: 'pdf',
        storageKey: stored.key,
        originalName: 'cours.pdf',
        mime: 'application/pdf',
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
      },
    });

    const email = uniqueEmail('reader');
    await registerUser(app, { email, password: 'Secret123' });
    await confirmEmail(app, email);
    const { access } = await login(app, email, 'Secret123');
    const link = await app.inject({
      method: 'POST',
      url: `/api/category/file/${product.id}/download`,
      headers: bearer(access),
    });
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json<DownloadLink>();
    const etag = `"${createHash('sha256').update(bytes).digest('hex')}"`;

    const whole = await app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers.etag).toBe(etag);
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const piece = await app.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=1000-1999', 'if-range': etag },
    });
    expect(piece.statusCode).toBe(206);
    expect(piece.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(piece.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);

    const rest = await app.inject({ method: 'GET', url, headers: { range: 'bytes=150000-' } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(bytes.subarray(150_000))).toBe(true);

    // The store gone: try again later.
    await s3.close();
    const down = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ error: { code: 'service_unavailable' } });
  });
});
