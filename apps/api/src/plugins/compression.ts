import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route sends the same bodies to everyone again and again (the catalogue's cached pages): each body is
     * compressed once per encoding and kept, instead of once per request.
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
/** Compressed shared bodies kept (the oldest go first). */
const SHARED_MAX = 500;

/**
 * Compresses API and locale responses (brotli or gzip, as the client accepts). The built web app's assets are
 * already compressed at build time and served as they are. Brotli runs at a low quality when it runs per request;
 * shared bodies are compressed once, at a higher quality.
 */
export default fp(
  async function compression(app: FastifyInstance) {
    const shared = new Map<string, { br?: Buffer; gzip?: Buffer }>();
    const compressOnce = (body: string, encoding: (typeof ENCODINGS)[number]) => {
      let entry = shared.get(body);
      if (!entry) {
        if (shared.size >= SHARED_MAX) shared.delete(shared.keys().next().value!);
        entry = {};
        shared.set(body, entry);
      }
      return (entry[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(body, { level: 9 }));
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
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]);
      if (encoding !== 'br' && encoding !== 'gzip') return payload;
      const body = compressOnce(payload, encoding);
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      reply.header('content-encoding', encoding);
      reply.header('content-length', body.length);
      return body;
    });

    await app.register(compress, {
      threshold: THRESHOLD,
      encodings: [...ENCODINGS],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
