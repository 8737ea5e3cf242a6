import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthorStats, AuthorStatsQuery } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** GET /api/author/stats: an author's products month by month (their own; editors and admins any author's). */
export default async function authorNewsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(endpoints.authorStats.path, {
    onRequest: app.requireRole('author', 'editor', 'admin'),
    schema: {
      tags: ['authors'],
      security: [{ bearerAuth: [] }],
      summary: "An author's products per month: page views, copies sold and refunded, conversion",
      querystring: AuthorStatsQuery,
      response: { 200: AuthorStats, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => app.authorNews.stats(request.user!, request.query),
  });
}
