import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageViewRequest } from '@hls/contract';
import { errorResponses } from '../../plugins/error-responses.ts';

export default async function analyticsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post('/analytics/pageview', {
    schema: {
      tags: ['system'],
      summary: 'Count a page view (first-party, anonymous)',
      body: PageViewRequest,
      response: { 204: z.null(), ...errorResponses(400) },
    },
    handler: async (request, reply) => {
      await app.analytics.recordPageView(request.body.path);
      return reply.code(204).send(null);
    },
  });
}
