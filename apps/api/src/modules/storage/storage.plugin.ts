import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage, StorageUnavailableError, type Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Covers, manuscripts and downloadable files (see modules/storage/storage.ts). */
    storage: Storage;
  }
}

/**
 * Makes the file store available to every module as `app.storage`: an S3 bucket when S3_BUCKET is set (shared by
 * several instances), else the local disk under STORAGE_DIR.
 */
export default fp(
  async function storage(app: FastifyInstance, options: { storage?: Storage | undefined }) {
    if (options.storage) {
      app.decorate('storage', options.storage);
    } else if (app.config.s3) {
      // The AWS SDK (about 30 MB of memory) is loaded only when a bucket is configured.
      const { createS3Storage } = await import('./s3-storage.ts');
      const s3 = createS3Storage(app.config.s3);
      app.decorate('storage', s3);
      app.addHook('onClose', async () => s3.close());
      // A bucket that is not there stops the start with what to correct, rather than a 500 at the first upload. A
      // store out of reach does not: its requests answer 503 until it is back.
      try {
        await s3.checkBucket();
      } catch (error) {
        if (!(error instanceof StorageUnavailableError)) throw error;
        app.log.warn(
          { err: error },
          'the object storage cannot be reached: files answer 503 until it is back',
        );
      }
    } else {
      app.decorate('storage', createLocalStorage(app.config.storageDir));
    }
  },
  { name: 'storage', dependencies: ['config'] },
);
