import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adoptProducts } from './submissions.adopt.ts';
import { createAuthorDrafts, type AuthorDrafts } from './submissions.author.drafts.ts';
import { createAuthorFiles, type AuthorFiles } from './submissions.author.files.ts';
import type { AuthorDeps } from './submissions.author.helpers.ts';
import { createAuthorProposals, type AuthorProposals } from './submissions.author.proposals.ts';
import authorRoutes from './submissions.author.routes.ts';
import { createCalculator, type Calculator } from './submissions.calculator.ts';
import { createEditorialDecisions, type EditorialDecisions } from './submissions.editorial.decisions.ts';
import type { EditorialDeps } from './submissions.editorial.helpers.ts';
import { createEditorialReads, type EditorialReads } from './submissions.editorial.reads.ts';
import {
  createEpubChecks,
  EPUB_CHECK_JOB,
  EPUB_CHECK_RETRIES,
  type EpubCheckJob,
} from './submissions.epub-checks.ts';
import editorialRoutes from './submissions.editorial.routes.ts';
import { createReports, type Reports } from './submissions.reports.ts';

/** The author's side: drafts, the working copy's uploads, proposals and versions, the price calculator. */
export type AuthorService = AuthorDrafts & AuthorFiles & AuthorProposals & Calculator;
/** The editors' side: the queue and reviews, claims and decisions, reports of published documents. */
export type EditorialService = EditorialReads & EditorialDecisions & { reports: Reports };

declare module 'fastify' {
  interface FastifyInstance {
    /** The author's side (drafts, uploads, proposals, revisions) and the editors' (queue, decisions, reports). */
    submissions: {
      author: AuthorService;
      editorial: EditorialService;
      /** Proposals for catalogue products written without one (the demo data set). */
      adopt: typeof adoptProducts;
    };
  }
}

/**
 * Authors and editorial review: proposals of books and files from draft to publication, their versions and
 * history, the price and royalty calculator, reports of published documents, and the editors' queue and
 * decisions (publishing creates or updates the catalogue product through `app.catalog`).
 */
export default fp(
  async function submissions(app: FastifyInstance) {
    const unitsSold = (ids: number[]) => app.orders.unitsSold(ids);
    const log = app.log.child({ module: 'submissions' });
    const epubChecks = createEpubChecks({
      db: app.db,
      jobs: app.jobs,
      storage: app.storage,
      settings: app.config.uploads.epubChecks,
      log,
    });
    const authorDeps: AuthorDeps = {
      db: app.db,
      transaction: app.transaction,
      catalog: app.catalog,
      unitsSold,
      freeDownloads: (ids) => app.downloads.freeDownloads(ids),
      uploads: app.uploads,
      storage: app.storage,
      log,
      epubChecks,
    };
    const author: AuthorService = {
      ...createAuthorDrafts(authorDeps),
      ...createAuthorFiles(authorDeps),
      ...createAuthorProposals({ ...authorDeps, authors: app.authorNews }),
      ...createCalculator({
        royaltyRates: () => app.royalties.rates.currentPercent(),
        vatRates: () => app.tax.referenceRates(),
      }),
    };

    const editorialDeps: EditorialDeps = {
      db: app.db,
      transaction: app.transaction,
      catalog: app.catalog,
      unitsSold,
      accounts: app.accounts,
      mail: app.mail,
      storage: app.storage,
      uploads: app.uploads,
      publicUrl: app.config.publicUrl,
    };
    const reports = createReports(editorialDeps);
    const reads = createEditorialReads({ ...editorialDeps, reports });
    const decisions = createEditorialDecisions({ ...editorialDeps, review: reads.review });
    const editorial: EditorialService = { ...reads, ...decisions, reports };

    app.decorate('submissions', { author, editorial, adopt: adoptProducts });
    // A browser run and a JVM per EPUB: one check at a time, with time to spare.
    await app.jobs.work<EpubCheckJob>(EPUB_CHECK_JOB, (job) => epubChecks.run(job.data), {
      retryLimit: EPUB_CHECK_RETRIES,
      expireInSeconds: 900,
    });
    await app.register(authorRoutes, { prefix: '/api' });
    await app.register(editorialRoutes, { prefix: '/api' });
  },
  {
    name: 'submissions',
    dependencies: [
      'config',
      'database',
      'jobs',
      'auth',
      'tax',
      'mail',
      'accounts',
      'catalog',
      'storage',
      'uploads',
      'orders',
      'royalties',
      'author-news',
    ],
  },
);
