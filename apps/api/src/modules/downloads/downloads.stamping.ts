import { and, eq, sql } from 'drizzle-orm';
import { EPUB_MIME } from '../../lib/epub/epub-archive.ts';
import { stampEpub } from '../../lib/epub/epub-stamp.ts';
import { stampPdf } from '../../lib/pdf/stamp.ts';
import { copyKey, isEpub, STAMP_RETRIES, type DownloadsDeps, type StampJob } from './downloads.helpers.ts';
import { entitlements, stampedCopies } from './downloads.tables.ts';

export type StampingDeps = Pick<DownloadsDeps, 'db' | 'assets' | 'storage' | 'log'>;

/** The buyers' stamped copies of PDFs and EPUBs, one per entitlement and version, made by the `downloads.stamp` job. */
export function createStamping(deps: StampingDeps) {
  const { db, assets, storage, log } = deps;
  return {
    /**
     * The stamping job: the buyer's copy of a version of the PDF with their name, e-mail and order number on
     * every page, kept under `stamped/<entitlement>/v<number>.pdf`. A failure is retried with backoff; after the
     * last one the version shows as still being prepared, is logged, and the customer's next click queues it again.
     */
    async stamp(job: StampJob, attempt: { retryCount: number }): Promise<void> {
      const [row] = await db.select().from(entitlements).where(eq(entitlements.id, job.entitlementId));
      if (!row || row.status !== 'active') return;
      const versions = (await assets.versions([row.productId])).get(row.productId) ?? [];
      // A job queued before versions were kept names none: it is for the current version.
      const version = job.versionId ? versions.find((v) => v.id === job.versionId) : versions.at(-1);
      const copyOf = and(
        eq(stampedCopies.entitlementId, row.id),
        eq(stampedCopies.versionId, version?.id ?? 0),
      );
      if (version) {
        const [copy] = await db.select({ status: stampedCopies.status }).from(stampedCopies).where(copyOf);
        if (copy?.status === 'ready') return;
      }
      try {
        if (!version) throw new Error(`product ${row.productId} has no such version of its file`);
        const original = await storage.getObject(version.storageKey);
        if (!original) throw new Error(`stored file ${version.storageKey} is missing`);
        // An EPUB gets a page naming its buyer and the order, and the same words in its metadata.
        const epub = isEpub(version);
        const bytes = epub
          ? stampEpub(original.bytes, { name: job.name, orderNumber: job.orderNumber })
          : await stampPdf(original.bytes, {
              name: job.name,
              email: job.email,
              orderNumber: job.orderNumber,
            });
        const stored = await storage.putObject(
          copyKey(row.id, version),
          bytes,
          epub ? EPUB_MIME : 'application/pdf',
        );
        const made = {
          status: 'ready' as const,
          storageKey: stored.key,
          sha256: stored.sha256,
          sizeBytes: stored.sizeBytes,
          updatedAt: sql`now()`,
        };
        await db
          .insert(stampedCopies)
          .values({ entitlementId: row.id, versionId: version.id, ...made })
          .onConflictDoUpdate({ target: [stampedCopies.entitlementId, stampedCopies.versionId], set: made });
        log.info(
          { entitlementId: row.id, version: version.number, bytes: stored.sizeBytes },
          'stamped copy ready',
        );
      } catch (error) {
        if (attempt.retryCount >= STAMP_RETRIES) {
          await db
            .update(stampedCopies)
            .set({ status: 'failed', updatedAt: sql`now()` })
            .where(and(copyOf, eq(stampedCopies.status, 'pending')));
          log.error({ err: error, entitlementId: row.id }, 'stamping failed for good');
        }
        throw error;
      }
    },
  };
}
export type Stamping = ReturnType<typeof createStamping>;
