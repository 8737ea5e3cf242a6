import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import seoRoutes from './seo.routes.ts';
import { createSeoService } from './seo.service.ts';

/** /sitemap.xml (from `app.catalog.reads`, kept until the catalogue changes) and /robots.txt. */
export default fp(
  async function seo(app: FastifyInstance) {
    const service = createSeoService({ publicUrl: app.config.publicUrl, catalog: app.catalog.reads });
    const unsubscribe = app.events.on('catalog.changed', service.clearCaches);
    app.addHook('onClose', async () => unsubscribe());
    await app.register(seoRoutes, { seo: service });
  },
  { name: 'seo', dependencies: ['config', 'events', 'catalog'] },
);
