import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import siteRoutes, { siteInfo } from './site.routes.ts';

/** GET /api/site: the public facts of the site from the settings, and the royalty rates in effect. */
export default fp(
  async function site(app: FastifyInstance) {
    await app.register(siteRoutes, {
      prefix: '/api',
      info: siteInfo(app.config, app.documents.contractUrl),
      royaltyRates: () => app.royalties.rates.currentPercent(),
      vatRates: () => app.tax.referenceRates(),
    });
  },
  { name: 'site', dependencies: ['config', 'documents', 'royalties', 'tax'] },
);
