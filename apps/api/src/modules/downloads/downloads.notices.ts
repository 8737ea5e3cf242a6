import { and, eq, lt, sql } from 'drizzle-orm';
import { paths } from '@hls/contract';
import type { VersionPublished } from '../catalog/index.ts';
import { holdingsOf, queueCopy, serving, type DownloadsDeps } from './downloads.helpers.ts';
import type { OptOutTokens } from './downloads.opt-out.ts';
import { entitlements, versionNotices } from './downloads.tables.ts';

/** The job that tells a new version's buyers: one per version, sent in the transaction that publishes it. */
export const NOTICE_JOB = 'downloads.version-notice';
export type NoticeJob = VersionPublished;
/**
 * The sweep that sends the job again for a recent version some buyer was not told of (its job gave up after its
 * retries, say, while the mail server was down for long).
 */
export const NOTICE_SWEEP_JOB = 'downloads.version-notice-sweep';
export const NOTICE_SWEEP_CRON = '*/15 * * * *';
/** How far back the sweep looks, and how long it leaves the job sent at publication to do its work. */
const SWEEP_WINDOW_MS = 7 * 86_400_000;
const SWEEP_GRACE_MS = 5 * 60_000;

/** The job of a version, once per version while it waits. */
export const noticeJobKey = (job: NoticeJob) => `version-${job.versionId}`;

export type NoticeDeps = Pick<
  DownloadsDeps,
  'db' | 'transaction' | 'jobs' | 'assets' | 'mail' | 'accounts' | 'settings' | 'log'
> & { optOut: OptOutTokens };

/** Holders of a purchase made before the version was published: they are the ones told of it. */
const toldOf = (publishedAt: Date) => (row: { createdAt: Date }) => row.createdAt < publishedAt;

/**
 * New versions reach their buyers: each holder of an active purchase of the product gets their stamped copy of
 * the new version queued, and an e-mail in their language linking to /download — unless they turned these
 * e-mails off. Each user is told once per version (`version_notices`, written with the e-mail in one
 * transaction), so a retried job, or two instances running it, send no second e-mail.
 */
export function createVersionNotices(deps: NoticeDeps) {
  const { db, transaction, assets, accounts, mail, settings, log } = deps;
  return {
    /** The notice job: returns how many buyers this run e-mailed (none on a retry of a finished run). */
    async notify(job: NoticeJob): Promise<number> {
      const rows = await db
        .select()
        .from(entitlements)
        .where(
          and(
            eq(entitlements.productId, job.productId),
            eq(entitlements.status, 'active'),
            eq(entitlements.source, 'purchase'),
          ),
        );
      const holdings = await holdingsOf(deps, rows);
      // Messages are sent one transaction per user: a failure retries the job, which skips those already told.
      const recipients = await accounts.mailRecipients(rows.map((row) => row.userId));
      const product = await assets.forProduct(job.productId);
      let mailed = 0;
      const told = new Set<string>();
      for (const holding of holdings) {
        const version = holding.versions.find((v) => v.id === job.versionId);
        const user = recipients.get(holding.row.userId);
        // Who bought it once this version was on sale bought this version: nothing to tell them.
        if (!version || !user || !product || !toldOf(version.publishedAt)(holding.row)) continue;
        // The buyer's copy of the new version is made before they come for it.
        const served = serving(holding, version, settings.stampPdfs);
        if (served.kind === 'preparing' && !served.copy) {
          await queueCopy(deps, undefined, holding.row, version, user);
        }
        if (told.has(user.id)) continue;
        told.add(user.id);
        const optOutUrl = `${settings.publicUrl}${paths.versionEmailsOff.getHref(await deps.optOut.sign(user.id))}`;
        const sent = await transaction(async (ctx) => {
          const [first] = await ctx.tx
            .insert(versionNotices)
            .values({
              userId: user.id,
              versionId: version.id,
              outcome: user.versionEmails ? 'mailed' : 'opted_out',
            })
            .onConflictDoNothing()
            .returning({ outcome: versionNotices.outcome });
          if (first?.outcome !== 'mailed') return false;
          await mail.queue(ctx, {
            to: user.email,
            language: user.language,
            template: 'new_version',
            data: {
              firstName: user.firstName,
              title: product.title,
              version: version.number,
              publishedAt: version.publishedAt.toISOString(),
              note: version.note,
              downloadsUrl: `${settings.publicUrl}${paths.download.getHref()}`,
              optOutUrl,
            },
          });
          return true;
        });
        if (sent) mailed += 1;
      }
      log.info({ productId: job.productId, version: job.number, mailed }, 'new version told to its buyers');
      return mailed;
    },

    /**
     * The sweep: a recent version (past the grace the publication's own job has) with a buyer of an active
     * purchase made before it and not told of it yet gets its job sent again; the job tells only those.
     */
    async sweep(now = new Date()): Promise<number> {
      let sent = 0;
      const recent = await assets.versionsSince(new Date(now.getTime() - SWEEP_WINDOW_MS));
      const due = recent.filter((v) => v.publishedAt.getTime() < now.getTime() - SWEEP_GRACE_MS);
      for (const { publishedAt, ...version } of due) {
        const [untold] = await db
          .select({ id: entitlements.id })
          .from(entitlements)
          .where(
            and(
              eq(entitlements.productId, version.productId),
              eq(entitlements.status, 'active'),
              eq(entitlements.source, 'purchase'),
              lt(entitlements.createdAt, publishedAt),
              sql`NOT EXISTS (SELECT 1 FROM ${versionNotices} n WHERE n.user_id = ${entitlements.userId} AND n.version_id = ${version.versionId})`,
            ),
          )
          .limit(1);
        if (!untold) continue;
        await deps.jobs.send(NOTICE_JOB, version, { singletonKey: noticeJobKey(version) });
        sent += 1;
      }
      return sent;
    },
  };
}
export type VersionNotices = ReturnType<typeof createVersionNotices>;
