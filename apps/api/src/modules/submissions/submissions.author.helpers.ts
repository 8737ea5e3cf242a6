import { and, eq, sql } from 'drizzle-orm';
import type { Submission, SubmissionEventKind } from '@hls/contract';
import type { Db, Tx } from '../../db/database.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { Storage } from '../storage/index.ts';
import type { ReceivedFile, UploadsService } from '../uploads/index.ts';
import { notFound, type Categories, type Fields } from './submissions.author.rules.ts';
import { initialEpubReport, type EpubChecks } from './submissions.epub-checks.ts';
import { submissionEvents, submissionFiles, submissions, submissionVersions } from './submissions.tables.ts';
import {
  loadSubmission,
  type SubmissionFileRow,
  type SubmissionRow,
  type SubmissionViewDeps,
  type Viewer,
} from './submissions.view.ts';

/**
 * The working copy of an author's proposal as the author's use cases (drafts, files, proposals) keep it: the
 * locked row, its uploads, the versions frozen from it, its events, and the stored objects to delete or discard.
 */

/** What the author's side needs of the uploads module. */
export type AuthorUploads = Pick<UploadsService, 'receiveMultipart' | 'discard'>;

/** What every author use case reads with: the submission's view (on the pool) and the catalogue's categories. */
export type AuthorView = SubmissionViewDeps & { db: Db };

/** What removes the stored objects no row refers to any more. */
export type AuthorCleanup = {
  storage: Pick<Storage, 'deleteObject'>;
  log?: { warn(object: object, message: string): void } | undefined;
};

/** Everything the author's side is built from (each use case takes only its part). */
export type AuthorDeps = AuthorView &
  AuthorCleanup & {
    transaction: AppTransaction;
    uploads: AuthorUploads;
    /** Uploaded EPUBs are checked by a job queued with the upload. */
    epubChecks: Pick<EpubChecks, 'queue'>;
  };

/** Every category and subcategory (the catalogue's cached lists), read before a transaction opens. */
export async function allCategories(catalog: AuthorView['catalog']): Promise<Categories> {
  const [top, sub] = await Promise.all([
    catalog.reads.categoryList({ subcategories: false }),
    catalog.reads.categoryList({ subcategories: true }),
  ]);
  return { top, sub };
}

export async function lockOwn(tx: Tx, authorId: string, id: string): Promise<SubmissionRow> {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
  if (!row || row.authorId !== authorId) throw notFound();
  return row;
}

export async function workingFiles(tx: Tx, id: string) {
  return tx
    .select()
    .from(submissionFiles)
    .where(and(eq(submissionFiles.submissionId, id), eq(submissionFiles.working, true)));
}

/** Whether a version of the submission refers to this upload (then it is kept, out of the working copy). */
async function inVersion(tx: Tx, file: SubmissionFileRow): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM ${submissionVersions} WHERE ${submissionVersions.submissionId} = ${file.submissionId} AND ${file.id}::uuid = ANY(${submissionVersions.fileIds})) AS found`,
  );
  return Boolean(result.rows[0]?.found);
}

/**
 * Takes an upload out of the working copy: deleted when no version refers to it (its stored object is then
 * returned, to be deleted after the commit), kept for the versions otherwise.
 */
export async function dropWorking(tx: Tx, file: SubmissionFileRow): Promise<string[]> {
  if (await inVersion(tx, file)) {
    await tx.update(submissionFiles).set({ working: false }).where(eq(submissionFiles.id, file.id));
    return [];
  }
  await tx.delete(submissionFiles).where(eq(submissionFiles.id, file.id));
  return [file.storageKey];
}

/** Puts received uploads into the working copy in place of those of the same slots. */
export async function replaceWorking(tx: Tx, submissionId: string, received: ReceivedFile[]) {
  const current = await workingFiles(tx, submissionId);
  const gone: string[] = [];
  for (const file of current.filter((f) => received.some((r) => r.slot === f.slot))) {
    gone.push(...(await dropWorking(tx, file)));
  }
  if (received.length > 0) {
    await tx.insert(submissionFiles).values(
      received.map((file) => ({
        submissionId,
        slot: file.slot,
        working: true,
        storageKey: file.storageKey,
        originalName: file.originalName.slice(0, 255),
        mime: file.mime,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
        width: file.width,
        height: file.height,
        pages: file.pages,
        flags: file.flags,
        epubReport: initialEpubReport(file.mime),
      })),
    );
  }
  return { gone, files: await workingFiles(tx, submissionId) };
}

export async function addEvent(
  tx: Tx,
  submissionId: string,
  authorId: string,
  kind: SubmissionEventKind,
  extra: { version?: number | null; comment?: string | null } = {},
) {
  await tx.insert(submissionEvents).values({
    submissionId,
    kind,
    actor: 'author',
    actorUserId: authorId,
    version: extra.version ?? null,
    comment: extra.comment ?? null,
  });
}

/** Freezes the working copy as the next version. */
export async function freezeVersion(
  tx: Tx,
  row: SubmissionRow,
  fields: Fields,
  files: SubmissionFileRow[],
  note?: string,
) {
  const number = row.versionCount + 1;
  await tx.insert(submissionVersions).values({
    submissionId: row.id,
    number,
    fields,
    fileIds: files.map((f) => f.id),
    note: note ?? null,
  });
  return number;
}

/** Deletes stored objects no row refers to any more (after the commit: a rollback keeps them). */
export async function deleteObjects(deps: AuthorCleanup, keys: string[]) {
  for (const key of keys) {
    try {
      await deps.storage.deleteObject(key);
    } catch (error) {
      deps.log?.warn({ err: error, key }, 'stored upload not deleted');
    }
  }
}

const viewerOf = (authorId: string): Viewer => ({ id: authorId, role: 'author' });
/** Read after the commit: the view's reads use the pool (a transaction's connection must not wait on them). */
export async function loadOwn(view: AuthorView, authorId: string, id: string): Promise<Submission> {
  const submission = await loadSubmission(view, id, { viewer: viewerOf(authorId) });
  if (!submission) throw notFound();
  return submission;
}

/** Runs `work` with the files a multipart request stored; they are discarded when it fails. */
export async function withReceived<T>(
  uploads: Pick<UploadsService, 'discard'>,
  received: ReceivedFile[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await uploads.discard(received);
    throw error;
  }
}
