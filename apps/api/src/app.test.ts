import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useApp } from '../test/helper.ts';
import { loggerOptions } from './plugins/logger.ts';

describe('app-wide limits and headers', () => {
  const t = useApp({ env: { BODY_LIMIT: '1kb', CORS_ORIGIN: 'http://web.test' } });

  it('refuses a body over BODY_LIMIT with 413 payload_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.test', password: 'x'.repeat(2000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('refuses an unknown content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('allows the configured origin only', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'http://web.test', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://web.test');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://evil.test' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('logger', () => {
  it('redacts passwords, tokens, IBANs and the authorization header', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino(loggerOptions('info'), sink);
    logger.info({
      password: 'p1',
      body: { oldPassword: 'p2', newPassword: 'p3', refresh: 'r1', iban: 'FR7630006000011234567890189' },
      tokens: { access: 'a1', nested: { token: 't1' } },
      req: { headers: { authorization: 'Bearer a2' } },
      email: 'kept@example.test',
    });
    const line = lines.join('');
    for (const secret of ['p1', 'p2', 'p3', 'r1', 'a1', 't1', 'Bearer a2', 'FR7630006000011234567890189']) {
      expect(line).not.toContain(`"${secret}"`);
    }
    expect(line).toContain('kept@example.test');
  });
});
