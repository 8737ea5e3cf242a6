import { and, desc, eq, sql } from 'drizzle-orm';
import { paths, type DownloadLink } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import type { FileVersion, ProductAsset } from '../catalog/index.ts';
import {
  downloadName,
  downloadPath,
  holdingsOf,
  notFound,
  notReady,
  ownEntitlement,
  restamp,
  serving,
  type DownloadsDeps,
  type EntitlementRow,
  type Holding,
  type ServedFile,
} from './downloads.helpers.ts';
import { entitlements } from './downloads.tables.ts';
import { invalidDownloadToken, type LinkUse } from './downloads.tokens.ts';

/**
 * Links e-mailed by "send me my links again" stay valid this long. They are bound to no session (the terms let a
 * customer whose download failed receive the files by e-mail), so their life is what limits a leaked one.
 */
export const RESENT_LINK_TTL = 24 * 3600;

export type LinkDeps = Pick<
  DownloadsDeps,
  'db' | 'transaction' | 'jobs' | 'assets' | 'catalog' | 'mail' | 'accounts' | 'tokens' | 'settings'
>;

/** A version of the holding by number (the current one when none is asked for); undefined if it may not have it. */
const versionOf = (holding: Holding, number?: number): FileVersion | undefined =>
  number === undefined ? holding.versions.at(-1) : holding.versions.find((v) => v.number === number);

/** What a version of a holding is saved as (its number once the file has had several). */
const nameOf = (holding: Holding, version: FileVersion, stamped: boolean) =>
  downloadName(
    holding.asset?.title ?? holding.row.title,
    version,
    stamped,
    (holding.versions.at(-1)?.number ?? 1) > 1,
  );

/**
 * Links to the user's downloads — the current version of each file or an earlier one they hold — (for the session
 * that asks, or mailed again bound to none), free academic files taken from their page, the file a link serves
 * (checked again at every request), and each download counted.
 */
export function createDownloadLinks(deps: LinkDeps) {
  const { db, transaction, assets, tokens, settings } = deps;

  async function holdingOf(row: EntitlementRow): Promise<Holding> {
    return (await holdingsOf(deps, [row]))[0]!;
  }

  async function linkFor(
    holding: Holding,
    use: LinkUse,
    ttl: number,
    number?: number,
  ): Promise<DownloadLink> {
    const { row } = holding;
    const version = versionOf(holding, number);
    if (number !== undefined && !version) throw notFound();
    if (!version || !holding.asset) throw notReady();
    const served = serving(holding, version, settings.stampPdfs);
    if (served.kind === 'preparing') {
      // A copy whose stamping gave up (or due and never asked for) is made now; the customer is told to come
      // back in a moment.
      await restamp(deps, holding, version);
      throw notReady();
    }
    const { token, expiresAt } = await tokens.sign(
      {
        userId: row.userId,
        productId: row.productId,
        entitlementId: row.id,
        version: version.number,
        ...use,
      },
      ttl,
    );
    return {
      entitlementId: row.id,
      url: downloadPath(token),
      fileName: nameOf(holding, version, served.kind === 'copy'),
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
      throw new AppError('forbidden', 'This file is sold: buy it to download it.');
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

  return {
    /**
     * A short-lived link to one of the user's active downloads (409 while the stamped copy is being made), for
     * the session that asks for it: it stops working when that session ends.
     */
    async link(
      userId: string,
      entitlementId: string,
      sessionId: string,
      version?: number,
    ): Promise<DownloadLink> {
      const row = await ownEntitlement(deps, userId, entitlementId);
      return linkFor(await holdingOf(row), { use: 'site', sessionId }, settings.linkTtl, version);
    },

    /**
     * A free academic file, straight from its page: the user's entitlement (made once) and a link for the session
     * that asks for it. Unknown or unpublished files are a 404; a file that is sold is a 403.
     */
    async free(userId: string, productId: number, sessionId: string): Promise<DownloadLink> {
      const { row } = await freeEntitlement(userId, productId);
      return linkFor(await holdingOf(row), { use: 'site', sessionId }, settings.linkTtl);
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
      const links: { title: string; url: string; expiresAt: string }[] = [];
      for (const holding of await holdingsOf(deps, rows)) {
        const current = holding.versions.at(-1);
        if (!holding.asset || !current) continue;
        if (serving(holding, current, settings.stampPdfs).kind === 'preparing') continue;
        const link = await linkFor(holding, { use: 'mail' }, RESENT_LINK_TTL);
        links.push({
          title: holding.row.title,
          url: `${settings.publicUrl}${link.url}`,
          expiresAt: link.expiresAt,
        });
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
      const holding = await holdingOf(row);
      const version = versionOf(holding, claims.version);
      // A version the link names that this entitlement may not have: as if the link were of another purchase.
      if (claims.version !== undefined && !version) throw invalidDownloadToken(404);
      if (!version || !holding.asset) throw notReady();
      const served = serving(holding, version, settings.stampPdfs);
      if (served.kind === 'preparing') throw notReady();
      if (served.kind === 'copy') {
        return {
          entitlementId: row.id,
          storageKey: served.copy.storageKey!,
          sha256: served.copy.sha256!,
          sizeBytes: served.copy.sizeBytes!,
          // A copy is in its version's format (PDF or EPUB).
          mime: version.mime,
          fileName: nameOf(holding, version, true),
        };
      }
      return {
        entitlementId: row.id,
        storageKey: version.storageKey,
        sha256: version.sha256,
        sizeBytes: version.sizeBytes,
        mime: version.mime,
        fileName: nameOf(holding, version, false),
      };
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
  };
}
export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
