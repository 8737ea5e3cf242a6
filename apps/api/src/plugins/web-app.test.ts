import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useApp } from '../../test/helper.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'hls-web-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fr"><div id="root"></div></html>');
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
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

  it('never serves a source map, whatever the encoding asked, while the script beside it is served', async () => {
    for (const encoding of [undefined, 'br', 'gzip']) {
      const headers = encoding ? { 'accept-encoding': encoding } : {};
      const map = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map', headers });
      expect(map.statusCode, encoding).toBe(404);
      expect(map.body, encoding).not.toContain('sources');
    }
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(1)');
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

/**
 * A stand-in for the web build's server render (dist/server/entry-server.js), to drive the API's side of it. Its
 * pages read one query parameter, \`page\`; a \`/slow\` page waits until the test lets it end.
 */
const renderModule = `
let options;
let renders = 0;
export function configure(given) { options = given; }
export function pageUrl(url) {
  const { pathname, searchParams } = new URL(url, 'http://render.test');
  const page = Number(searchParams.get('page'));
  return page > 1 ? pathname + '?page=' + page : pathname;
}
export async function render({ url, language, origin }) {
  if (url.startsWith('/cart')) return null;
  if (url.startsWith('/boom')) throw new Error('render failed');
  if (url.startsWith('/slow')) {
    globalThis.slowRenders = (globalThis.slowRenders ?? 0) + 1;
    await new Promise((resolve) => (globalThis.endSlowRenders ??= []).push(resolve));
  }
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
writeFileSync(
  path.join(ssrDist, 'server', 'entry-server.js.map'),
  '{"version":3,"sources":["entry-server.tsx"]}',
);
mkdirSync(path.join(ssrDist, 'assets'));
writeFileSync(path.join(ssrDist, 'assets', 'main-abc123.js'), 'hydrate()');

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
    expect(html).toContain('<div id="root"><p>en http://shop.test /product/17 200 object</p><i>render');
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

  it('shares one render among addresses that differ only by what the page does not read', async () => {
    const rendering = async (url: string) => /render (\d+)/.exec((await page(url)).body)?.[1];
    const first = await rendering('/junk-list');
    expect(first).toBeDefined();
    for (const url of [
      '/junk-list?utm_source=mail',
      '/junk-list?x=2&y=3',
      '/junk-list?page=1',
      '/junk-list?lng=fr',
    ])
      expect(await rendering(url), url).toBe(first);
    // The parameter it reads makes another page, whatever its spelling.
    const second = await rendering('/junk-list?page=2&utm_source=mail');
    expect(second).not.toBe(first);
    expect(await rendering('/junk-list?page=02')).toBe(second);
    expect((await page('/junk-list?page=2&x=1')).body).toContain(
      '<p>fr http://shop.test /junk-list?page=2 200',
    );
  });

  it('links to PUBLIC_URL whatever Host is asked, and every Host shares the render', async () => {
    const response = await page('/hosted', { host: 'attacker.example' });
    expect(response.body).toContain('<p>fr http://shop.test /hosted 200');
    expect(response.body).not.toContain('attacker.example');
    const rendering = async (host: string) =>
      /render (\d+)/.exec((await page('/hosted', { host })).body)?.[1];
    const first = await rendering('shop.test');
    for (const host of ['attacker.example', 'other.example:8080', '127.0.0.1'])
      expect(await rendering(host), host).toBe(first);
  });

  it('compresses a page cheaply when it is first sent, then once at quality 9, and sends those bytes again', async () => {
    const headers = { 'accept-encoding': 'br', 'accept-language': 'en' };
    // A new render: a body never sent before, as every address never asked gives.
    t.app.events.emit('catalog.changed', { what: 'product' });
    const fresh = await page('/long-page', headers);
    expect(fresh.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(fresh.rawPayload).toString();
    const best = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    expect(fresh.rawPayload.equals(best)).toBe(false);
    const second = await page('/long-page', headers);
    const third = await page('/long-page', headers);
    expect(second.rawPayload.equals(best)).toBe(true);
    expect(third.rawPayload.equals(best)).toBe(true);
    expect(Number(third.headers['content-length'])).toBe(best.length);
  });

  it('never serves the server render nor its source map, and still serves the client assets', async () => {
    for (const url of ['/server/entry-server.js', '/server/entry-server.js.map', '/server/', '/server']) {
      for (const encoding of [undefined, 'br']) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('export async function render');
        expect(response.body, url).not.toContain('sources');
      }
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('hydrate()');
  });

  it('renders the home page at "/"', async () => {
    const response = await page('/', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p>en http://shop.test / 200 object</p>');
  });
});

const limitDist = mkdtempSync(path.join(os.tmpdir(), 'hls-web-limit-'));
mkdirSync(path.join(limitDist, 'server'));
writeFileSync(
  path.join(limitDist, 'index.html'),
  '<!doctype html><html lang="fr"><head><title>HLS</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(limitDist, 'server', 'entry-server.js'), renderModule);

describe('server renders under load', () => {
  const t = useApp({
    env: { WEB_DIST_DIR: limitDist, PAGE_RENDER_CONCURRENCY: '2', PAGE_RENDER_QUEUE: '1' },
  });
  afterAll(() => rmSync(limitDist, { recursive: true, force: true }));
  const slow = globalThis as { slowRenders?: number; endSlowRenders?: (() => void)[] };
  const endRenders = () => slow.endSlowRenders?.splice(0).forEach((end) => end());
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  /** Ends the slow renders, again and again, until `pending` settles. */
  async function endingRenders<T>(pending: Promise<T>): Promise<T> {
    let settled = false;
    void pending.finally(() => (settled = true));
    while (!settled) {
      endRenders();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return pending;
  }

  it('renders 2 pages at once with 1 waiting, and answers one more at once with the shell', async () => {
    slow.slowRenders = 0;
    const answers = Promise.all(['/slow-1', '/slow-2', '/slow-3'].map(page));
    await vi.waitFor(() => expect(slow.slowRenders).toBe(2));
    const extra = await page('/slow-4');
    expect(extra.statusCode).toBe(200);
    expect(extra.body).toContain('<div id="root"></div>');
    expect(extra.body).not.toContain('hls-server-data');
    expect(slow.slowRenders).toBe(2);
    // The waiting one is rendered when a turn frees.
    for (const answer of await endingRenders(answers)) expect(answer.body).toContain('hls-server-data');
    expect(slow.slowRenders).toBe(3);
  });

  it('sends a page already kept while every render is busy', async () => {
    await endingRenders(page('/slow-kept'));
    const busy = Promise.all(['/slow-a', '/slow-b', '/slow-c'].map(page));
    await vi.waitFor(() => expect(slow.endSlowRenders).toHaveLength(2));
    const kept = await page('/slow-kept');
    expect(kept.body).toContain('hls-server-data');
    await endingRenders(busy);
  });
});
