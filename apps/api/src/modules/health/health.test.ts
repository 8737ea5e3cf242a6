import { describe, expect, it } from 'vitest';
import { build, useApp } from '../../../test/helper.ts';

describe('health and unknown routes', () => {
  const t = useApp();

  it('reports the database as ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok', instances: 'ok', redis: 'off' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    // Stripe's origins only when Stripe takes the payments.
    expect(response.headers['content-security-policy']).not.toContain('stripe.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/register/customer', '/api/token/refresh', '/api/user']),
    );
  });

  it('answers 503 when the database is unreachable', { tags: ['postgres'] }, async () => {
    const broken = await build();
    try {
      await broken.database.pool.end();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: 'unavailable' });
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
