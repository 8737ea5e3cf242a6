import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SiteInfo } from '@hls/contract';
import type { Config } from '../../config.ts';

type SiteFacts = Omit<SiteInfo, 'royaltyRates'>;

/** The public facts of the site from configuration, for the legal notice, the footer and the contact page. */
export function siteInfo(config: Pick<Config, 'site'>, contractUrl: string): SiteFacts {
  return { ...config.site, contractUrl };
}

export default async function siteRoutes(
  app: FastifyInstance,
  options: {
    info: SiteFacts;
    /** The royalty rates in effect now, in percent (an admin may change them: read at each request). */
    royaltyRates: () => Promise<SiteInfo['royaltyRates']>;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().get('/site', {
    schema: {
      tags: ['site'],
      summary:
        'Owner company, host, contact e-mails and phone, social links, royalty rates in effect, contract link',
      response: { 200: SiteInfo },
    },
    handler: async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .send({ ...options.info, royaltyRates: await options.royaltyRates() }),
  });
}
