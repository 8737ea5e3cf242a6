import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, useApp } from '../../test/helper.ts';
import { formLimits } from './body-parsers.ts';
import { RegisterAuthorRequest } from '@hls/contract';

const MB = 1_000_000;

/** A multipart body as a browser's FormData sends it, for `inject`. */
async function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append(file.name, new Blob([new Uint8Array(file.bytes)]), 'file.bin');
  const request = new Request('http://x', { method: 'POST', body: data });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

describe('multipart forms', () => {
  const t = useApp();
  let origin: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /**
   * Streams a form of `count` text fields of `fieldBytes` each to `path` over a real connection, made while it
   * is sent (one buffer reused); answers the status and how many fields had gone when the answer came. Stops
   * sending once answered.
   */
  function postForm(path: string, count: number, fieldBytes: number) {
    const boundary = `----hls${Date.now()}${Math.random().toString(16).slice(2)}`;
    const value = Buffer.alloc(fieldBytes, 'a');
    const head = (n: number) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f${n}"\r\n\r\n`);
    const closing = Buffer.from(`--${boundary}--\r\n`);
    let length = closing.length;
    for (let n = 0; n < count; n += 1) length += head(n).length + fieldBytes + 2;
    return new Promise<{ status: number; sentFields: number }>((resolve, reject) => {
      let answered = false;
      const request = httpRequest(
        `${origin}${path}`,
        {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
        },
        (response) => {
          answered = true;
          const sentFields = n;
          response.resume();
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode!, sentFields });
          });
        },
      );
      request.on('error', (error) => (answered ? undefined : reject(error)));
      let n = 0;
      const pump = () => {
        while (n < count) {
          if (answered) return;
          const more = request.write(Buffer.concat([head(n), value, Buffer.from('\r\n')]));
          n += 1;
          if (!more) return void request.once('drain', pump);
        }
        request.end(closing);
      };
      pump();
    });
  }

  it('answers 49 MB of form fields sent to a route that takes no form with 415 at once, memory staying flat', async () => {
    // What JavaScript holds (its heap, and the buffers outside it that a body read whole would fill), not the
    // process's resident size: the worker's other test files and their databases share the process and move it.
    const held = () => {
      const { heapUsed, external } = process.memoryUsage();
      return heapUsed + external;
    };
    const before = held();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, held())), 5);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postForm('/api/books/filter/book', 49, MB)),
    ).finally(() => clearInterval(sampler));
    // Eight such forms read whole would hold some 400 MB.
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    for (const answer of answers) {
      expect(answer.status).toBe(415);
      expect(answer.sentFields, 'answered before the form was sent').toBeLessThan(49);
    }
  });

  it('answers a registration form longer than its fields allow with 413 before reading it', async () => {
    const answer = await postForm('/api/register/customer', 49, MB);
    expect(answer.status).toBe(413);
    expect(answer.sentFields, 'answered before the form was sent').toBeLessThan(49);
  });

  it('still takes a registration and a contact message as multipart forms', async () => {
    const email = uniqueEmail('multipart');
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/register/customer',
      ...(await form({
        firstName: 'Nour',
        lastName: 'Haddad',
        email,
        password: 'Secret123',
        language: 'en',
      })),
    });
    expect(registration.statusCode, registration.body).toBe(201);
    expect(registration.json()).toMatchObject({ email, role: 'customer' });

    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      ...(await form({
        name: 'Nour',
        email,
        subject: 'A question',
        message: 'Is the paper edition shipped to Tunis?',
      })),
    });
    expect(contact.statusCode).toBe(201);
  });

  it('refuses a registration form with too many fields, a field too long or a file with 413', async () => {
    const valid = { firstName: 'Nour', lastName: 'Haddad', password: 'Secret123', language: 'en' };
    const post = async (body: Awaited<ReturnType<typeof form>>) =>
      t.app.inject({ method: 'POST', url: '/api/register/customer?lng=en', ...body });

    const tooMany = await post(
      await form({ ...valid, email: uniqueEmail('many'), a: '1', b: '2', c: '3', d: '4' }),
    );
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.code).toBe('payload_too_large');

    const tooLong = await post(
      await form({ ...valid, email: uniqueEmail('long'), lastName: 'x'.repeat(2000) }),
    );
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().error.fields).toEqual({ lastName: 'This value is too long.' });

    const withFile = await post(
      await form({ ...valid, email: uniqueEmail('file') }, { name: 'avatar', bytes: Buffer.alloc(10) }),
    );
    expect(withFile.statusCode).toBe(413);
  });

  it('sizes a form route’s limits from its body schema', () => {
    // Seven fields; the longest is the 2,000-character biography.
    expect(formLimits(RegisterAuthorRequest)).toEqual({ fields: 7, fieldBytes: 6000 });
  });

  it('lists multipart in the API document only for the routes that take it', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, { post?: { requestBody?: { content?: Record<string, unknown> } } }>;
    }>();
    const types = (path: string) => Object.keys(doc.paths[path]?.post?.requestBody?.content ?? {});
    for (const path of ['/api/register/customer', '/api/register/author', '/api/contact', '/api/reports']) {
      expect(types(path), path).toContain('multipart/form-data');
    }
    for (const path of ['/api/login', '/api/analytics/pageview', '/api/order/create']) {
      expect(types(path), path).not.toContain('multipart/form-data');
    }
  });
});
