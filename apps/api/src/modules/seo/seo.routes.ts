import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createExpiringCache } from '../../lib/expiring-cache.ts';
import type { CatalogQueries } from '../catalog/catalog.queries.ts';
import { onCatalogWrite } from '../catalog/catalog.service.ts';

export type SeoRoutesOptions = { publicUrl: string; queries: CatalogQueries };

/** Public pages worth indexing (SPEC §2); carts, accounts and checkout are not. */
export const staticPaths = [
  '/',
  '/academic',
  '/professionnel',
  '/book',
  '/about',
  '/contact',
  '/publish',
  '/terms',
  '/legals',
];

/** Paths robots should not crawl: the API and every screen tied to a visitor's own session. */
export const disallowedPaths = [
  '/api/',
  '/my-account',
  '/download',
  '/checkout',
  '/file-book',
  '/file-proposed',
  '/book-proposed',
  '/author-product',
  '/author-payment',
  '/customer-commande',
  '/login-register',
  '/password/',
  '/cart',
  '/wishlist',
  '/compare',
];

/** The sitemap protocol allows 50,000 URLs per file; beyond that /sitemap.xml becomes an index. */
const URLS_PER_SITEMAP = 45_000;
const CACHE_MS = 5 * 60_000;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export default async function seoRoutes(app: FastifyInstance, options: SeoRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = options.publicUrl;
  const cached = createExpiringCache<string>({ ttlMs: CACHE_MS });
  onCatalogWrite(cached.clear);

  /** Product URLs of chunk `index` (0-based), walking ids in order. */
  async function productChunk(index: number): Promise<{ lines: string[]; more: boolean }> {
    let afterId = 0;
    let chunk: Awaited<ReturnType<CatalogQueries['publishedForSitemap']>> = [];
    for (let i = 0; i <= index; i += 1) {
      chunk = await options.queries.publishedForSitemap(afterId, URLS_PER_SITEMAP + (i === index ? 1 : 0));
      if (i < index) {
        if (chunk.length < URLS_PER_SITEMAP) return { lines: [], more: false };
        afterId = chunk[chunk.length - 1]!.id;
      }
    }
    const more = chunk.length > URLS_PER_SITEMAP;
    const lines = chunk.slice(0, URLS_PER_SITEMAP).map((p) => {
      const path = p.kind === 'book' ? `/product/${p.id}` : `/prodoc/${p.id}`;
      const lastmod = new Date(p.updated_at).toISOString().slice(0, 10);
      return `<url><loc>${escapeXml(base + path)}</loc><lastmod>${lastmod}</lastmod></url>`;
    });
    return { lines, more };
  }

  const urlset = (lines: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
  const staticLines = () => staticPaths.map((p) => `<url><loc>${escapeXml(base + p)}</loc></url>`);

  const xml = { 200: z.string().describe('XML') };

  api.get('/sitemap.xml', {
    schema: { tags: ['seo'], summary: 'Sitemap: public pages and published products', response: xml },
    handler: async (_request, reply) => {
      const body = await cached('index', async () => {
        const first = await productChunk(0);
        if (!first.more) return urlset([...staticLines(), ...first.lines]);
        // Too many products for one file: an index of the static pages and product chunks.
        const entries = [`${base}/sitemap-pages.xml`];
        for (let i = 0, more = true; more; i += 1) {
          entries.push(`${base}/sitemap-products.xml?part=${i + 1}`);
          more = (await productChunk(i)).more;
        }
        return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
          .map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`)
          .join('\n')}\n</sitemapindex>\n`;
      });
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(body);
    },
  });

  api.get('/sitemap-pages.xml', {
    schema: {
      tags: ['seo'],
      summary: 'Sitemap of the public pages (when /sitemap.xml is an index)',
      response: xml,
    },
    handler: async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(urlset(staticLines())),
  });

  api.get('/sitemap-products.xml', {
    schema: {
      tags: ['seo'],
      summary: 'One part of the product URLs (when /sitemap.xml is an index)',
      querystring: z.object({ part: z.coerce.number().int().min(1).max(1000) }),
      response: { ...xml, 404: z.string() },
    },
    handler: async (request, reply) => {
      const { part } = request.query;
      const body = await cached(`part-${part}`, async () => {
        const { lines } = await productChunk(part - 1);
        return lines.length ? urlset(lines) : '';
      });
      if (!body) return reply.code(404).type('text/plain').send('Not found');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(body);
    },
  });

  api.get('/robots.txt', {
    schema: {
      tags: ['seo'],
      summary: 'Crawling rules and the sitemap address',
      response: { 200: z.string() },
    },
    handler: async (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        ...disallowedPaths.map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(lines.join('\n'));
    },
  });
}
