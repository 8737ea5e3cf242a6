import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import auth, { createAccessTokens } from './auth.ts';
import errorHandler from './error-handler.ts';

const secret = 'a-secret-for-the-role-guard-tests-0123456789';

describe('requireRole', () => {
  const app = Fastify();
  const tokens = createAccessTokens(secret, 60);

  beforeAll(async () => {
    await app.register(errorHandler, { localesDir: '/nonexistent', spaFallback: false });
    await app.register(auth, { secret, accessTokenTtl: 60 });
    app.after(() => {
      app.setSessionCheck(async (user) => user.sessionId !== 'ended');
      app.get('/staff', { preHandler: app.requireRole('editor', 'admin') }, async (request) => ({
        user: request.user,
      }));
      app.get('/public', async (request) => ({ user: request.user }));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const call = async (url: string, role?: 'customer' | 'author' | 'editor' | 'admin', sessionId = 's-1') => {
    const headers = role
      ? { authorization: `Bearer ${await tokens.sign({ id: 'u-1', role, sessionId })}` }
      : {};
    return app.inject({ method: 'GET', url, headers });
  };

  it('lets the listed roles through and sets request.user', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const response = await call('/staff', role);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: { id: 'u-1', role, sessionId: 's-1' } });
    }
  });

  it('answers 401 to a valid token whose session has ended', async () => {
    const response = await call('/staff', 'admin', 'ended');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('answers 403 forbidden to other roles', async () => {
    for (const role of ['customer', 'author'] as const) {
      const response = await call('/staff', role);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
  });

  it('answers 401 without a bearer token and leaves public routes anonymous', async () => {
    expect((await call('/staff')).statusCode).toBe(401);
    const response = await app.inject({
      method: 'GET',
      url: '/staff',
      headers: { authorization: 'Basic abc' },
    });
    expect(response.statusCode).toBe(401);
    expect((await call('/public', 'admin')).json()).toEqual({ user: null });
  });

  it('refuses a token that carries an audience (a download link), even signed with the same key', async () => {
    const key = new TextEncoder().encode(secret);
    const token = await new SignJWT({ role: 'admin', file_id: 1, ent: 'e' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u-1')
      .setAudience('hls:download')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key);
    const response = await app.inject({
      method: 'GET',
      url: '/staff',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  describe('a token verified once', () => {
    afterEach(() => vi.useRealTimers());

    it('is still refused once it expires, and a changed token is verified again', async () => {
      const short = createAccessTokens(secret, 60);
      const token = await short.sign({ id: 'u-2', role: 'author', sessionId: 's-2' });
      expect(await short.verify(token)).toEqual({ id: 'u-2', role: 'author', sessionId: 's-2' });
      expect(await short.verify(token)).toEqual({ id: 'u-2', role: 'author', sessionId: 's-2' });
      // One character of the signature changed: not the token verified before.
      const forged = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
      await expect(short.verify(forged)).rejects.toMatchObject({ code: 'unauthorized' });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      await expect(short.verify(token)).rejects.toMatchObject({ code: 'token_expired' });
    });
  });
});
