import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SeoService } from './seo.service.ts';

const xml = { 200: z.string().describe('XML') };
const XML_TYPE = 'application/xml; charset=utf-8';
/**
 * Five minutes in shared caches: each instance empties its own copy when the catalogue changes, so a publication or an
 * unpublished product reaches crawlers within minutes, not an hour.
 */
const CACHE_CONTROL = 'public, max-age=300';

export default async function seoRoutes(app: FastifyInstance, options: { seo: SeoService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { seo } = options;

  api.get('/sitemap.xml', {
    schema: { tags: ['seo'], summary: 'Sitemap: public pages and published products', response: xml },
    handler: async (_request, reply) =>
      reply
        .type(XML_TYPE)
        .header('cache-control', CACHE_CONTROL)
        .send(await seo.sitemap()),
  });

  api.get('/sitemap-pages.xml', {
    schema: {
      tags: ['seo'],
      summary: 'Sitemap of the public pages (when /sitemap.xml is an index)',
      response: xml,
    },
    handler: async (_request, reply) =>
      reply.type(XML_TYPE).header('cache-control', CACHE_CONTROL).send(seo.pagesSitemap()),
  });

  api.get('/sitemap-products.xml', {
    schema: {
      tags: ['seo'],
      summary: 'One part of the product URLs (when /sitemap.xml is an index)',
      querystring: z.object({ part: z.coerce.number().int().min(1).max(1000) }),
      response: { ...xml, 404: z.string() },
    },
    handler: async (request, reply) => {
      const body = await seo.productsSitemap(request.query.part);
      if (!body) return reply.code(404).type('text/plain').send('Not found');
      return reply.type(XML_TYPE).header('cache-control', CACHE_CONTROL).send(body);
    },
  });

  api.get('/robots.txt', {
    schema: {
      tags: ['seo'],
      summary: 'Crawling rules and the sitemap address',
      response: { 200: z.string() },
    },
    handler: async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(seo.robots()),
  });
}
