import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import downloadsRoutes from './downloads.routes.ts';
import {
  createDownloadsService,
  STAMP_JOB,
  STAMP_RETRIES,
  type DownloadsService,
  type StampJob,
} from './downloads.service.ts';
import { createDownloadTokens } from './downloads.tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    downloads: DownloadsService;
  }
}

declare module '../../plugins/events.ts' {
  interface AppEvents {
    /** A purchase was downloaded for the first time (its withdrawal right ended, by the terms). */
    'downloads.first': { orderLineId: number };
  }
}

/**
 * What users may download: `app.downloads` (grant and revoke with the orders, links, free academic files, the
 * buyers' stamped PDFs made by the `downloads.stamp` job), and the routes of /api/downloads and the download link.
 */
export default fp(
  async function downloads(app: FastifyInstance) {
    const { config } = app;
    const service = createDownloadsService({
      db: app.db,
      transaction: app.transaction,
      jobs: app.jobs,
      assets: app.catalog.assets,
      catalog: app.catalog.writes,
      storage: app.storage,
      mail: app.mail,
      accounts: app.accounts,
      tokens: createDownloadTokens(config.checkout.downloadTokenSecret),
      settings: {
        stampPdfs: config.checkout.stampPdfs,
        linkTtl: config.checkout.downloadTokenTtl,
        publicUrl: config.publicUrl,
      },
      log: app.log.child({ module: 'downloads' }),
    });
    app.decorate('downloads', service);
    await app.jobs.work<StampJob>(STAMP_JOB, (job) => service.stamp(job.data, job), {
      retryLimit: STAMP_RETRIES,
      retryDelay: 5,
      expireInSeconds: 600,
    });
    await app.register(downloadsRoutes, { prefix: '/api' });
  },
  {
    name: 'downloads',
    dependencies: ['config', 'database', 'jobs', 'storage', 'mail', 'accounts', 'catalog'],
  },
);
