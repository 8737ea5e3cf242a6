import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  paths,
  productPath,
  type DecisionBody,
  type ProductKind,
  type Role,
  type SubmissionEventKind,
} from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogAssets, CatalogWrites } from '../catalog/index.ts';
import type { MailService, MailTemplates } from '../mail/index.ts';
import type { Storage } from '../storage/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { submissionEvents, submissionFiles, submissions, submissionVersions } from './submissions.tables.ts';
import type { SubmissionViewDeps } from './submissions.view.ts';

/**
 * What the editors' use cases (queue and review, decisions, publication, reports) share: who acts, the locked
 * submission and its last version, the events recorded and the decision e-mailed to the author, the archiving.
 */

/** Everything the editors' side is built from (each use case takes only its part). */
export type EditorialDeps = {
  db: Db;
  transaction: AppTransaction;
  catalog: SubmissionViewDeps['catalog'] & {
    writes: Pick<CatalogWrites, 'createProduct' | 'updateProduct' | 'setProductStatus'>;
    assets: Pick<CatalogAssets, 'attach'>;
  };
  unitsSold: SubmissionViewDeps['unitsSold'];
  accounts: Pick<AccountsService, 'profiles' | 'authorName'>;
  mail: Pick<MailService, 'queue'>;
  storage: Pick<Storage, 'getObject' | 'putObject' | 'deleteObject'>;
  uploads: Pick<UploadsService, 'cutSample'>;
  publicUrl: string;
};

/** Who acts: an editor or an admin (admins may take over another editor's claim). */
export type Editor = { id: string; role: Role };

export type DecisionInput = {
  decision: DecisionBody['decision'];
  comment: string;
  paperPriceCents?: number | undefined;
  ebookPriceCents?: number | undefined;
  priceCents?: number | undefined;
  discountPercent?: number | undefined;
  categoryId?: number | undefined;
  subcategoryId?: number | undefined;
  stock?: number | undefined;
  confidentialityChecked?: boolean | undefined;
  /** A republished file: what changed, for its buyers. */
  versionNote?: string | undefined;
};

export type SubmissionRow = typeof submissions.$inferSelect;
export type FileRow = typeof submissionFiles.$inferSelect;
export type AuthorDecision = MailTemplates['editorial_decision']['decision'];

/** The product a decision is about; `id` null: a product without a submission (the author's list is linked instead). */
export type DecidedProduct = { id: string | null; authorId: string; kind: ProductKind };

/** What the decision e-mailed to the author says. */
export type AuthorNotice = {
  decision: AuthorDecision;
  title: string;
  comment: string;
  version: number | null;
  productId: number | null;
};

export const notFound = () => new AppError('not_found', 'No such submission.');
export const conflict = (message: string) => new AppError('invalid_transition', message);
export const invalid = (fields: Record<string, string>, message: string) =>
  new AppError('validation_failed', message, fields);

/** An editor's (or the system's) step in the submission's history. */
export async function recordEvent(
  ctx: AppTxContext,
  submissionId: string,
  kind: SubmissionEventKind,
  actorUserId: string | null,
  extra: { version?: number | null; comment?: string | null; actor?: 'editor' | 'system' } = {},
) {
  await ctx.tx.insert(submissionEvents).values({
    submissionId,
    kind,
    version: extra.version ?? null,
    comment: extra.comment ?? null,
    actor: extra.actor ?? 'editor',
    actorUserId,
  });
}

/** What tells an author of a decision. */
export type NoticeDeps = Pick<EditorialDeps, 'accounts' | 'mail' | 'publicUrl'>;

/** The decision e-mailed to the author, in the author's language, queued in the change's transaction. */
export async function tellAuthor(
  deps: NoticeDeps,
  ctx: AppTxContext,
  row: DecidedProduct,
  data: AuthorNotice,
) {
  const { publicUrl } = deps;
  const profile = (await deps.accounts.profiles([row.authorId], ctx)).get(row.authorId);
  if (!profile) return;
  await deps.mail.queue(ctx, {
    to: profile.email,
    language: profile.language,
    template: 'editorial_decision',
    data: {
      firstName: profile.firstName,
      title: data.title,
      decision: data.decision,
      comment: data.comment,
      version: data.version,
      submissionUrl: `${publicUrl}${row.id ? paths.authorProduct.getHref(row.id) : paths.fileBook.getHref()}`,
      productUrl:
        data.productId === null ? null : `${publicUrl}${productPath({ id: data.productId, kind: row.kind })}`,
    },
  });
}

export async function lockSubmission(ctx: AppTxContext, id: string): Promise<SubmissionRow> {
  const [row] = await ctx.tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** The submission's last version with its uploads, read in `ctx` or on the pool. */
export async function lastVersion(db: Db, ctx: AppTxContext | undefined, row: SubmissionRow) {
  const [version] = await (ctx?.tx ?? db)
    .select()
    .from(submissionVersions)
    .where(and(eq(submissionVersions.submissionId, row.id), eq(submissionVersions.number, row.versionCount)));
  if (!version) throw conflict('The submission has no submitted version.');
  const files = version.fileIds.length
    ? await (ctx?.tx ?? db).select().from(submissionFiles).where(inArray(submissionFiles.id, version.fileIds))
    : [];
  return { ...version, files };
}

/** The decision or release is the claiming editor's (an admin may act on any claim). */
export function checkReviewer(row: SubmissionRow, editor: Editor) {
  if (row.status !== 'in_review') throw conflict('The submission is not in review.');
  if (row.claimedBy !== editor.id && editor.role !== 'admin') {
    throw conflict('Another editor has claimed this submission.');
  }
}

/** A published submission archived with its product; the event and the author's e-mail carry the comment. */
export async function archive(
  deps: NoticeDeps & { catalog: { writes: Pick<CatalogWrites, 'setProductStatus'> } },
  ctx: AppTxContext,
  row: SubmissionRow,
  editorId: string,
  kind: 'unpublished' | 'report_upheld',
  comment: string,
) {
  if (row.productId !== null) await deps.catalog.writes.setProductStatus(row.productId, 'archived', ctx);
  await ctx.tx
    .update(submissions)
    .set({
      status: 'archived',
      claimedBy: null,
      claimedAt: null,
      unpublishRequestedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(submissions.id, row.id));
  await recordEvent(ctx, row.id, kind, editorId, { comment });
  const [version] = await ctx.tx
    .select({ fields: submissionVersions.fields })
    .from(submissionVersions)
    .where(and(eq(submissionVersions.submissionId, row.id), eq(submissionVersions.number, row.versionCount)));
  await tellAuthor(deps, ctx, row, {
    decision: kind,
    title: version?.fields.title ?? row.working.title ?? '',
    comment,
    version: null,
    productId: null,
  });
}
