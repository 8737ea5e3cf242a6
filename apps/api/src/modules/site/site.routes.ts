import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SiteInfo } from '@hls/contract';
import type { Config } from '../../config.ts';

/** The public facts of the site from configuration, for the legal notice, the footer and the contact page. */
export function siteInfo(config: Pick<Config, 'site' | 'royaltyRates'>, contractUrl: string): SiteInfo {
  return { ...config.site, royaltyRates: config.royaltyRates, contractUrl };
}

export default async function siteRoutes(app: FastifyInstance, options: { info: SiteInfo }) {
  app.withTypeProvider<ZodTypeProvider>().get('/site', {
    schema: {
      tags: ['site'],
      summary: 'Owner company, host, contact e-mails and phone, social links, royalty rates, contract link',
      response: { 200: SiteInfo },
    },
    handler: async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(options.info),
  });
}
