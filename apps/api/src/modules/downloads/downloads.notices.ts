import { and, eq } from 'drizzle-orm';
import { paths } from '@hls/contract';
import type { VersionPublished } from '../catalog/index.ts';
import { holdingsOf, queueCopy, serving, type DownloadsDeps } from './downloads.helpers.ts';
import type { OptOutTokens } from './downloads.opt-out.ts';
import { entitlements, versionNotices } from './downloads.tables.ts';

/** The job that tells a new version's buyers (one job per version: `catalog.versioned` sends it). */
export const NOTICE_JOB = 'downloads.version-notice';
export type NoticeJob = VersionPublished;

export type NoticeDeps = Pick<
  DownloadsDeps,
  'db' | 'transaction' | 'jobs' | 'assets' | 'mail' | 'accounts' | 'settings' | 'log'
> & { optOut: OptOutTokens };

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
      const recipients = await accounts.mailRecipients(rows.map((row) => row.userId));
      const product = await assets.forProduct(job.productId);
      let mailed = 0;
      const told = new Set<string>();
      for (const holding of holdings) {
        const version = holding.versions.find((v) => v.id === job.versionId);
        const user = recipients.get(holding.row.userId);
        if (!version || !user || !product) continue;
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
  };
}
export type VersionNotices = ReturnType<typeof createVersionNotices>;
