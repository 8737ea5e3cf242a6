import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Download } from '@hls/contract';
import type { Db } from '../../db/database.ts';
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
import type { DownloadTokens } from './downloads.tokens.ts';

/**
 * What the downloads' use cases (entitlements, links and the file served, stamped copies) share: the entitlement
 * row as the API shows it, the name a download is saved as, and the queueing of a buyer's stamped copy.
 */

/** The job that makes a buyer's stamped copy of a PDF. */
export const STAMP_JOB = 'downloads.stamp';
export type StampJob = { entitlementId: string; name: string; email: string; orderNumber: string };
/** Attempts of the stamping job after the first failure (pg-boss backs off between them). */
export const STAMP_RETRIES = 5;

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

export type EntitlementRow = typeof entitlements.$inferSelect;

export const notFound = () => new AppError('not_found', 'Download not found.');
export const notReady = () =>
  new AppError(
    'download_not_ready',
    'Your personal copy of this file is being prepared. Try again in a moment.',
  );

export const stampedKey = (entitlementId: string) => `stamped/${entitlementId}.pdf`;
export const isPdf = (asset: ProductAsset) => asset.mime === 'application/pdf' || asset.fileType === 'pdf';
export const downloadPath = (token: string) => `/api/category/download/${token}`;

/**
 * What a download is saved as: the product's title and the extension of the format its content was found to be
 * (a buyer's stamped copy is a PDF), never the name the uploader gave the file.
 */
export function downloadName(asset: ProductAsset, stamped = false): string {
  const extension = stamped ? 'pdf' : (extensionOfMime(asset.mime) ?? 'bin');
  return `${slugify(asset.title, 'download')}.${extension}`;
}

export function toDownload(
  row: EntitlementRow,
  asset: ProductAsset | undefined,
  stampDue: boolean,
): Download {
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

/** A purchased PDF served while stamping is on is always the buyer's copy. */
export const needsStamp = (row: EntitlementRow, asset: ProductAsset, stampPdfs: boolean) =>
  row.stampStatus === 'none' && row.source === 'purchase' && stampPdfs && isPdf(asset);

/** Queues the stamping of a buyer's copy: in `ctx` (after its commit), or at once. */
export async function queueStamp(
  jobs: DownloadsDeps['jobs'],
  ctx: AppTxContext | undefined,
  job: StampJob,
): Promise<void> {
  await jobs.send(STAMP_JOB, job, { ...(ctx ? { ctx } : {}), singletonKey: job.entitlementId });
}

/** A copy whose stamping gave up (or a PDF added after the sale) is stamped again, for its buyer. */
export async function restamp(deps: Pick<DownloadsDeps, 'db' | 'jobs' | 'accounts'>, row: EntitlementRow) {
  const { db } = deps;
  const user = await deps.accounts.getUser(row.userId);
  await db
    .update(entitlements)
    .set({ stampStatus: 'pending', updatedAt: sql`now()` })
    .where(and(eq(entitlements.id, row.id), eq(entitlements.stampStatus, row.stampStatus)));
  await queueStamp(deps.jobs, undefined, {
    entitlementId: row.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    orderNumber: row.orderNumber ?? '',
  });
}
