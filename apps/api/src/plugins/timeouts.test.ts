import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, login, registerUser, type TestApp } from '../../test/helper.ts';

/** What the server wrote on a socket until it closed it, and after how long. */
function whenClosed(socket: Socket): Promise<{ text: string; afterMs: number }> {
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  return new Promise((resolve) => {
    socket.on('close', () => resolve({ text, afterMs: Date.now() - started }));
    socket.on('error', () => undefined);
  });
}

/** Sends `head`, then one byte of the body every `everyMs` until the server closes the connection. */
function trickle(port: number, head: string, everyMs: number) {
  const socket = connect(port, '127.0.0.1');
  const closed = whenClosed(socket);
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write('x');
  }, everyMs);
  return closed.finally(() => clearInterval(timer));
}

describe('slow clients', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await build({
      env: {
        REQUEST_BODY_TIMEOUT: '600ms',
        UPLOAD_MIN_RATE: '4kb',
        UPLOAD_RATE_WINDOW: '600ms',
        SOCKET_IDLE_TIMEOUT: '1500ms',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('answers 408 and closes the connection of a body that does not arrive in time, creating nothing', async () => {
    const email = 'slow.register@example.test';
    const { text, afterMs } = await trickle(
      port,
      [
        'POST /api/register/customer HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 500000',
        '',
        `{"firstName":"Slow","lastName":"Loris","email":"${email}","password":"Secret123","x":"`,
      ].join('\r\n'),
      100,
    );
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"code":"request_timeout"');
    expect(text, 'with the security headers of every answer').toMatch(
      /^x-content-type-options: nosniff\r$/im,
    );
    expect(afterMs, 'well before the 15 minutes of a whole request').toBeLessThan(10_000);
    const exists = await t.app.inject({ method: 'POST', url: '/api/email/check', payload: { email } });
    expect(exists.statusCode, 'no account was created').toBe(404);
  });

  it('closes an upload slower than the minimum rate, and lets one at a fair rate through', async () => {
    const author = await registerUser(t.app, {}, 'author');
    const { access } = await login(t.app, author.email, author.password);
    const head = [
      'POST /api/category/file/create HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${access}`,
      'Content-Type: multipart/form-data; boundary=----slow',
      'Content-Length: 40000000',
      '',
      '------slow\r\nContent-Disposition: form-data; name="title"\r\n\r\nLent\r\n',
    ].join('\r\n');
    const slow = await trickle(port, head, 50);
    expect(slow.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.afterMs).toBeLessThan(10_000);

    // The same upload at a fair pace is not cut, window after window.
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.write(
      `${head}------slow\r\nContent-Disposition: form-data; name="manuscript"; filename="long.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
    );
    const chunk = Buffer.alloc(4096, 'a');
    const pace = setInterval(() => !socket.destroyed && socket.write(chunk), 100);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    clearInterval(pace);
    expect(answer, 'no timeout over three windows').not.toMatch(/ 408 /);
    socket.destroy();
  });

  it('closes a connection that sends nothing', async () => {
    const socket = connect(port, '127.0.0.1');
    const { text, afterMs } = await whenClosed(socket);
    expect(text).toBe('');
    expect(afterMs).toBeGreaterThan(1000);
    expect(afterMs).toBeLessThan(15_000);
  });

  it('sets the headers and whole-request limits and the connection cap on the server', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(15 * 60_000);
    expect(server.maxConnections).toBe(2048);
  });
});
