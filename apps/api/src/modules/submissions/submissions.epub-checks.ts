import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { EPUB_MIME } from '../../lib/epub/epub-archive.ts';
import { checkEpub, pendingEpubReport, type EpubCheckSettings } from '../../lib/epub/epub-check.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { Storage } from '../storage/index.ts';
import { submissionFiles } from './submissions.tables.ts';

/** The job that checks an uploaded EPUB (epubcheck, Ace, metadata) and stores its report on the upload's row. */
export const EPUB_CHECK_JOB = 'submissions.epub-check';
export type EpubCheckJob = { fileId: string };
/** Attempts after a first failure (the tools' own failures are written in the report, not retried). */
export const EPUB_CHECK_RETRIES = 2;

/** The report an upload starts with: pending for an EPUB, none for other files. */
export const initialEpubReport = (mime: string) => (mime === EPUB_MIME ? pendingEpubReport : null);

export type EpubCheckDeps = {
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  storage: Pick<Storage, 'getObject'>;
  settings: EpubCheckSettings;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
};

/** The checks of uploaded EPUBs: queued with the upload, run by the `submissions.epub-check` job. */
export function createEpubChecks(deps: EpubCheckDeps) {
  const { db, log } = deps;
  return {
    /** Queues the check of an uploaded EPUB in the upload's transaction: it runs once that commits. */
    queue: (ctx: AppTxContext, fileId: string) =>
      deps.jobs.send(EPUB_CHECK_JOB, { fileId } satisfies EpubCheckJob, { ctx, singletonKey: fileId }),

    /** The job: checks the EPUB and stores the report, once (a report already in is kept). */
    async run(job: EpubCheckJob): Promise<void> {
      const [file] = await db
        .select({ storageKey: submissionFiles.storageKey, report: submissionFiles.epubReport })
        .from(submissionFiles)
        .where(eq(submissionFiles.id, job.fileId));
      if (!file || file.report?.status !== 'pending') return;
      const stored = await deps.storage.getObject(file.storageKey);
      if (!stored) {
        log.warn({ fileId: job.fileId }, 'EPUB to check is missing from storage');
        return;
      }
      const report = await checkEpub(stored.bytes, deps.settings);
      await db
        .update(submissionFiles)
        .set({ epubReport: report })
        .where(
          and(eq(submissionFiles.id, job.fileId), sql`${submissionFiles.epubReport}->>'status' = 'pending'`),
        );
      log.info(
        {
          fileId: job.fileId,
          blocking: report.blocking,
          epubcheck: report.epubcheck?.state,
          ace: report.ace?.state,
        },
        'EPUB checked',
      );
    },
  };
}
export type EpubChecks = ReturnType<typeof createEpubChecks>;

/** Queues, in the upload's transaction, the checks of the EPUBs just received among the working copy's files. */
export async function queueNewEpubChecks(
  epubChecks: Pick<EpubChecks, 'queue'>,
  ctx: AppTxContext,
  received: readonly { storageKey: string }[],
  files: readonly (typeof submissionFiles.$inferSelect)[],
): Promise<void> {
  const keys = new Set(received.map((file) => file.storageKey));
  for (const file of files) {
    if (keys.has(file.storageKey) && file.epubReport) await epubChecks.queue(ctx, file.id);
  }
}
