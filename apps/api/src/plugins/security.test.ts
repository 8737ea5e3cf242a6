import { describe, expect, it } from 'vitest';
import { bearer, registerUser, useApp } from '../../test/helper.ts';

describe('caching of session responses', () => {
  const t = useApp();

  it('tells browsers and proxies never to store tokens and the user’s own data; public reads keep theirs', async () => {
    const user = await registerUser(t.app);
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(logged.statusCode).toBe(200);
    expect(logged.headers['cache-control']).toBe('no-store');
    const { access, refresh } = logged.json<{ access: string; refresh: string }>();

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh } });
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(access) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');

    const site = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(site.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('security headers', () => {
  const t = useApp();

  it('deny framing in both headers, refuse unused browser features, and send HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain.headers['permissions-policy']).toContain('camera=()');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers behind an HTTPS proxy', () => {
  const t = useApp({ env: { TRUST_PROXY: '1' } });

  it('send HSTS when the request came over HTTPS', async () => {
    const secure = await t.app.inject({
      method: 'GET',
      url: '/api/site',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
