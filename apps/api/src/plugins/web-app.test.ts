import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/helper.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'hls-web-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fr"><div id="root"></div></html>');
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
writeFileSync(path.join(dist, 'assets', 'vendor-def456.js'), 'plain');
writeFileSync(path.join(dist, 'assets', 'vendor-def456.js.br'), 'brotli');
writeFileSync(path.join(dist, 'assets', 'vendor-def456.js.gz'), 'gzip');

describe('serving the built web app', () => {
  const t = useApp({ env: { WEB_DIST_DIR: dist } });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves index.html for the home page and any client route, never cached', async () => {
    for (const url of ['/', '/my-account', '/product/42', '/password/reset/confirm/abc']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy the client accepts, else the plain file', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/vendor-def456.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.body).toBe('brotli');
    expect((await get('gzip')).body).toBe('gzip');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('plain');
  });

  it('keeps JSON 404s for unknown API paths and missing assets', async () => {
    for (const url of ['/api/nothing', '/assets/missing.js']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: url.startsWith('/api') ? html : {},
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });
});
