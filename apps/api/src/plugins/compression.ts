import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route sends the same bodies to everyone again and again (the catalogue's cached pages): a body sent again
     * is compressed once per encoding, at a high quality off the main thread, and kept.
     */
    sharedBody?: boolean;
  }
}

const sharedReplies = new WeakSet<FastifyReply>();

/**
 * Marks a reply whose body many requests share although its route is not a `sharedBody` one (a rendered page,
 * answered from the not-found handler): compressed once per encoding too.
 */
export function shareBody(reply: FastifyReply): FastifyReply {
  sharedReplies.add(reply);
  return reply;
}

const THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
/** Shared bodies remembered, with their compressed copies (the least recently sent go first). */
const SHARED_MAX = 500;
/** Brotli's quality for a request's own body: cheap enough to pay on the main thread for every response. */
const PER_REQUEST_QUALITY = 4;
const SHARED_QUALITY = 9;

type Encoding = (typeof ENCODINGS)[number];
/** A shared body's compressed copies, by encoding. */
type Copies = Partial<Record<Encoding, Promise<Buffer> | undefined>>;
// The async forms run in libuv's thread pool, so a high quality costs the event loop nothing.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressShared = (body: string, encoding: Encoding) =>
  encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: SHARED_QUALITY } })
    : gzipAsync(body, { level: 9 });

/**
 * Compresses API and locale responses (brotli or gzip, as the client accepts). The built web app's assets are
 * already compressed at build time and served as they are. Brotli runs at a low quality when it runs per request.
 * A shared body is compressed like any response the first time it is sent (most addresses asked once are never
 * asked again); from its second time, once per encoding at a high quality, off the main thread, and kept.
 */
export default fp(
  async function compression(app: FastifyInstance) {
    const shared = new Map<string, Copies>();
    /** Remembers a body as sent; its copies when it was sent before, undefined the first time. */
    const sent = (body: string) => {
      const entry = shared.get(body);
      // Most recently sent last, so that a stream of new bodies pushes out the ones sent once.
      shared.delete(body);
      if (shared.size >= SHARED_MAX) shared.delete(shared.keys().next().value!);
      shared.set(body, entry ?? {});
      return entry;
    };
    /** The kept copy of a body in an encoding, compressed the first time it is asked for. */
    const sharedCopy = (body: string, entry: Copies, encoding: Encoding) => {
      let copy = entry[encoding];
      if (!copy) {
        const started = compressShared(body, encoding);
        // A compression that failed is tried again by the next send.
        started.catch(() => {
          if (entry[encoding] === started) entry[encoding] = undefined;
        });
        entry[encoding] = copy = started;
      }
      return copy;
    };

    // Runs before @fastify/compress (route hooks come after the application's), which then leaves it alone.
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        !(request.routeOptions.config.sharedBody || sharedReplies.has(reply)) ||
        typeof payload !== 'string' ||
        payload.length < THRESHOLD ||
        reply.hasHeader('content-encoding')
      ) {
        return payload;
      }
      const entry = sent(payload);
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]);
      if (!entry || (encoding !== 'br' && encoding !== 'gzip')) return payload;
      const body = await sharedCopy(payload, entry, encoding);
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      reply.header('content-encoding', encoding);
      reply.header('content-length', body.length);
      return body;
    });

    await app.register(compress, {
      threshold: THRESHOLD,
      encodings: [...ENCODINGS],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_QUALITY } },
    });
  },
  { name: 'compression' },
);
