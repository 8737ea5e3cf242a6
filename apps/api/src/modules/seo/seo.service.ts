import { indexedPaths, productPath, unindexedPaths } from '@hls/contract/paths';
import { createExpiringCache } from '../../lib/expiring-cache.ts';
import type { CatalogQueries } from '../catalog/index.ts';

/** Paths robots should not crawl: the API and the pages the contract keeps out of the index. */
const disallowedPaths = ['/api/', ...unindexedPaths];

/** The sitemap protocol allows 50,000 URLs per file; beyond that /sitemap.xml becomes an index. */
const URLS_PER_SITEMAP = 45_000;
const CACHE_MS = 5 * 60_000;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const urlset = (lines: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;

export type SeoDeps = {
  publicUrl: string;
  catalog: Pick<CatalogQueries, 'publishedForSitemap'>;
  /** Product URLs per sitemap file (default URLS_PER_SITEMAP). */
  urlsPerSitemap?: number;
};

/** Sitemaps and robots.txt; sitemaps are kept CACHE_MS at most, and `clearCaches()` drops them. */
export function createSeoService(deps: SeoDeps) {
  const base = deps.publicUrl;
  const perFile = deps.urlsPerSitemap ?? URLS_PER_SITEMAP;
  const cached = createExpiringCache<string>({ ttlMs: CACHE_MS });

  /** Product URLs of chunk `index` (0-based), walking ids in order. */
  async function productChunk(index: number): Promise<{ lines: string[]; more: boolean }> {
    let afterId = 0;
    let chunk: Awaited<ReturnType<CatalogQueries['publishedForSitemap']>> = [];
    for (let i = 0; i <= index; i += 1) {
      chunk = await deps.catalog.publishedForSitemap(afterId, perFile + (i === index ? 1 : 0));
      if (i < index) {
        if (chunk.length < perFile) return { lines: [], more: false };
        afterId = chunk[chunk.length - 1]!.id;
      }
    }
    const more = chunk.length > perFile;
    const lines = chunk.slice(0, perFile).map((p) => {
      const path = productPath(p);
      const lastmod = new Date(p.updated_at).toISOString().slice(0, 10);
      return `<url><loc>${escapeXml(base + path)}</loc><lastmod>${lastmod}</lastmod></url>`;
    });
    return { lines, more };
  }

  const staticLines = () => indexedPaths.map((p) => `<url><loc>${escapeXml(base + p)}</loc></url>`);

  return {
    /** /sitemap.xml: every URL, or past `perFile` products an index of the pages and product parts. */
    sitemap: () =>
      cached('index', async () => {
        const first = await productChunk(0);
        if (!first.more) return urlset([...staticLines(), ...first.lines]);
        // One walk over the products counts the parts (asking each part's chunk would re-read the ones before).
        const entries = [`${base}/sitemap-pages.xml`];
        for (let part = 1, afterId = 0; ; part += 1) {
          entries.push(`${base}/sitemap-products.xml?part=${part}`);
          const chunk = await deps.catalog.publishedForSitemap(afterId, perFile + 1);
          if (chunk.length <= perFile) break;
          afterId = chunk[perFile - 1]!.id;
        }
        return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
          .map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`)
          .join('\n')}\n</sitemapindex>\n`;
      }),

    /** The sitemap of the public pages (when /sitemap.xml is an index). */
    pagesSitemap: () => urlset(staticLines()),

    /** Part `part` (from 1) of the product URLs; '' past the last part. */
    productsSitemap: (part: number) =>
      cached(`part-${part}`, async () => {
        const { lines } = await productChunk(part - 1);
        return lines.length ? urlset(lines) : '';
      }),

    robots: () =>
      [
        'User-agent: *',
        'Allow: /',
        ...disallowedPaths.map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n'),

    clearCaches: () => cached.clear(),
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
