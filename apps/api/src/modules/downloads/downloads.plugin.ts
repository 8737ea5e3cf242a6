import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEntitlements, type Entitlements } from './downloads.entitlements.ts';
import { STAMP_JOB, STAMP_RETRIES, type DownloadsDeps, type StampJob } from './downloads.helpers.ts';
import { createDownloadLinks, type DownloadLinks } from './downloads.links.ts';
import downloadsRoutes from './downloads.routes.ts';
import { createStamping, type Stamping } from './downloads.stamping.ts';
import { createDownloadTokens } from './downloads.tokens.ts';

/**
 * `app.downloads`: entitlements (grant, revoke, lists, free documents' users), links and the file they serve,
 * and the stamping of the buyers' PDF copies. Grants join the paying transaction; stamping runs as a job after it.
 */
export type DownloadsService = Entitlements & DownloadLinks & Stamping;

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
    const deps: DownloadsDeps = {
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
    };
    const stamping = createStamping(deps);
    app.decorate('downloads', {
      ...createEntitlements(deps),
      ...createDownloadLinks(deps),
      ...stamping,
    } satisfies DownloadsService);
    await app.jobs.work<StampJob>(STAMP_JOB, (job) => stamping.stamp(job.data, job), {
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
