import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/helper.ts';

describe('response compression', () => {
  const t = useApp();
  const url = '/locales/en/common.json';

  it('compresses JSON with brotli or gzip as the client accepts, with the same content', async () => {
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small responses alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a shared catalogue body cheaply the first time, then once at quality 9, and sends those bytes again', async () => {
    for (let n = 1; n <= 20; n += 1) {
      await t.app.catalog.writes.createCategory({
        section: 'book',
        slug: `categorie-${n}`,
        nameFr: `Catégorie numéro ${n} du rayon librairie`,
        nameEn: `Bookshop category number ${n}`,
      });
    }
    const url = '/api/category/list?section=book';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const headers = { 'accept-encoding': 'gzip;q=0.5, br' };
    // The plain answer above was this body's first send: the next ones get the kept copy.
    const first = await t.app.inject({ method: 'GET', url, headers });
    const second = await t.app.inject({ method: 'GET', url, headers });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // The shared path's higher quality, not the per-request one.
    const once = brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    expect(first.rawPayload.equals(once)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const identity = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);

    // A body never sent before is compressed per request, at the low quality.
    await t.app.catalog.writes.createCategory({
      section: 'book',
      slug: 'categorie-21',
      nameFr: 'Catégorie numéro 21 du rayon librairie',
      nameEn: 'Bookshop category number 21',
    });
    const fresh = await t.app.inject({ method: 'GET', url, headers });
    expect(fresh.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(fresh.rawPayload);
    expect(JSON.parse(body.toString())).toHaveLength(21);
    const best = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    expect(fresh.rawPayload.equals(best)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url, headers })).rawPayload.equals(best)).toBe(true);
  });
});
