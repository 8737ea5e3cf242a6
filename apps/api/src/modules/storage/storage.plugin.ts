import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage, type Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Covers, manuscripts and downloadable files (see modules/storage/storage.ts). */
    storage: Storage;
  }
}

/** Makes the file store available to every module as `app.storage` (local disk under STORAGE_DIR by default). */
export default fp(
  async function storage(app: FastifyInstance, options: { storage?: Storage | undefined }) {
    app.decorate('storage', options.storage ?? createLocalStorage(app.config.storageDir));
  },
  { name: 'storage', dependencies: ['config'] },
);
