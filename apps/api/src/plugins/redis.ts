import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

export type RedisOptions = {
  /** `redis://…` of the Redis the instances share; none: nothing is shared (one process). */
  url: string | undefined;
  /** Put before every key, so that several shops (or test apps) can share one Redis. */
  keyPrefix: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis (`REDIS_URL`), or null. Commands fail at once while it is away: callers degrade. */
    redis: Redis | null;
    redisKeyPrefix: string;
    /** Whether Redis answers now: `off` without `REDIS_URL`. */
    redisState(): 'ok' | 'unavailable' | 'off';
  }
}

/**
 * The Redis several instances share their counters in (the routes' rate limits, the account throttles). A Redis that goes away never
 * takes the shop down: commands fail at once instead of queueing (the limits then let requests through, with a
 * warning), the client connects again by itself, and `/api/health` says `redis: unavailable` meanwhile.
 */
export default fp(
  async function redis(app: FastifyInstance, options: RedisOptions) {
    app.decorate('redisKeyPrefix', options.keyPrefix);
    if (!options.url) {
      app.decorate('redis', null);
      app.decorate('redisState', () => 'off' as const);
      return;
    }
    const log = app.log.child({ plugin: 'redis' });
    // Loaded only when Redis is configured: one instance on the embedded database never needs the client.
    const { Redis: RedisClient } = await import('ioredis');
    const client = new RedisClient(options.url, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      // A command while Redis is away fails now rather than waiting for it to come back.
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      lazyConnect: true,
    });
    let warned = false;
    client.on('error', (error: Error) => {
      if (warned) return;
      warned = true;
      log.warn(
        { err: error },
        'Redis cannot be reached: rate limits and account throttles count per instance until it is back',
      );
    });
    client.on('ready', () => {
      if (warned) log.info('Redis is back');
      warned = false;
    });
    await client.connect().catch((error: unknown) => {
      log.warn({ err: error }, 'Redis cannot be reached at start: it is tried again in the background');
    });
    app.decorate('redis', client);
    app.decorate('redisState', () =>
      client.status === 'ready' ? ('ok' as const) : ('unavailable' as const),
    );
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  },
  { name: 'redis' },
);
