import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, constants } from 'node:zlib';
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

  it('serves the page whatever the Accept header says (curl, bots, monitors), and JSON 404s for other methods', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/plain']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/about',
        headers: accept ? { accept } : {},
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-type'], accept).toContain('text/html');
      expect(response.body, accept).toContain('<div id="root">');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/contact' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    const post = await t.app.inject({ method: 'POST', url: '/about', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
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

/** A stand-in for the web build's server render (dist/server/entry-server.js), to drive the API's side of it. */
const renderModule = `
let options;
let renders = 0;
export function configure(given) { options = given; }
export async function render({ url, language, origin }) {
  if (url.startsWith('/cart')) return null;
  if (url.startsWith('/boom')) throw new Error('render failed');
  const health = await options.fetch(new Request('http://api.internal/api/health'));
  const common = await options.translations(language, 'common');
  return {
    status: url.startsWith('/missing') ? 404 : 200,
    title: 'Price <$1> & "more" | HLS',
    description: url.startsWith('/bare') ? null : 'A page about $& things',
    html: '<p>' + [language, origin, url, health.status, typeof common.nav].join(' ') + '</p><i>render ' + ++renders + '</i>' +
      (url.startsWith('/long') ? '<p>' + 'A long page. '.repeat(300) + '</p>' : ''),
    data: '{"language":"' + language + '"}',
    preload: ['/locales/' + language + '/common.json'],
  };
}
`;

const ssrDist = mkdtempSync(path.join(os.tmpdir(), 'hls-web-ssr-'));
mkdirSync(path.join(ssrDist, 'server'));
writeFileSync(
  path.join(ssrDist, 'index.html'),
  '<!doctype html><html lang="fr" dir="ltr"><head><meta name="description" content="The site." />' +
    '<title>HLS</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(ssrDist, 'server', 'entry-server.js'), renderModule);

describe('server-rendered pages', () => {
  const t = useApp({ env: { WEB_DIST_DIR: ssrDist } });
  afterAll(() => rmSync(ssrDist, { recursive: true, force: true }));
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'shop.test', ...headers } });

  it('puts the render, its head and its data into the page, in the language asked', async () => {
    const response = await page('/product/17?lng=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('Accept-Language');
    const html = response.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    // Escaped, and a "$" is text, not a replacement pattern.
    expect(html).toContain('<title>Price &lt;$1&gt; &amp; &quot;more&quot; | HLS</title>');
    expect(html).toContain(
      '<meta name="description" content="A page about $&amp; things" data-default="The site." />',
    );
    expect(html).toContain(
      '<meta property="og:title" content="Price &lt;$1&gt; &amp; &quot;more&quot; | HLS" />',
    );
    // The render's API calls are answered in process, and it reads the translations of its language.
    expect(html).toContain(
      '<div id="root"><p>en http://shop.test /product/17?lng=en 200 object</p><i>render',
    );
    expect(html).toContain('<script type="application/json" id="hls-server-data">{"language":"en"}</script>');
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/locales/en/common.json"></head>',
    );
  });

  it('chooses the language as the browser app does: ?lng, then the i18next cookie, then Accept-Language', async () => {
    const lang = async (url: string, headers: Record<string, string> = {}) =>
      /<html lang="(\w+)"/.exec((await page(url, headers)).body)?.[1];
    expect(await lang('/about?lng=fn', { cookie: 'i18next=en', 'accept-language': 'en' })).toBe('fr');
    expect(await lang('/about', { cookie: 'theme=dark; i18next=en', 'accept-language': 'fr-FR' })).toBe('en');
    expect(await lang('/about', { 'accept-language': 'de-DE, en-GB;q=0.8, fr;q=0.5' })).toBe('en');
    expect(await lang('/about', { 'accept-language': 'de-DE' })).toBe('fr');
    expect(await lang('/')).toBe('fr');
  });

  it('keeps the site description when the page has none, and sends the status of the render', async () => {
    expect((await page('/bare')).body).toContain(
      '<meta name="description" content="The site." data-default="The site." />',
    );
    const missing = await page('/missing-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"><p>');
  });

  it('sends the shell for pages it leaves to the browser, and when a render fails', async () => {
    for (const url of ['/cart', '/boom']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('hls-server-data');
    }
  });

  it('renders pages for any Accept header, and its 404 page with status 404 for an unknown path', async () => {
    const bot = { accept: '*/*', 'user-agent': 'Twitterbot/1.0' };
    for (const headers of [{}, bot, { accept: 'application/json' }]) {
      const about = await t.app.inject({
        method: 'GET',
        url: '/about',
        headers: { host: 'shop.test', ...headers },
      });
      expect(about.statusCode).toBe(200);
      expect(about.headers['content-type']).toContain('text/html');
      expect(about.body).toContain('<div id="root"><p>fr http://shop.test /about');
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/missing-page',
      headers: { host: 'shop.test' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).json().error.code).toBe('not_found');
  });

  it('keeps a rendered page, per language, until the catalogue changes (a rolled-back change keeps it)', async () => {
    const rendering = async (lng: string) => /render (\d+)/.exec((await page(`/kept?lng=${lng}`)).body)?.[1];
    const first = await rendering('en');
    expect(first).toBeDefined();
    expect(await rendering('en')).toBe(first);
    expect(await rendering('fr')).not.toBe(first);
    await t.app
      .transaction(async ({ raise }) => {
        raise('catalog.changed', { what: 'product' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await rendering('en')).toBe(first);
    t.app.events.emit('catalog.changed', { what: 'product' });
    const after = await rendering('en');
    expect(after).not.toBe(first);
    expect(await rendering('en')).toBe(after);
  });

  it('compresses a kept page once and sends the same bytes again', async () => {
    const plain = await page('/long-page', { 'accept-language': 'en' });
    const headers = { 'accept-encoding': 'br', 'accept-language': 'en' };
    const first = await page('/long-page', headers);
    const second = await page('/long-page', headers);
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // The shared path's quality, not the per-request one.
    const once = brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    expect(first.rawPayload.equals(once)).toBe(true);
  });

  it('renders the home page at "/"', async () => {
    const response = await page('/', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p>en http://shop.test / 200 object</p>');
  });
});
