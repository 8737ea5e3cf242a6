import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built web app; unknown page paths fall back to index.html (see the error handler). */
export default fp(
  async function webApp(app: FastifyInstance, options: { root: string }) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz next to each text file (apps/web/vite.config.ts): sent when the client accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change; index.html must always be revalidated.
        if (filePath.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  },
  { name: 'web-app' },
);
