import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import documentsRoutes from './documents.routes.ts';
import { createDocumentsService, type DocumentsService } from './documents.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentsService;
  }
}

/** Public documents made from the settings (the author contract PDF): `app.documents`, routes under /api. */
export default fp(
  async function documents(app: FastifyInstance) {
    app.decorate('documents', createDocumentsService({ storage: app.storage, settings: app.config }));
    await app.register(documentsRoutes, { prefix: '/api' });
  },
  { name: 'documents', dependencies: ['config', 'storage'] },
);
