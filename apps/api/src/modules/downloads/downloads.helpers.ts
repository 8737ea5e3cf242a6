import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { VersionedDownload } from '@hls/contract/file-versions';
import type { Db } from '../../db/database.ts';
import { EPUB_MIME } from '../../lib/epub/epub-archive.ts';
import { slugify } from '../../lib/slug.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogAssets, CatalogWrites, FileVersion, ProductAsset } from '../catalog/index.ts';
import type { MailService } from '../mail/index.ts';
import type { Storage } from '../storage/index.ts';
import { extensionOfMime } from '../uploads/index.ts';
import { entitlements, stampedCopies } from './downloads.tables.ts';
import type { DownloadTokens } from './downloads.tokens.ts';

/**
 * What the downloads' use cases (entitlements, links and the file served, stamped copies, new-version notices)
 * share: an entitlement with the versions of its file it may download and its stamped copies of them, the name a
 * download is saved as, and the queueing of a buyer's stamped copy of a version.
 */

/** The job that makes a buyer's stamped copy of a version of a PDF (no `versionId`: the current version). */
export const STAMP_JOB = 'downloads.stamp';
export type StampJob = {
  entitlementId: string;
  versionId?: number;
  name: string;
  email: string;
  orderNumber: string;
};
/** Attempts of the stamping job after the first failure (pg-boss backs off between them). */
export const STAMP_RETRIES = 5;

export type GrantInput = {
  userId: string;
  productId: number;
  orderId: string;
  orderLineId: number;
  orderNumber: string;
  /** The product's title as the order line holds it. */
  title: string;
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
  assets: Pick<CatalogAssets, 'forProduct' | 'forProducts' | 'versions' | 'versionsSince' | 'currentVersion'>;
  /** Counts a free document's users on the product (its page and cards show it). */
  catalog: Pick<CatalogWrites, 'countDownload'>;
  storage: Pick<Storage, 'getObject' | 'putObject'>;
  mail: Pick<MailService, 'queue'>;
  accounts: Pick<AccountsService, 'getUser' | 'sessionActive' | 'mailRecipients' | 'updateEmailPreferences'>;
  tokens: DownloadTokens;
  settings: { stampPdfs: boolean; linkTtl: number; publicUrl: string };
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export type EntitlementRow = typeof entitlements.$inferSelect;
export type CopyRow = typeof stampedCopies.$inferSelect;

/**
 * An entitlement as its downloads need it: the product (title, state), the versions of its file the holder may
 * download (oldest first; the last is the current one) and the holder's stamped copies of them, by version id.
 */
export type Holding = {
  row: EntitlementRow;
  asset: ProductAsset | undefined;
  versions: FileVersion[];
  copies: Map<number, CopyRow>;
};

export const notFound = () => new AppError('not_found', 'Download not found.');
export const notReady = () =>
  new AppError(
    'download_not_ready',
    'Your personal copy of this file is being prepared. Try again in a moment.',
  );

/** Where a buyer's stamped copy of a version is kept (copies made before versions kept `stamped/<id>.pdf`). */
export const copyKey = (entitlementId: string, version: FileVersion) =>
  `stamped/${entitlementId}/v${version.number}.${isEpub(version) ? 'epub' : 'pdf'}`;
export const isPdf = (file: { mime: string; fileType: string }) =>
  file.mime === 'application/pdf' || file.fileType === 'pdf';
export const isEpub = (file: { mime: string; fileType: string }) =>
  file.mime === EPUB_MIME || file.fileType === 'epub';
/** `isPdf || isEpub` within a statement, of the `mime` and `fileType` columns it selects. */
export const isPdfOrEpubSql = (file: { mime: SQLWrapper; fileType: SQLWrapper }) =>
  sql`(${file.mime} IN ('application/pdf', ${EPUB_MIME}) OR ${file.fileType} IN ('pdf', 'epub'))`;
export const downloadPath = (token: string) => `/api/category/download/${token}`;

/**
 * The versions an entitlement may download: the one current when it was granted and every one published since
 * (all of them when it predates the first one recorded).
 */
export function visibleVersions(row: EntitlementRow, all: FileVersion[]): FileVersion[] {
  const atGrant = all.filter((v) => v.publishedAt.getTime() <= row.createdAt.getTime()).at(-1);
  return atGrant ? all.filter((v) => v.number >= atGrant.number) : all;
}

/** The entitlements' holdings, in their order: one read each of products, versions and copies. */
export async function holdingsOf(
  deps: Pick<DownloadsDeps, 'db' | 'assets'>,
  rows: EntitlementRow[],
  within?: AppTxContext,
): Promise<Holding[]> {
  if (rows.length === 0) return [];
  const productIds = rows.map((r) => r.productId);
  const [assets, versions, copies] = await Promise.all([
    deps.assets.forProducts(productIds, within),
    deps.assets.versions(productIds, within),
    (within?.tx ?? deps.db)
      .select()
      .from(stampedCopies)
      .where(
        inArray(
          stampedCopies.entitlementId,
          rows.map((r) => r.id),
        ),
      ),
  ]);
  return rows.map((row) => ({
    row,
    asset: assets.get(row.productId),
    versions: visibleVersions(row, versions.get(row.productId) ?? []),
    copies: new Map(copies.filter((c) => c.entitlementId === row.id).map((c) => [c.versionId, c])),
  }));
}

/** A purchased PDF or EPUB served while stamping is on is always the buyer's copy. */
export const wantsCopy = (row: EntitlementRow, version: FileVersion, stampPdfs: boolean) =>
  row.source === 'purchase' && stampPdfs && (isPdf(version) || isEpub(version));

/**
 * What a version of a holding serves now: the buyer's stamped copy once made, the original when no copy is due,
 * or nothing yet (`preparing`: a copy being made, given up on, or due and not asked for yet).
 */
export function serving(
  holding: Holding,
  version: FileVersion,
  stampPdfs: boolean,
): { kind: 'copy'; copy: CopyRow } | { kind: 'original' } | { kind: 'preparing'; copy: CopyRow | undefined } {
  const copy = holding.copies.get(version.id);
  if (copy?.status === 'ready') return { kind: 'copy', copy };
  if (copy || wantsCopy(holding.row, version, stampPdfs)) return { kind: 'preparing', copy };
  return { kind: 'original' };
}

/**
 * What a download is saved as: the product's title, the version's number once the file has had several, and the
 * extension of the format its content was found to be (a buyer's stamped copy is a PDF), never the name the
 * uploader gave the file.
 */
export function downloadName(
  title: string,
  version: Pick<FileVersion, 'mime' | 'number'> | undefined,
  stamped: boolean,
  numbered: boolean,
): string {
  // A stamped copy keeps its version's format (PDF or EPUB); one made before versions were kept is a PDF.
  const extension = !version ? 'pdf' : (extensionOfMime(version.mime) ?? (stamped ? 'pdf' : 'bin'));
  const suffix = numbered && version ? `-v${version.number}` : '';
  return `${slugify(title, 'download')}${suffix}.${extension}`;
}

/** The holding as /download shows it: the current version (what a click fetches) and the earlier ones. */
export function toDownload(holding: Holding, stampPdfs: boolean): VersionedDownload {
  const { row, asset, versions } = holding;
  const current = versions.at(-1);
  const title = asset?.title ?? row.title;
  const numbered = (current?.number ?? 1) > 1;
  const describe = (version: FileVersion) => {
    const served = serving(holding, version, stampPdfs);
    return {
      fileName: downloadName(title, version, served.kind !== 'original', numbered),
      sizeBytes: served.kind === 'copy' ? (served.copy.sizeBytes ?? 0) : version.sizeBytes,
      status: served.kind === 'preparing' ? ('preparing' as const) : ('ready' as const),
    };
  };
  const info = (version: FileVersion) => ({
    number: version.number,
    publishedAt: version.publishedAt.toISOString(),
    note: version.note,
  });
  const now = current && describe(current);
  return {
    entitlementId: row.id,
    productId: row.productId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    title: row.title,
    fileName: now?.fileName ?? downloadName(title, undefined, true, false),
    fileType: current?.fileType ?? asset?.fileType ?? 'pdf',
    sizeBytes: now?.sizeBytes ?? 0,
    status: row.status === 'revoked' ? 'revoked' : !asset || !now ? 'preparing' : now.status,
    downloadCount: row.downloadCount,
    firstDownloadAt: row.firstDownloadAt?.toISOString() ?? null,
    grantedAt: row.createdAt.toISOString(),
    version: current ? info(current) : { number: 1, publishedAt: row.createdAt.toISOString(), note: null },
    earlierVersions:
      row.status === 'revoked'
        ? []
        : versions
            .slice(0, -1)
            .reverse()
            .map((version) => ({ ...info(version), ...describe(version) })),
  };
}

/**
 * Queues the making of a holder's stamped copy of a version: in `ctx` (after its commit), or at once. A copy
 * already made or being made is left alone; one whose stamping gave up is made again.
 */
export async function queueCopy(
  deps: Pick<DownloadsDeps, 'db' | 'jobs'>,
  ctx: AppTxContext | undefined,
  row: EntitlementRow,
  version: FileVersion,
  buyer: { name: string; email: string },
): Promise<void> {
  const [queued] = await (ctx?.tx ?? deps.db)
    .insert(stampedCopies)
    .values({ entitlementId: row.id, versionId: version.id, status: 'pending' })
    .onConflictDoUpdate({
      target: [stampedCopies.entitlementId, stampedCopies.versionId],
      set: { status: 'pending', updatedAt: sql`now()` },
      setWhere: eq(stampedCopies.status, 'failed'),
    })
    .returning({ status: stampedCopies.status });
  if (queued) await sendStampJob(deps, ctx, row, version, buyer);
}

/** The job that makes the copy of a version queued for its holder (`queueCopy`). */
export async function sendStampJob(
  deps: Pick<DownloadsDeps, 'jobs'>,
  ctx: AppTxContext | undefined,
  row: Pick<EntitlementRow, 'id' | 'orderNumber'>,
  version: Pick<FileVersion, 'id'>,
  buyer: { name: string; email: string },
): Promise<void> {
  const job: StampJob = {
    entitlementId: row.id,
    versionId: version.id,
    name: buyer.name,
    email: buyer.email,
    orderNumber: row.orderNumber ?? '',
  };
  await deps.jobs.send(STAMP_JOB, job, {
    ...(ctx ? { ctx } : {}),
    singletonKey: `${row.id}:${version.id}`,
  });
}

/** The holder's name and address, as a stamped copy prints them. */
export async function buyerOf(deps: Pick<DownloadsDeps, 'accounts'>, userId: string) {
  const user = await deps.accounts.getUser(userId);
  return { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}

/** The copy of a version whose stamping is due (never asked, or given up on) is queued for its holder. */
export async function restamp(
  deps: Pick<DownloadsDeps, 'db' | 'jobs' | 'accounts'>,
  holding: Holding,
  version: FileVersion,
): Promise<void> {
  if (holding.copies.get(version.id)?.status === 'pending') return;
  await queueCopy(deps, undefined, holding.row, version, await buyerOf(deps, holding.row.userId));
}

/** The holding's row of an entitlement of this user, active (someone else's, or revoked: 404). */
export async function ownEntitlement(
  deps: Pick<DownloadsDeps, 'db'>,
  userId: string,
  entitlementId: string,
): Promise<EntitlementRow> {
  const [row] = await deps.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.id, entitlementId), eq(entitlements.userId, userId)));
  if (!row || row.status !== 'active') throw notFound();
  return row;
}
