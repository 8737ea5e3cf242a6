import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { FileType, type UploadSlot } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import {
  deleteObjects,
  dropWorking,
  loadOwn,
  lockOwn,
  replaceWorking,
  withReceived,
  workingFiles,
  type AuthorDeps,
} from './submissions.author.helpers.ts';
import {
  checkEditable,
  checkFileType,
  declaredType,
  invalid,
  notFound,
  slotsOf,
} from './submissions.author.rules.ts';
import { queueNewEpubChecks } from './submissions.epub-checks.ts';
import { submissionFiles, submissions } from './submissions.tables.ts';
import type { Viewer } from './submissions.view.ts';

export type AuthorFileDeps = Pick<
  AuthorDeps,
  | 'db'
  | 'transaction'
  | 'catalog'
  | 'unitsSold'
  | 'freeDownloads'
  | 'uploads'
  | 'storage'
  | 'log'
  | 'epubChecks'
>;

/** The uploads of a proposal's working copy: one slot put or removed at a time, and a stored upload read back. */
export function createAuthorFiles(deps: AuthorFileDeps) {
  const { db, transaction, uploads } = deps;
  return {
    /**
     * PUT /api/submissions/{id}/files/{slot}: one file part `file` (and, for the `file` slot, an optional
     * `fileType` field saved with it). The upload it replaces is deleted unless a version refers to it.
     */
    async putFile(authorId: string, id: string, slot: UploadSlot, request: FastifyRequest) {
      const [before] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
      if (!before || before.authorId !== authorId) throw notFound();
      if (!slotsOf(before.kind).includes(slot)) throw invalid({ slot: 'upload.type' });
      checkEditable(before);
      const { fields, files: received } = await uploads.receiveMultipart(request, {
        files: { file: slot },
        keyPrefix: `submissions/${id}`,
        declaredFileType: (formFields) =>
          FileType.safeParse(formFields.fileType).data ?? before.working.fileType ?? undefined,
        maxFields: 5,
      });
      const gone = await withReceived(uploads, received, async () => {
        if (received.length === 0) throw invalid({ file: 'upload.required' });
        const fileType = slot === 'file' ? declaredType(fields) : undefined;
        return transaction(async (ctx) => {
          const row = await lockOwn(ctx.tx, authorId, id);
          checkEditable(row);
          if (slot === 'file') checkFileType(received, fileType ?? row.working.fileType);
          const { gone, files } = await replaceWorking(ctx.tx, id, received);
          await queueNewEpubChecks(deps.epubChecks, ctx, received, files);
          const working = fileType ? { ...row.working, fileType } : row.working;
          await ctx.tx
            .update(submissions)
            .set({ working, updatedAt: sql`now()` })
            .where(eq(submissions.id, id));
          return gone;
        });
      });
      await deleteObjects(deps, gone);
      return loadOwn(deps, authorId, id);
    },

    /** DELETE /api/submissions/{id}/files/{slot}: the working copy's upload of that slot is removed. */
    async deleteFile(authorId: string, id: string, slot: UploadSlot) {
      const gone = await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        checkEditable(row);
        const file = (await workingFiles(ctx.tx, id)).find((f) => f.slot === slot);
        if (!file) throw new AppError('not_found', 'No upload in this slot.');
        const gone = await dropWorking(ctx.tx, file);
        await ctx.tx
          .update(submissions)
          .set({ updatedAt: sql`now()` })
          .where(eq(submissions.id, id));
        return gone;
      });
      await deleteObjects(deps, gone);
      return loadOwn(deps, authorId, id);
    },

    /**
     * An upload of a submission, for GET /api/submissions/{id}/files/{fileId}: its owner author, or an editor or
     * admin. Undefined (404) otherwise.
     */
    async file(viewer: Viewer, id: string, fileId: string) {
      const [found] = await db
        .select({ file: submissionFiles, authorId: submissions.authorId })
        .from(submissionFiles)
        .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
        .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submissionId, id)))
        .limit(1);
      if (!found) throw new AppError('not_found', 'No such file.');
      const staff = viewer.role === 'editor' || viewer.role === 'admin';
      if (!staff && found.authorId !== viewer.id) throw new AppError('not_found', 'No such file.');
      return found.file;
    },
  };
}
export type AuthorFiles = ReturnType<typeof createAuthorFiles>;
