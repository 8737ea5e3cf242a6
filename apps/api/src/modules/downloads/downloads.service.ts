import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { paths, type Download, type DownloadLink } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { stampPdf } from '../../lib/pdf/stamp.ts';
import { slugify } from '../../lib/slug.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogAssets, CatalogWrites, ProductAsset } from '../catalog/index.ts';
import type { MailService } from '../mail/index.ts';
import type { Storage } from '../storage/index.ts';
import { extensionOfMime } from '../uploads/index.ts';
import { entitlements } from './downloads.tables.ts';
import { invalidDownloadToken, type DownloadTokens, type LinkUse } from './downloads.tokens.ts';

/** The job that makes a buyer's stamped copy of a PDF. */
export const STAMP_JOB = 'downloads.stamp';
export type StampJob = { entitlementId: string; name: string; email: string; orderNumber: string };
/** Attempts of the stamping job after the first failure (pg-boss backs off between them). */
export const STAMP_RETRIES = 5;
/**
 * Links e-mailed by "send me my links again" stay valid this long. They are bound to no session (the terms let a
 * customer whose download failed receive the files by e-mail), so their life is what limits a leaked one.
 */
export const RESENT_LINK_TTL = 24 * 3600;

export type GrantInput = {
  userId: string;
  productId: number;
  orderId: string;
  orderLineId: number;
  orderNumber: string;
  /** Printed on every page of a stamped PDF. */
  buyer: { name: string; email: string };
};

/** What GET /api/category/download/{token} serves: one stored object, under the file's original name. */
export type ServedFile = {
  entitlementId: string;
  storageKey: string;
  sha256: string;
  sizeBytes: number;
  mime: string;
  fileName: string;
};

export type DownloadsDeps = {
  db: Db;
  transaction: AppTransaction;
  jobs: Pick<Jobs, 'send'>;
  assets: Pick<CatalogAssets, 'forProduct' | 'forProducts'>;
  /** Counts a free document's users on the product (its page and cards show it). */
  catalog: Pick<CatalogWrites, 'countDownload'>;
  storage: Pick<Storage, 'getObject' | 'putObject'>;
  mail: Pick<MailService, 'queue'>;
  accounts: Pick<AccountsService, 'getUser' | 'sessionActive'>;
  tokens: DownloadTokens;
  settings: { stampPdfs: boolean; linkTtl: number; publicUrl: string };
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

type EntitlementRow = typeof entitlements.$inferSelect;

const notFound = () => new AppError('not_found', 404, 'Download not found.');
const notReady = () =>
  new AppError(
    'download_not_ready',
    409,
    'Your personal copy of this file is being prepared. Try again in a moment.',
  );

export const stampedKey = (entitlementId: string) => `stamped/${entitlementId}.pdf`;
const isPdf = (asset: ProductAsset) => asset.mime === 'application/pdf' || asset.fileType === 'pdf';
const downloadPath = (token: string) => `/api/category/download/${token}`;

/**
 * What a download is saved as: the product's title and the extension of the format its content was found to be
 * (a buyer's stamped copy is a PDF), never the name the uploader gave the file.
 */
function downloadName(asset: ProductAsset, stamped = false): string {
  const extension = stamped ? 'pdf' : (extensionOfMime(asset.mime) ?? 'bin');
  return `${slugify(asset.title, 'download')}.${extension}`;
}

function toDownload(row: EntitlementRow, asset: ProductAsset | undefined, stampDue: boolean): Download {
  const stamped = row.stampStatus === 'ready';
  return {
    entitlementId: row.id,
    productId: row.productId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    title: row.title,
    fileName: asset
      ? downloadName(asset, row.stampStatus === 'ready')
      : `${slugify(row.title, 'download')}.pdf`,
    fileType: asset?.fileType ?? 'pdf',
    sizeBytes: stamped ? (row.stampedSizeBytes ?? 0) : (asset?.sizeBytes ?? 0),
    status:
      row.status === 'revoked'
        ? 'revoked'
        : !asset || stampDue || row.stampStatus === 'pending' || row.stampStatus === 'failed'
          ? 'preparing'
          : 'ready',
    downloadCount: row.downloadCount,
    firstDownloadAt: row.firstDownloadAt?.toISOString() ?? null,
    grantedAt: row.createdAt.toISOString(),
  };
}

/**
 * Entitlements (what each user may download), their short-lived links, the buyers' stamped PDF copies, and the
 * file each link serves. Grants join the paying transaction; stamping runs as a job after it.
 */
export function createDownloadsService(deps: DownloadsDeps) {
  const { db, transaction, jobs, assets, storage, tokens, settings, log } = deps;

  async function present(rows: EntitlementRow[]): Promise<Download[]> {
    const found = await assets.forProducts(rows.map((r) => r.productId));
    return rows.map((row) => {
      const asset = found.get(row.productId);
      return toDownload(row, asset, asset !== undefined && needsStamp(row, asset));
    });
  }

  async function ownEntitlement(userId: string, entitlementId: string): Promise<EntitlementRow> {
    const [row] = await db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.id, entitlementId), eq(entitlements.userId, userId)));
    if (!row || row.status !== 'active') throw notFound();
    return row;
  }

  async function queueStamp(ctx: AppTxContext | undefined, job: StampJob) {
    await jobs.send(STAMP_JOB, job, { ...(ctx ? { ctx } : {}), singletonKey: job.entitlementId });
  }

  async function linkFor(
    row: EntitlementRow,
    use: LinkUse,
    ttl: number,
    asset?: ProductAsset,
  ): Promise<DownloadLink> {
    const file = asset ?? (await assets.forProduct(row.productId));
    if (!file) throw notReady();
    if (row.stampStatus === 'pending' || row.stampStatus === 'failed' || needsStamp(row, file)) {
      // A copy whose stamping gave up (or a PDF added to the product after the sale) is stamped now; the
      // customer is told to come back in a moment.
      if (row.stampStatus !== 'pending') await restamp(row);
      throw notReady();
    }
    const { token, expiresAt } = await tokens.sign(
      { userId: row.userId, productId: row.productId, entitlementId: row.id, ...use },
      ttl,
    );
    return {
      entitlementId: row.id,
      url: downloadPath(token),
      fileName: downloadName(file, row.stampStatus === 'ready'),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The user's entitlement to a free academic file, made once: unknown or unpublished 404, sold 403. */
  async function freeEntitlement(
    userId: string,
    productId: number,
  ): Promise<{ row: EntitlementRow; asset: ProductAsset }> {
    const asset = await assets.forProduct(productId);
    if (!asset || asset.status !== 'published') throw notFound();
    if (asset.kind !== 'file' || asset.section !== 'academic' || asset.priceCents !== 0) {
      throw new AppError('forbidden', 403, 'This file is sold: buy it to download it.');
    }
    const row = await transaction(async ({ tx }) => {
      await tx
        .insert(entitlements)
        .values({ userId, productId, title: asset.title, source: 'free' })
        .onConflictDoNothing({
          target: [entitlements.userId, entitlements.productId],
          where: sql`source = 'free'`,
        });
      const [found] = await tx
        .select()
        .from(entitlements)
        .where(
          and(
            eq(entitlements.userId, userId),
            eq(entitlements.productId, productId),
            eq(entitlements.source, 'free'),
          ),
        );
      return found!;
    });
    if (row.status !== 'active') throw notFound();
    return { row, asset };
  }

  /** A purchased PDF served while stamping is on is always the buyer's copy. */
  const needsStamp = (row: EntitlementRow, asset: ProductAsset) =>
    row.stampStatus === 'none' && row.source === 'purchase' && settings.stampPdfs && isPdf(asset);

  async function restamp(row: EntitlementRow) {
    const user = await deps.accounts.getUser(row.userId);
    await db
      .update(entitlements)
      .set({ stampStatus: 'pending', updatedAt: sql`now()` })
      .where(and(eq(entitlements.id, row.id), eq(entitlements.stampStatus, row.stampStatus)));
    await queueStamp(undefined, {
      entitlementId: row.id,
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      orderNumber: row.orderNumber ?? '',
    });
  }

  return {
    /**
     * The buyer's right to download a paid digital line, in the paying transaction. Idempotent per order line;
     * a PDF gets a stamped copy made by a job queued in the same transaction (when stamping is on).
     */
    async grant(ctx: AppTxContext, input: GrantInput): Promise<{ entitlementId: string }> {
      const asset = await assets.forProduct(input.productId, ctx);
      if (!asset) log.warn({ productId: input.productId }, 'a purchased product has no file to download yet');
      const stamp = settings.stampPdfs && asset !== undefined && isPdf(asset);
      const [created] = await ctx.tx
        .insert(entitlements)
        .values({
          userId: input.userId,
          productId: input.productId,
          orderId: input.orderId,
          orderLineId: input.orderLineId,
          orderNumber: input.orderNumber,
          title: asset?.title ?? `${input.orderNumber} #${input.orderLineId}`,
          source: 'purchase',
          stampStatus: stamp ? 'pending' : 'none',
        })
        .onConflictDoNothing({ target: entitlements.orderLineId })
        .returning({ id: entitlements.id });
      if (!created) {
        const [existing] = await ctx.tx
          .select({ id: entitlements.id })
          .from(entitlements)
          .where(eq(entitlements.orderLineId, input.orderLineId));
        return { entitlementId: existing!.id };
      }
      if (stamp) {
        await queueStamp(ctx, {
          entitlementId: created.id,
          name: input.buyer.name,
          email: input.buyer.email,
          orderNumber: input.orderNumber,
        });
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
      const downloads = await present(rows);
      rows.forEach((row, i) => found.set(row.orderLineId!, downloads[i]!));
      return found;
    },

    /** The user's downloads, newest first: of one order, or all of them. */
    async list(userId: string, orderId?: string): Promise<Download[]> {
      const rows = await db
        .select()
        .from(entitlements)
        .where(and(eq(entitlements.userId, userId), orderId ? eq(entitlements.orderId, orderId) : undefined))
        .orderBy(desc(entitlements.createdAt), entitlements.id);
      return present(rows);
    },

    /**
     * A short-lived link to one of the user's active downloads (409 while the stamped copy is being made), for
     * the session that asks for it: it stops working when that session ends.
     */
    async link(userId: string, entitlementId: string, sessionId: string): Promise<DownloadLink> {
      const row = await ownEntitlement(userId, entitlementId);
      return linkFor(row, { use: 'site', sessionId }, settings.linkTtl);
    },

    /**
     * A free academic file, straight from its page: the user's entitlement (made once) and a link for the session
     * that asks for it. Unknown or unpublished files are a 404; a file that is sold is a 403.
     */
    async free(userId: string, productId: number, sessionId: string): Promise<DownloadLink> {
      const { row, asset } = await freeEntitlement(userId, productId);
      return linkFor(row, { use: 'site', sessionId }, settings.linkTtl, asset);
    },

    /** The user's entitlement to a free academic file (made once), without a link; as `free` refuses. */
    async takeFree(userId: string, productId: number): Promise<{ entitlementId: string }> {
      const { row } = await freeEntitlement(userId, productId);
      return { entitlementId: row.id };
    },

    /**
     * "Send me my links again": an e-mail with fresh links (valid 24 h, bound to no session) to the user's ready
     * downloads, of one order or all. Resolves with how many links were sent (none: no e-mail).
     */
    async resend(userId: string, orderId?: string): Promise<number> {
      const user = await deps.accounts.getUser(userId);
      const rows = await db
        .select()
        .from(entitlements)
        .where(
          and(
            eq(entitlements.userId, userId),
            eq(entitlements.status, 'active'),
            orderId ? eq(entitlements.orderId, orderId) : undefined,
          ),
        )
        .orderBy(desc(entitlements.createdAt), entitlements.id);
      const found = await assets.forProducts(rows.map((r) => r.productId));
      const links: { title: string; url: string; expiresAt: string }[] = [];
      for (const row of rows) {
        const asset = found.get(row.productId);
        if (!asset || (row.stampStatus !== 'none' && row.stampStatus !== 'ready') || needsStamp(row, asset)) {
          continue;
        }
        const link = await linkFor(row, { use: 'mail' }, RESENT_LINK_TTL, asset);
        links.push({ title: row.title, url: `${settings.publicUrl}${link.url}`, expiresAt: link.expiresAt });
      }
      if (links.length === 0) return 0;
      await transaction((ctx) =>
        deps.mail.queue(ctx, {
          to: user.email,
          language: user.language,
          template: 'download_links',
          data: {
            firstName: user.firstName,
            downloadsUrl: `${settings.publicUrl}${paths.download.getHref()}`,
            links,
          },
        }),
      );
      return links.length;
    },

    /**
     * What a download token gives access to, checked again at every request: a valid token, of an active
     * entitlement of its user and product, and for a link made on the site, of a session still on (logout, a
     * suspension or a password change end it). The original file, or the buyer's stamped copy.
     */
    async open(token: string): Promise<ServedFile> {
      const claims = await tokens.verify(token);
      if (claims.use === 'site' && !(await deps.accounts.sessionActive(claims.sessionId, claims.userId))) {
        throw invalidDownloadToken();
      }
      const [row] = await db.select().from(entitlements).where(eq(entitlements.id, claims.entitlementId));
      if (
        !row ||
        row.userId !== claims.userId ||
        row.productId !== claims.productId ||
        row.status !== 'active'
      ) {
        throw invalidDownloadToken(404);
      }
      const asset = await assets.forProduct(row.productId);
      if (!asset) throw notReady();
      if (row.stampStatus === 'ready') {
        return {
          entitlementId: row.id,
          storageKey: row.stampedKey!,
          sha256: row.stampedSha256!,
          sizeBytes: row.stampedSizeBytes!,
          mime: 'application/pdf',
          fileName: downloadName(asset, true),
        };
      }
      if (row.stampStatus !== 'none' || needsStamp(row, asset)) throw notReady();
      return {
        entitlementId: row.id,
        storageKey: asset.storageKey,
        sha256: asset.sha256,
        sizeBytes: asset.sizeBytes,
        mime: asset.mime,
        fileName: downloadName(asset),
      };
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

    /**
     * Counts a download, and its first time; the first download of a purchase raises `downloads.first` (the terms
     * end the withdrawal right then), the first of a free document counts one more user of it on the product.
     * A request `resuming` a download (a range past the first byte) counts only when no bytes were served before:
     * then it is the first download, whatever byte it starts at.
     */
    async count(entitlementId: string, { resuming = false } = {}): Promise<void> {
      await transaction(async (ctx) => {
        const [before] = await ctx.tx
          .select({
            first: entitlements.firstDownloadAt,
            orderLineId: entitlements.orderLineId,
            productId: entitlements.productId,
            source: entitlements.source,
          })
          .from(entitlements)
          .where(eq(entitlements.id, entitlementId))
          .for('update');
        if (resuming && before?.first) return;
        await ctx.tx
          .update(entitlements)
          .set({
            downloadCount: sql`${entitlements.downloadCount} + 1`,
            firstDownloadAt: sql`coalesce(${entitlements.firstDownloadAt}, now())`,
            lastDownloadAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(entitlements.id, entitlementId));
        if (before && !before.first && before.orderLineId !== null) {
          ctx.raise('downloads.first', { orderLineId: before.orderLineId });
        }
        if (before && !before.first && before.source === 'free') {
          await deps.catalog.countDownload(before.productId, ctx);
        }
      });
    },

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

export type DownloadsService = ReturnType<typeof createDownloadsService>;
