import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Covers, manuscripts and downloadable files (see modules/storage/storage.ts). */
    storage: Storage;
  }
}

/** Makes the file store available to every module as `app.storage`. */
export default fp(
  async function storagePlugin(app: FastifyInstance, options: { storage: Storage }) {
    app.decorate('storage', options.storage);
  },
  { name: 'storage' },
);
