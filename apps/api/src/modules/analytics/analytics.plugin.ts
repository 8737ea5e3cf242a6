import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import analyticsRoutes from './analytics.routes.ts';
import { createAnalyticsService, type AnalyticsService } from './analytics.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: AnalyticsService;
  }
}

/** First-party page-view counters: `app.analytics`, and POST /api/analytics/pageview. */
export default fp(
  async function analytics(app: FastifyInstance) {
    app.decorate('analytics', createAnalyticsService({ db: app.db }));
    await app.register(analyticsRoutes, { prefix: '/api' });
  },
  { name: 'analytics', dependencies: ['database'] },
);
