import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the zod schemas that validate each route; browsable at /api/docs when `docs` is on
 * (API_DOCS: off by default in production, where the map of every route only helps an attacker).
 */
export default fp(
  async function openapi(app: FastifyInstance, options: { publicUrl: string; docs: boolean }) {
    if (!options.docs) return;
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'HLS marketplace API',
          version: '0.1.0',
          description: 'Books, professional and academic files.',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      hideUntagged: true,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
