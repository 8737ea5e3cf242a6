import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuthorNotices, dayBefore, type AuthorNotices } from './author-news.notices.ts';
import authorNewsRoutes from './author-news.routes.ts';
import { createAuthorStats, type AuthorStatsService } from './author-news.stats.ts';

/** The job that sends yesterday's sales digests, and when: every day at 06:15 UTC. */
export const SALES_DIGEST_JOB = 'author-news.sales-digest';
const SALES_DIGEST_CRON = '15 6 * * *';

/** `app.authorNews`: the e-mails to authors about their work, and their products' monthly statistics. */
export type AuthorNews = AuthorNotices & AuthorStatsService;

declare module 'fastify' {
  interface FastifyInstance {
    authorNews: AuthorNews;
  }
}

/**
 * Authors hear what happens to their work: a proposal received, a sale (each, or a daily digest), a review
 * published — e-mails the checkout, the submissions and the reviews ask for in their own transactions — and see
 * their products' views, sales and conversion per month (GET /api/author/stats).
 */
export default fp(
  async function authorNews(app: FastifyInstance) {
    const { clock } = app.royalties;
    const notices = createAuthorNotices({
      transaction: app.transaction,
      publicUrl: app.config.publicUrl,
      mail: app.mail,
      accounts: app.accounts,
    });
    const stats = createAuthorStats({ db: app.db, now: () => clock.now(), accounts: app.accounts });
    app.decorate('authorNews', { ...notices, ...stats });

    // Daily, yesterday's sales go to the authors who chose one e-mail a day (once per author and day).
    await app.jobs.work(SALES_DIGEST_JOB, async () => {
      await notices.sendDigest(dayBefore(clock.now()));
    });
    await app.jobs.schedule(SALES_DIGEST_JOB, SALES_DIGEST_CRON);

    await app.register(authorNewsRoutes, { prefix: '/api' });
  },
  {
    name: 'author-news',
    dependencies: ['config', 'database', 'jobs', 'auth', 'mail', 'accounts', 'royalties'],
  },
);
