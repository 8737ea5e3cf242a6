import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses API and locale responses (brotli or gzip, as the client accepts). The built web app's assets are
 * already compressed at build time and served as they are. Brotli runs at a low quality: it is computed per request.
 */
export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
