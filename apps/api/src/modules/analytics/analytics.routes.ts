import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageViewRequest } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../plugins/error-responses.ts';
import { pageViews } from './analytics.tables.ts';

/** Counts a view of `path` for today; query strings and fragments are dropped so nothing personal is kept. */
export async function recordPageView(db: Db, path: string): Promise<void> {
  const cleanPath = path.split(/[?#]/)[0] || '/';
  await db
    .insert(pageViews)
    .values({ path: cleanPath, day: sql`current_date`, count: 1 })
    .onConflictDoUpdate({
      target: [pageViews.path, pageViews.day],
      set: { count: sql`${pageViews.count} + 1`, updatedAt: sql`now()` },
    });
}

export default async function analyticsRoutes(app: FastifyInstance, options: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post('/analytics/pageview', {
    schema: {
      tags: ['system'],
      summary: 'Count a page view (first-party, anonymous)',
      body: PageViewRequest,
      response: { 204: z.null(), ...errorResponses(400) },
    },
    handler: async (request, reply) => {
      await recordPageView(options.db, request.body.path);
      return reply.code(204).send(null);
    },
  });
}
