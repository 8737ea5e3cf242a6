import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import analyticsRoutes from './analytics.routes.ts';
import { createAnalyticsService, type AnalyticsService } from './analytics.service.ts';

/** The job that deletes the page-view counters older than PAGE_VIEW_RETENTION. */
export const PRUNE_JOB = 'analytics.prune';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: AnalyticsService;
  }
}

/** First-party page-view counters: `app.analytics`, and POST /api/analytics/pageview. */
export default fp(
  async function analytics(app: FastifyInstance) {
    const service = createAnalyticsService({ db: app.db });
    app.decorate('analytics', service);

    // Daily, the counters of the days past the retention go: the table holds a bounded number of days.
    const retentionDays = Math.ceil(app.config.retention.pageViews / 86400);
    await app.jobs.work(PRUNE_JOB, async () => {
      await service.pruneBefore(retentionDays);
    });
    await app.jobs.schedule(PRUNE_JOB, '23 3 * * *');

    await app.register(analyticsRoutes, { prefix: '/api' });
  },
  { name: 'analytics', dependencies: ['config', 'database', 'jobs'] },
);
