import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { parseCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '@hls/contract';
import { LANGUAGE_COOKIE, requestLanguage } from '@hls/contract/language';
import { SERVER_DATA_ID } from '@hls/contract/server-render';
import type { RenderedPage, ServerRender } from '@hls/contract/server-render';
import { loadNamespace } from '@hls/locales';
import { createExpiringCache } from '../lib/expiring-cache.ts';
import { createWorkLimit, WorkLimitReached } from '../lib/work-limit.ts';
import { shareBody } from './compression.ts';
import { lngParameter } from './validation-messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page of the web app: server-rendered when it can be, else the shell the browser renders. */
    sendWebPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

export type WebAppOptions = {
  root: string;
  localesDir: string;
  /** The site's public address (PUBLIC_URL): the origin of the pages' absolute links, whatever Host is asked. */
  publicUrl: string;
  /** Server renders at once, and renders waiting their turn (PAGE_RENDER_CONCURRENCY, PAGE_RENDER_QUEUE). */
  renders: { concurrency: number; queue: number };
};

/** Rendered pages are kept as long as the catalogue reads they show (modules/catalog/catalog.queries.ts). */
const PAGE_TTL_MS = 30_000;
const PAGES_MAX = 500;

type Page = { status: number; html: string };

/**
 * Pages by language and the address they are rendered at (`pageUrl`: the parameters the screen reads), for
 * PAGE_TTL_MS at most, all dropped when the catalogue changes.
 */
function createPageCache(app: FastifyInstance) {
  const cache = createExpiringCache<Page | null>({ ttlMs: PAGE_TTL_MS, max: PAGES_MAX });
  const unsubscribe = app.events.on('catalog.changed', cache.clear);
  app.addHook('onClose', async () => unsubscribe());
  return cache;
}

/** The language a page is rendered in, as the browser app detects it: ?lng=, the i18next cookie, the browser's. */
export function pageLanguage(request: FastifyRequest): Language {
  return requestLanguage({
    lng: lngParameter(request.query),
    cookie: request.headers.cookie ? parseCookie(request.headers.cookie)[LANGUAGE_COOKIE] : undefined,
    acceptLanguage: request.headers['accept-language'],
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** The API answering a render's calls in process, as `fetch` would over the network. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as HTTPMethods,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined) headers.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

/** The server render's build and the source maps belong to the build, not to the site: never served. */
const unpublished = /^\/server(\/|$)|\.map(\.br|\.gz)?$/;

/** index.html cut where a server-rendered page puts its language, head and markup. */
function pageTemplate(html: string) {
  const description = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/.exec(html);
  return (page: RenderedPage & { language: Language }) => {
    let out = html
      .replace(/<html lang="[^"]*"/, () => `<html lang="${page.language}"`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
    if (description) {
      const text = escapeHtml(page.description ?? '') || description[1]!;
      out = out.replace(
        description[0],
        () =>
          `<meta name="description" content="${text}" data-default="${description[1]}" />` +
          `<meta property="og:title" content="${escapeHtml(page.title)}" />` +
          `<meta property="og:description" content="${text}" />`,
      );
    }
    // Fetched with the scripts rather than once they have run.
    const preload = page.preload.map(
      (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`,
    );
    out = out.replace('</head>', () => `${preload.join('')}</head>`);
    // Replacements as functions: a "$" in a title or in the data is text, not a pattern.
    return out.replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_DATA_ID}">${page.data}</script>`,
    );
  };
}

/**
 * Serves the built web app: its assets as files, and its pages, rendered on the server when the build has its
 * server render (dist/server/entry-server.js), else (or when a render fails) the shell, index.html, which the
 * browser renders by itself.
 */
export default fp(
  async function webApp(app: FastifyInstance, options: WebAppOptions) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: true,
      // Pages are answered by sendWebPage ("/" below, the others through the not-found handler), not as files.
      index: false,
      // The build writes .br and .gz next to each text file (apps/web/vite.config.ts): sent when the client accepts.
      preCompressed: true,
      allowedPath: (pathName) => !unpublished.test(pathName),
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change; index.html must always be revalidated.
        if (filePath.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });

    const shell = readFileSync(path.join(options.root, 'index.html'), 'utf8');
    const fill = pageTemplate(shell);
    const entry = path.join(options.root, 'server/entry-server.js');
    let renderer: ServerRender | null = null;
    if (existsSync(entry)) {
      try {
        renderer = (await import(pathToFileURL(entry).href)) as ServerRender;
        if (typeof renderer.pageUrl !== 'function')
          throw new Error('the server render is older than the API (no pageUrl): build the web app again');
        renderer.configure({
          fetch: inProcessFetch(app),
          translations: (language, namespace) => loadNamespace(language, namespace, options.localesDir),
        });
      } catch (error) {
        app.log.error(
          { err: error },
          'the server render could not be loaded: pages are rendered in the browser',
        );
        renderer = null;
      }
    }

    const cached = createPageCache(app);
    const origin = new URL(options.publicUrl).origin;
    const limited = createWorkLimit(options.renders);
    app.decorate('sendWebPage', async function sendWebPage(request: FastifyRequest, reply: FastifyReply) {
      reply.header('cache-control', 'no-cache');
      const server = renderer;
      if (server) {
        const language = pageLanguage(request);
        try {
          const url = server.pageUrl(request.url);
          const page = await cached(`${language} ${url}`, () =>
            limited(async () => {
              const rendered = await server.render({ url, language, origin });
              return rendered && { status: rendered.status, html: fill({ ...rendered, language }) };
            }),
          );
          if (page) {
            // The same page goes to every visitor in that language until it is rendered again.
            return shareBody(reply)
              .code(page.status)
              .header('vary', 'Accept-Language, Cookie')
              .type('text/html; charset=utf-8')
              .send(page.html);
          }
        } catch (error) {
          // Too many renders at once: the shell costs nothing to send, and the visitor's browser renders the page.
          if (error instanceof WorkLimitReached)
            request.log.info('renders busy: the page is rendered in the browser');
          else request.log.error({ err: error }, 'server render failed: the page is rendered in the browser');
        }
      }
      return reply.sendFile('index.html');
    });

    app.get('/', { schema: { hide: true } }, (request, reply) => app.sendWebPage(request, reply));
  },
  { name: 'web-app', dependencies: ['events'] },
);
