import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUploadsService, type UploadsService } from './uploads.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsService;
  }
}

/**
 * Files taken in from authors: streamed to storage, checked by content, packages opened under a budget.
 * Routes that take files carry `config: streamMultipart` (index.ts) and call `app.uploads.receiveMultipart`.
 */
export default fp(
  async function uploads(app: FastifyInstance) {
    app.decorate(
      'uploads',
      createUploadsService({ storage: app.storage, settings: app.config.uploads, log: app.log }),
    );
  },
  { name: 'uploads', dependencies: ['config', 'storage'] },
);
