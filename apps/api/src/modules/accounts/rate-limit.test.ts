import { describe, expect, it } from 'vitest';
import { bearer, uniqueEmail, useApp } from '../../../test/helper.ts';

describe('rate limits behind one proxy (TRUST_PROXY=1)', () => {
  const t = useApp({ env: { RATE_LIMIT_AUTH_MAX: '2', RATE_LIMIT_AUTH_WINDOW: '1m', TRUST_PROXY: '1' } });

  it('counts the address the proxy saw, however the client rotates the X-Forwarded-For it sends', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/email/check',
        // The client wrote the first entry; the proxy appended the address it saw.
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        payload: { email: uniqueEmail('probe') },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([404, 404, 429]);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/email/check',
      headers: { 'x-forwarded-for': '203.0.113.8' },
      payload: { email: uniqueEmail('probe') },
    });
    expect(other.statusCode, 'another client has its own allowance').toBe(404);
  });
});

describe('rate limits on account routes', () => {
  const t = useApp({ env: { RATE_LIMIT_AUTH_MAX: '2', RATE_LIMIT_AUTH_WINDOW: '1m' } });

  it.each([
    ['/api/login', { email: 'someone@example.test', password: 'Whatever1' }],
    ['/api/register/customer', { email: 'x' }],
    ['/api/email/check', { email: 'someone@example.test' }],
    ['/api/password/reset', { email: 'someone@example.test' }],
    ['/api/token/refresh', { refresh: 'nope' }],
  ])('answers 429 rate_limited on %s after the limit', async (url, payload) => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url, payload: { ...payload } })).statusCode);
    }
    expect(statuses.slice(0, 2)).not.toContain(429);
    const limited = await t.app.inject({ method: 'POST', url, payload });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('answers 429 rate_limited on PUT /api/editPassword after the limit, per client', async () => {
    // The registration and login routes used their own allowance above: the service makes the session.
    const email = uniqueEmail();
    await t.app.accounts.createUser({
      firstName: 'Rim',
      lastName: 'Saidi',
      email,
      password: 'Secret123',
      role: 'customer',
    });
    const { access } = await t.app.accounts.login(email, 'Secret123');
    const change = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/editPassword',
        headers: bearer(access),
        payload: { oldPassword: 'Not-mine-1', newPassword: 'Changed789' },
      });
    expect((await change()).statusCode).toBe(400);
    expect((await change()).statusCode).toBe(400);
    const limited = await change();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('does not limit other routes', async () => {
    for (let i = 0; i < 4; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        payload: { refresh: uniqueEmail() },
      });
      expect(response.statusCode).toBe(204);
    }
  });
});
