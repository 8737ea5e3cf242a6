import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import healthRoutes from './health.routes.ts';
import { createHealthService, type HealthService } from './health.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    health: HealthService;
  }
}

/** GET /api/health: liveness, a database check, and whether the other instances' events are heard. */
export default fp(
  async function health(app: FastifyInstance) {
    app.decorate('health', createHealthService({ db: app.db }));
    await app.register(healthRoutes, { prefix: '/api' });
  },
  { name: 'health', dependencies: ['database', 'broadcast', 'redis'] },
);
