import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponse } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import packageJson from '../../../package.json' with { type: 'json' };

const { version } = packageJson;

export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(endpoints.health.path, {
    schema: {
      tags: ['system'],
      summary: 'Liveness, database check, and whether the events of other instances are heard',
      response: { 200: HealthResponse, 503: HealthResponse },
    },
    handler: async (request, reply) => {
      let database: 'ok' | 'unavailable' = 'ok';
      try {
        await app.health.checkDatabase();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        database = 'unavailable';
      }
      const instances = app.broadcastListening() ? ('ok' as const) : ('lost' as const);
      const redis = app.redisState();
      const body = {
        status:
          database === 'ok' && instances === 'ok' && redis !== 'unavailable'
            ? ('ok' as const)
            : ('degraded' as const),
        database,
        instances,
        redis,
        version,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply
        .code(database === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
