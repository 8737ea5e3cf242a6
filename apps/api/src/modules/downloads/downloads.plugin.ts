import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEntitlements, type Entitlements } from './downloads.entitlements.ts';
import { STAMP_JOB, STAMP_RETRIES, type DownloadsDeps, type StampJob } from './downloads.helpers.ts';
import { createDownloadLinks, type DownloadLinks } from './downloads.links.ts';
import {
  createVersionNotices,
  NOTICE_JOB,
  NOTICE_SWEEP_CRON,
  NOTICE_SWEEP_JOB,
  noticeJobKey,
  type NoticeJob,
} from './downloads.notices.ts';
import { createOptOutTokens, type OptOutTokens } from './downloads.opt-out.ts';
import downloadsRoutes from './downloads.routes.ts';
import { createStamping, type Stamping } from './downloads.stamping.ts';
import { createDownloadTokens } from './downloads.tokens.ts';

/**
 * `app.downloads`: entitlements (grant, revoke, lists, free documents' users), links and the file they serve,
 * and the stamping of the buyers' PDF copies. Grants join the paying transaction; stamping runs as a job after it.
 */
export type DownloadsService = Entitlements &
  DownloadLinks &
  Stamping & {
    /** The new-version e-mails of the user named by an opt-out link's token are turned off; resolves with their address. */
    versionEmailsOff(token: string): Promise<{ email: string }>;
    /** Signs the token of a user's opt-out link (the e-mails carry it; tests and commands may make one). */
    optOut: OptOutTokens;
    /** The notices' sweep (its job runs it every quarter of an hour): how many versions' jobs it sent again. */
    sweepNotices(now?: Date): Promise<number>;
  };

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
 * buyers' stamped PDFs made by the `downloads.stamp` job, every version of a file they hold), the e-mails telling
 * buyers of a new version (the `downloads.version-notice` job, sent with it) with their opt-out link, and
 * the routes of /api/downloads and the download link.
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
    const optOut = createOptOutTokens(config.checkout.downloadTokenSecret);
    const notices = createVersionNotices({ ...deps, optOut });
    app.decorate('downloads', {
      ...createEntitlements(deps),
      ...createDownloadLinks(deps),
      ...stamping,
      optOut,
      sweepNotices: (now?: Date) => notices.sweep(now),
      async versionEmailsOff(token: string) {
        const userId = await optOut.verify(token);
        await app.accounts.updateEmailPreferences(userId, { versionEmails: false });
        return { email: (await app.accounts.getUser(userId)).email };
      },
    } satisfies DownloadsService);
    await app.jobs.work<NoticeJob>(NOTICE_JOB, async (job) => {
      await notices.notify(job.data);
    });
    await app.jobs.work(NOTICE_SWEEP_JOB, async () => {
      await notices.sweep();
    });
    await app.jobs.schedule(NOTICE_SWEEP_JOB, NOTICE_SWEEP_CRON);
    // One job per version, sent in the transaction that publishes it: it exists if and only if the version does.
    const offVersioned = app.catalog.assets.onVersioned(async (ctx, version) => {
      await app.jobs.send(NOTICE_JOB, version, { ctx, singletonKey: noticeJobKey(version) });
    });
    app.addHook('onClose', async () => offVersioned());
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
