import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

/**
 * Off by default; routes opt in with `config: { rateLimit: { max, timeWindow } }`. Counted in the shared Redis when
 * `REDIS_URL` is set (every instance counts the same requests), else in this process's memory. While Redis is away
 * requests go through uncounted (`skipOnError`, with the Redis plugin's warning) rather than fail.
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis
        ? { redis: app.redis, nameSpace: `${app.redisKeyPrefix}rate-limit:`, skipOnError: true }
        : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'rate_limited',
          `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
          undefined,
          { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) },
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
