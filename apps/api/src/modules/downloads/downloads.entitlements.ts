import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Download } from '@hls/contract';
import type { VersionedDownload } from '@hls/contract/file-versions';
import { inTransaction, preparedOnce } from '../../db/prepared.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import {
  buyerOf,
  holdingsOf,
  isPdfOrEpubSql,
  queueCopy,
  sendStampJob,
  serving,
  toDownload,
  type DownloadsDeps,
  type EntitlementRow,
  type GrantInput,
} from './downloads.helpers.ts';
import { entitlements, stampedCopies } from './downloads.tables.ts';

export type EntitlementDeps = Pick<DownloadsDeps, 'db' | 'jobs' | 'assets' | 'accounts' | 'settings' | 'log'>;

/**
 * Entitlements, what each user may download: granted in the paying transaction (a PDF's stamped copy queued
 * with it), revoked with a refund, listed for the user (every version of the file they hold) and the orders, and
 * the free documents' users counted.
 */
export function createEntitlements(deps: EntitlementDeps) {
  const { db, assets, settings, log } = deps;

  /**
   * The entitlements as /download shows them. A current version whose stamped copy is due and was never asked
   * for (a new version published, a PDF added after the sale) is queued now for its holder.
   */
  async function asDownloads(rows: EntitlementRow[]): Promise<VersionedDownload[]> {
    const holdings = await holdingsOf(deps, rows);
    let buyer: { name: string; email: string } | undefined;
    for (const holding of holdings) {
      const current = holding.versions.at(-1);
      if (!current || holding.row.status !== 'active') continue;
      const served = serving(holding, current, settings.stampPdfs);
      if (served.kind === 'preparing' && !served.copy) {
        buyer ??= await buyerOf(deps, holding.row.userId);
        await queueCopy(deps, undefined, holding.row, current, buyer);
      }
    }
    return holdings.map((holding) => toDownload(holding, settings.stampPdfs));
  }

  /**
   * The grant's one statement, built once: the entitlement, the file's current version and, when that is a PDF or
   * an EPUB (`wantsCopy`) and stamping is on, its copy due (as `queueCopy` writes it).
   */
  const grantStatement = (() => {
    const value = sql.placeholder;
    const current = db.$with('current_version').as(assets.currentVersion(value('productId')));
    const granted = db.$with('granted', { id: sql<string>`id`.as('id') }).as(
      db
        .insert(entitlements)
        .values({
          userId: value('userId'),
          productId: value('productId'),
          orderId: value('orderId'),
          orderLineId: value('orderLineId'),
          orderNumber: value('orderNumber'),
          title: value('title'),
          source: 'purchase',
        })
        .onConflictDoNothing({ target: entitlements.orderLineId })
        .returning({ id: entitlements.id })
        .getSQL(),
    );
    const copy = db.$with('copy', {}).as(
      settings.stampPdfs
        ? sql`INSERT INTO ${stampedCopies} (entitlement_id, version_id, status)
            SELECT id, version_id, 'pending' FROM granted, current_version WHERE ${isPdfOrEpubSql(current)}
            ON CONFLICT (entitlement_id, version_id) DO UPDATE SET status = 'pending', updated_at = now()
            WHERE ${stampedCopies.status} = 'failed'
            RETURNING 1`
        : sql`SELECT 1 WHERE false`,
    );
    return preparedOnce(
      db
        .with(current, granted, copy)
        .select({
          id: granted.id,
          versionId: current.versionId,
          queued: sql<boolean>`EXISTS (SELECT 1 FROM copy)`,
        })
        .from(granted)
        .leftJoin(current, sql`true`),
    );
  })();

  return {
    /**
     * The buyer's right to download a paid digital line, in the paying transaction. Idempotent per order line;
     * a PDF gets a stamped copy of its current version made by a job queued in the same transaction (when
     * stamping is on).
     */
    async grant(ctx: AppTxContext, input: GrantInput): Promise<{ entitlementId: string }> {
      const [created] = await inTransaction(grantStatement, ctx.tx).execute({
        userId: input.userId,
        productId: input.productId,
        orderId: input.orderId,
        orderLineId: input.orderLineId,
        orderNumber: input.orderNumber,
        title: input.title,
      });
      if (!created) {
        const [existing] = await ctx.tx
          .select({ id: entitlements.id })
          .from(entitlements)
          .where(eq(entitlements.orderLineId, input.orderLineId));
        return { entitlementId: existing!.id };
      }
      if (created.versionId === null) {
        log.warn({ productId: input.productId }, 'a purchased product has no file to download yet');
      } else if (created.queued) {
        await sendStampJob(
          deps,
          ctx,
          { id: created.id, orderNumber: input.orderNumber },
          { id: created.versionId },
          input.buyer,
        );
      }
      return { entitlementId: created.id };
    },

    /** A refunded or withdrawn line: its download stops at once (links already given are refused too). */
    async revokeLine(ctx: AppTxContext, orderLineId: number): Promise<void> {
      await ctx.tx
        .update(entitlements)
        .set({ status: 'revoked', revokedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(entitlements.orderLineId, orderLineId), eq(entitlements.status, 'active')));
    },

    /** The downloads of these order lines of the user, by line id (lines without one are absent). */
    async forOrderLines(userId: string, orderLineIds: number[]): Promise<Map<number, Download>> {
      const found = new Map<number, Download>();
      if (orderLineIds.length === 0) return found;
      const rows = await db
        .select()
        .from(entitlements)
        .where(and(eq(entitlements.userId, userId), inArray(entitlements.orderLineId, orderLineIds)));
      const downloads = await asDownloads(rows);
      rows.forEach((row, i) => {
        const { version: _, earlierVersions: __, ...download } = downloads[i]!;
        found.set(row.orderLineId!, download);
      });
      return found;
    },

    /** The user's downloads, newest first: of one order, or all of them; each with its file's versions. */
    async list(userId: string, orderId?: string): Promise<VersionedDownload[]> {
      const rows = await db
        .select()
        .from(entitlements)
        .where(and(eq(entitlements.userId, userId), orderId ? eq(entitlements.orderId, orderId) : undefined))
        .orderBy(desc(entitlements.createdAt), entitlements.id);
      return asDownloads(rows);
    },

    /** Users who took each free product (one free entitlement each, however often they download it). */
    async freeDownloads(productIds: number[]): Promise<Map<number, number>> {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ productId: entitlements.productId, users: sql<number>`count(*)::int` })
        .from(entitlements)
        .where(and(inArray(entitlements.productId, ids), eq(entitlements.source, 'free')))
        .groupBy(entitlements.productId);
      return new Map(rows.map((row) => [row.productId, row.users]));
    },

    /** The user downloaded this free document at least once (not merely asked for its link). */
    async downloadedFree(userId: string, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: entitlements.id })
        .from(entitlements)
        .where(
          and(
            eq(entitlements.userId, userId),
            eq(entitlements.productId, productId),
            eq(entitlements.source, 'free'),
            eq(entitlements.status, 'active'),
            isNotNull(entitlements.firstDownloadAt),
          ),
        );
      return row !== undefined;
    },
  };
}
export type Entitlements = ReturnType<typeof createEntitlements>;
