import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

/** Off by default; routes opt in with `config: { rateLimit: { max, timeWindow } }`. In-memory store: one instance. */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'rate_limited',
          429,
          `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
          undefined,
          { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) },
        ),
    });
  },
  { name: 'rate-limit' },
);
