import { describe, expect, it } from 'vitest';
import { useApp } from '../../../test/helper.ts';

// A 1×1 transparent PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('GET /api/media/{key}', () => {
  const t = useApp();

  it('serves a cover with its type, length, ETag and a long cache', async () => {
    const stored = await t.app.storage.putObject('covers/media-test.png', png, 'image/png');
    const response = await t.app.inject({ url: '/api/media/covers/media-test.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(png.length));
    expect(response.headers.etag).toBe(`"${stored.sha256}"`);
    expect(response.headers['cache-control']).toMatch(/public, max-age=\d{6,}/);
    expect(response.rawPayload.equals(png)).toBe(true);

    const again = await t.app.inject({
      url: '/api/media/covers/media-test.png',
      headers: { 'if-none-match': `"${stored.sha256}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: '/api/media/covers/media-test.png' });
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
