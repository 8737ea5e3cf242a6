import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SiteInfo } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import type { Config } from '../../config.ts';

type SiteFacts = Omit<SiteInfo, 'royaltyRates' | 'vatRates'>;

const DAY = 86_400;

/**
 * The public facts of the site from configuration, for the legal notice, the footer, the contact page, the
 * author guide's royalty terms, the paper delivery estimate and the privacy notice.
 */
export function siteInfo(
  config: Pick<Config, 'site' | 'royalties' | 'checkout' | 'retention' | 'sessionMaxAge'>,
  contractUrl: string,
): SiteFacts {
  const { digitalHold, paperHold, minimumPayoutCents } = config.royalties;
  return {
    ...config.site,
    contractUrl,
    // A hold set in hours still waits into its last day.
    royaltyTerms: {
      digitalHoldDays: Math.ceil(digitalHold / DAY),
      paperHoldDays: Math.ceil(paperHold / DAY),
      minimumPayoutCents,
    },
    delivery: {
      minDays: config.checkout.paperDeliveryDays.min,
      maxDays: config.checkout.paperDeliveryDays.max,
    },
    // What is kept lasts into its last day.
    privacy: {
      sentMailDays: Math.ceil(config.retention.sentMail / DAY),
      pageViewDays: Math.ceil(config.retention.pageViews / DAY),
      sessionDays: Math.ceil(config.sessionMaxAge / DAY),
      paymentProvider: config.checkout.payments.provider,
    },
  };
}

export default async function siteRoutes(
  app: FastifyInstance,
  options: {
    info: SiteFacts;
    /** The royalty rates in effect now, in percent (an admin may change them: read at each request). */
    royaltyRates: () => Promise<SiteInfo['royaltyRates']>;
    /** The VAT rates of the reference country today (an admin may add rates: read at each request). */
    vatRates: () => Promise<SiteInfo['vatRates']>;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().get(endpoints.site.path, {
    schema: {
      tags: ['site'],
      summary:
        'Owner company, host, contacts, social links, royalty rates in effect and royalty terms, VAT rates, paper delivery days, contract link',
      response: { 200: SiteInfo },
    },
    handler: async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send({
        ...options.info,
        royaltyRates: await options.royaltyRates(),
        vatRates: await options.vatRates(),
      }),
  });
}
