import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageViewRequest } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

export default async function analyticsRoutes(app: FastifyInstance) {
  const { max, windowMs } = app.config.pageViewRateLimit;
  app.withTypeProvider<ZodTypeProvider>().post(endpoints.pageView.path, {
    // Anyone may count a view: a client counts at most RATE_LIMIT_PAGEVIEW_MAX a window.
    config: { rateLimit: { max, timeWindow: windowMs } },
    schema: {
      tags: ['system'],
      summary: 'Count a page view (first-party, anonymous); an address that is no page counts as not found',
      body: PageViewRequest,
      response: { 204: z.null(), ...errorResponses(400, 429) },
    },
    handler: async (request, reply) => {
      await app.analytics.recordPageView(request.body.path);
      return reply.code(204).send(null);
    },
  });
}
