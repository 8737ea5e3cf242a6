import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as endpoints from '@hls/contract/endpoints';
import { build, type TestApp } from '../test/helper.ts';

/**
 * Routes under /api that are not endpoints of ours, so not in the contract: the OpenAPI document and its browser
 * (@fastify/swagger-ui, built from the routes themselves), and the test clock's hooks the browser tests use — the
 * clock they move forward and the monthly payout proposal they make now (TEST_CLOCK, refused in production).
 */
const notEndpoints = [/^[A-Z]+ \/api\/docs(\/|$)/, /^POST \/api\/test\/(clock|payouts\/propose)$/];

/** Every route the app registers (method and URL), seen by an `onRoute` hook on the root instance. */
async function buildRecordingRoutes(env: Record<string, string>) {
  const routes: string[] = [];
  const onInitialization = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
    });
  };
  subscribe('fastify.initialization', onInitialization);
  try {
    return { built: await build({ env }), routes };
  } finally {
    unsubscribe('fastify.initialization', onInitialization);
  }
}

describe('the endpoints declared in the contract', () => {
  let t: TestApp | undefined;
  let registered: string[] = [];
  const app = () => t!.app;
  const declared = Object.values(endpoints).map(({ method, path }) => `${method} /api${path}`);

  beforeAll(async () => {
    // Every optional route on: Stripe's webhook (Stripe as the provider, never called here) and the test clock.
    const recorded = await buildRecordingRoutes({
      STRIPE_SECRET_KEY: 'sk_test_endpoints',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_endpoints',
      STRIPE_WEBHOOK_SECRET: 'whsec_endpoints',
      STRIPE_API_URL: 'http://127.0.0.1:9',
      TEST_CLOCK: 'true',
    });
    t = recorded.built;
    registered = recorded.routes
      .filter((route) => route.includes(' /api/'))
      // Fastify answers HEAD for every GET route by itself.
      .filter((route) => !route.startsWith('HEAD '))
      .filter((route) => !notEndpoints.some((pattern) => pattern.test(route)));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are every route the app registers under /api', () => {
    expect(registered.filter((route) => !declared.includes(route))).toEqual([]);
  });

  it('are all registered, each once', () => {
    expect(declared.filter((route) => !registered.includes(route))).toEqual([]);
    expect(registered).toHaveLength(new Set(registered).size);
    for (const { method, path } of Object.values(endpoints))
      expect(app().hasRoute({ method, url: `/api${path}` }), `${method} /api${path}`).toBe(true);
  });

  it('are what the OpenAPI document describes', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    // The document names a parameter `{id}` and the wildcard `{*}`.
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => method !== 'head')
          .map(
            (method) =>
              `${method.toUpperCase()} ${path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')}`,
          ),
      );
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((route) => !declared.includes(route))).toEqual([]);
  });
});
