import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Role } from '@hls/contract';
import { bearer, login, uniqueEmail, useApp } from '../../../test/helper.ts';

// A 1×1 transparent PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let sequence = 0;

/** A user of `role` and the headers of their access token. */
async function signIn(app: FastifyInstance, role: Role) {
  const email = uniqueEmail(`media-${role}`);
  const user = await app.accounts.createUser({
    firstName: 'Amira',
    lastName: 'Ben Salah',
    email,
    password: 'Secret123',
    role,
  });
  return { id: user.id, headers: bearer((await login(app, email, 'Secret123')).access) };
}

/** A product of `authorId` in `status`, its cover (and, for a paid PDF, its sample) stored under fresh keys. */
async function product(app: FastifyInstance, authorId: string, status: 'published' | 'draft') {
  const tag = `${process.pid}-${Date.now()}-${(sequence += 1)}`;
  const cover = `covers/media-${tag}.png`;
  const sample = `samples/media-${tag}.pdf`;
  const stored = await app.storage.putObject(cover, png, 'image/png');
  await app.storage.putObject(sample, Buffer.from('%PDF-1.4 sample'), 'application/pdf');
  const category = await app.catalog.writes.createCategory({
    section: 'professional',
    slug: `media-${tag}`,
    nameFr: 'Médias',
    nameEn: 'Media',
  });
  const { id } = await app.catalog.writes.createProduct({
    kind: 'file',
    section: 'professional',
    title: 'Tableau de bord',
    description: 'Une description.',
    language: 'fr',
    authorId,
    categoryId: category.id,
    status,
    cover: { key: cover, width: 600, height: 800 },
    sampleKey: sample,
    priceCents: 4500,
    file: {
      fileType: 'pdf',
      storageKey: `files/media/${tag}.pdf`,
      originalName: 'tableau.pdf',
      mime: 'application/pdf',
      sizeBytes: 2048,
      sha256: 'ab'.repeat(32),
    },
  });
  return { id, cover: stored, urls: [`/api/media/${cover}`, `/api/media/${sample}`] };
}

describe('GET /api/media/{key}', () => {
  const t = useApp();

  it('serves a cover with its type, length, ETag and a long cache', async () => {
    const author = await signIn(t.app, 'author');
    const { cover: stored, urls } = await product(t.app, author.id, 'published');
    const url = urls[0]!;
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(png.length));
    expect(response.headers.etag).toBe(`"${stored.sha256}"`);
    expect(response.headers['cache-control']).toMatch(/public, max-age=\d{6,}/);
    expect(response.rawPayload.equals(png)).toBe(true);

    const again = await t.app.inject({
      url,
      headers: { 'if-none-match': `"${stored.sha256}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
  });

  it('answers 404 for unknown covers and for anything that is not a cover', async () => {
    await t.app.storage.putObject(
      'files/secret/report.pdf',
      Buffer.from('%PDF-1.4 secret'),
      'application/pdf',
    );
    await t.app.storage.putObject(
      'covers/not-an-image.html',
      Buffer.from('<script>alert(1)</script>'),
      'text/html',
    );
    for (const url of [
      '/api/media/covers/unknown.png',
      '/api/media/files/secret/report.pdf',
      '/api/media/covers/not-an-image.html',
      '/api/media/covers/../files/secret/report.pdf',
      '/api/media/covers/%2e%2e/files/secret/report.pdf',
      '/api/media/covers/..%2ffiles%2fsecret%2freport.pdf',
      '/api/media/covers/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/api/media/covers//etc/passwd',
      '/api/media/covers/%00.png',
      '/api/media/',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret');
    }
  });
});

describe('covers and samples of unpublished products', () => {
  const t = useApp();

  it('are hidden from visitors and other users, and served privately to their author, editors and admins', async () => {
    const author = await signIn(t.app, 'author');
    const { urls } = await product(t.app, author.id, 'draft');
    const others = [await signIn(t.app, 'author'), await signIn(t.app, 'customer')];
    for (const url of urls) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
      for (const other of others) {
        expect((await t.app.inject({ url, headers: other.headers })).statusCode, url).toBe(404);
      }
      for (const viewer of [author, await signIn(t.app, 'editor'), await signIn(t.app, 'admin')]) {
        const response = await t.app.inject({ url, headers: viewer.headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-store');
      }
      const forged = await t.app.inject({ url, headers: { authorization: 'Bearer not.a.token' } });
      expect(forged.statusCode).toBe(401);
    }
  });

  it('become public at the product’s publication and private again at once when it is unpublished', async () => {
    const author = await signIn(t.app, 'author');
    const { id, urls } = await product(t.app, author.id, 'draft');
    const statuses = async () =>
      Promise.all(urls.map(async (url) => (await t.app.inject({ url })).statusCode));
    expect(await statuses()).toEqual([404, 404]);

    await t.app.catalog.writes.setProductStatus(id, 'published');
    expect(await statuses()).toEqual([200, 200]);
    const response = await t.app.inject({ url: urls[0]! });
    expect(response.headers['cache-control']).toMatch(/^public/);

    await t.app.catalog.writes.setProductStatus(id, 'archived');
    expect(await statuses()).toEqual([404, 404]);
    const own = await t.app.inject({ url: urls[0]!, headers: author.headers });
    expect(own.statusCode).toBe(200);
  });
});

describe('storage keys', () => {
  const t = useApp();

  it('refuses keys that could leave the storage directory', async () => {
    for (const key of [
      '../x',
      'covers/../../x',
      '/etc/passwd',
      'covers//x',
      'Covers/X.png',
      'covers/.hidden',
      '',
    ]) {
      await expect(t.app.storage.putObject(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /invalid storage key/,
      );
    }
  });

  it('stores, reads, ranges and deletes objects', async () => {
    const bytes = Buffer.from('0123456789');
    const put = await t.app.storage.putObject('files/t/digits.txt', bytes, 'text/plain');
    expect(put).toMatchObject({ key: 'files/t/digits.txt', sizeBytes: 10, mime: 'text/plain' });
    expect((await t.app.storage.getObject('files/t/digits.txt'))?.bytes.toString()).toBe('0123456789');
    const chunks: Buffer[] = [];
    for await (const chunk of await t.app.storage.createReadStream('files/t/digits.txt', {
      start: 2,
      end: 5,
    })) {
      chunks.push(chunk as Buffer);
    }
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    await expect(t.app.storage.createReadStream('files/t/digits.txt', { start: 5, end: 10 })).rejects.toThrow(
      RangeError,
    );
    await t.app.storage.deleteObject('files/t/digits.txt');
    expect(await t.app.storage.stat('files/t/digits.txt')).toBeUndefined();
    await expect(t.app.storage.createReadStream('files/t/digits.txt')).rejects.toThrow(/no object/);
  });
});
