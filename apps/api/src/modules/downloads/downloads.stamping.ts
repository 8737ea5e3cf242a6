import { and, eq, sql } from 'drizzle-orm';
import { stampPdf } from '../../lib/pdf/stamp.ts';
import { STAMP_RETRIES, type DownloadsDeps, type StampJob } from './downloads.helpers.ts';
import { entitlements } from './downloads.tables.ts';

export const stampedKey = (entitlementId: string) => `stamped/${entitlementId}.pdf`;

export type StampingDeps = Pick<DownloadsDeps, 'db' | 'assets' | 'storage' | 'log'>;

/** The buyers' stamped copies of PDFs, made by the `downloads.stamp` job. */
export function createStamping(deps: StampingDeps) {
  const { db, assets, storage, log } = deps;
  return {
    /**
     * The stamping job: the buyer's copy of the PDF with their name, e-mail and order number on every page, kept
     * under `stamped/<entitlement>.pdf`. A failure is retried with backoff; after the last one the download shows
     * as still being prepared, is logged, and the customer's next click queues it again.
     */
    async stamp(job: StampJob, attempt: { retryCount: number }): Promise<void> {
      const [row] = await db.select().from(entitlements).where(eq(entitlements.id, job.entitlementId));
      if (!row || row.status !== 'active' || row.stampStatus === 'ready') return;
      try {
        const asset = await assets.forProduct(row.productId);
        if (!asset) throw new Error(`product ${row.productId} has no file`);
        const original = await storage.getObject(asset.storageKey);
        if (!original) throw new Error(`stored file ${asset.storageKey} is missing`);
        const bytes = await stampPdf(original.bytes, {
          name: job.name,
          email: job.email,
          orderNumber: job.orderNumber,
        });
        const stored = await storage.putObject(stampedKey(row.id), bytes, 'application/pdf');
        await db
          .update(entitlements)
          .set({
            stampStatus: 'ready',
            stampedKey: stored.key,
            stampedSha256: stored.sha256,
            stampedSizeBytes: stored.sizeBytes,
            updatedAt: sql`now()`,
          })
          .where(eq(entitlements.id, row.id));
        log.info({ entitlementId: row.id, bytes: stored.sizeBytes }, 'stamped copy ready');
      } catch (error) {
        if (attempt.retryCount >= STAMP_RETRIES) {
          await db
            .update(entitlements)
            .set({ stampStatus: 'failed', updatedAt: sql`now()` })
            .where(and(eq(entitlements.id, row.id), eq(entitlements.stampStatus, 'pending')));
          log.error({ err: error, entitlementId: row.id }, 'stamping failed for good');
        }
        throw error;
      }
    },
  };
}
export type Stamping = ReturnType<typeof createStamping>;
