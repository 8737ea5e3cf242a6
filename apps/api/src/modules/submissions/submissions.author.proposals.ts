import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { FileType, ProposeBookBody, ProposeFileBody, type ProductKind, type Section } from '@hls/contract';
import {
  addEvent,
  allCategories,
  deleteObjects,
  freezeVersion,
  loadOwn,
  lockOwn,
  replaceWorking,
  withReceived,
  workingFiles,
  type AuthorDeps,
} from './submissions.author.helpers.ts';
import {
  checkFileType,
  checkTypeChange,
  formOnly,
  invalid,
  invalidTransition,
  mergeFields,
  notFound,
  priceErrors,
  submitErrors,
  twinErrors,
  zodFields,
  type Fields,
} from './submissions.author.rules.ts';
import type { AuthorNews } from '../author-news/index.ts';
import { queueNewEpubChecks } from './submissions.epub-checks.ts';
import { submissions } from './submissions.tables.ts';
import { WITHDRAWABLE_STATUSES, type SubmissionRow } from './submissions.view.ts';

export type AuthorProposalDeps = Pick<
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
> & { authors: Pick<AuthorNews, 'proposalReceived'> };

/**
 * A proposal's way to the editors: proposed whole (or a draft completed) as version 1, sent again as the next
 * version after changes were requested, withdrawn before a decision, or its unpublication asked for.
 */
export function createAuthorProposals(deps: AuthorProposalDeps) {
  const { transaction, uploads } = deps;
  return {
    /**
     * POST /api/books/add and /api/category/file/create: a whole proposal in one multipart request (or a saved
     * draft completed by it), checked in full and submitted as version 1.
     */
    async propose(authorId: string, kind: ProductKind, request: FastifyRequest) {
      const newId = randomUUID();
      const { fields: form, files: received } = await uploads.receiveMultipart(request, {
        files:
          kind === 'book' ? { cover: 'cover', manuscript: 'manuscript' } : { cover: 'cover', file: 'file' },
        keyPrefix: `submissions/${newId}`,
        declaredFileType: (formFields) => FileType.safeParse(formFields.fileType).data,
      });
      const { gone, id } = await withReceived(uploads, received, async () => {
        const parsed = (kind === 'book' ? ProposeBookBody : ProposeFileBody).safeParse(form);
        if (!parsed.success) throw invalid(zodFields(parsed.error));
        const body = parsed.data as Fields & { draftId?: string; section?: 'academic' | 'professional' };
        const given = Object.fromEntries(
          Object.entries(body).filter(([key]) => !formOnly.has(key)),
        ) as Fields;
        const cats = await allCategories(deps.catalog);
        return transaction(async (ctx) => {
          let row: SubmissionRow;
          if (body.draftId) {
            row = await lockOwn(ctx.tx, authorId, body.draftId);
            if (row.kind !== kind) throw notFound();
            if (row.status !== 'draft') throw invalidTransition('This draft was already submitted.');
            if (body.section && body.section !== row.section) throw invalid({ section: 'section.invalid' });
          } else {
            const section: Section = kind === 'book' ? 'book' : (body.section ?? ('' as Section));
            if (!section) throw invalid({ section: 'section.invalid' });
            [row] = (await ctx.tx
              .insert(submissions)
              .values({ id: newId, authorId, kind, section, status: 'draft' })
              .returning()) as [SubmissionRow];
            await addEvent(ctx.tx, row.id, authorId, 'created');
          }
          const errors = priceErrors(row.section, given);
          const fields = mergeFields(row.section, row.working, given);
          checkTypeChange(row.working, fields, await workingFiles(ctx.tx, row.id), received);
          checkFileType(received, fields.fileType);
          const { gone, files } = await replaceWorking(ctx.tx, row.id, received);
          await queueNewEpubChecks(deps.epubChecks, ctx, received, files);
          submitErrors(row, fields, files, cats, errors);
          await twinErrors(ctx.tx, row, fields, errors);
          if (Object.keys(errors).length) throw invalid(errors);
          const version = await freezeVersion(ctx.tx, row, fields, files);
          await ctx.tx
            .update(submissions)
            .set({
              status: 'submitted',
              working: fields,
              versionCount: version,
              submittedAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(submissions.id, row.id));
          await addEvent(ctx.tx, row.id, authorId, 'submitted', { version });
          await deps.authors.proposalReceived(ctx, {
            authorId,
            submissionId: row.id,
            title: fields.title ?? '',
            version,
          });
          return { gone, id: row.id };
        });
      });
      await deleteObjects(deps, gone);
      return loadOwn(deps, authorId, id);
    },

    /**
     * POST /api/submissions/{id}/resubmit: the working copy becomes the next version (changes requested), or the
     * next version of a product on sale (published: it stays on sale as it is until an editor publishes this one).
     */
    async resubmit(authorId: string, id: string, note?: string) {
      const cats = await allCategories(deps.catalog);
      await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (row.status !== 'changes_requested' && row.status !== 'published') {
          throw invalidTransition('Only a proposal with changes requested, or published, can be sent again.');
        }
        const files = await workingFiles(ctx.tx, id);
        const errors = submitErrors(row, row.working, files, cats);
        await twinErrors(ctx.tx, row, row.working, errors);
        if (Object.keys(errors).length) throw invalid(errors);
        const version = await freezeVersion(ctx.tx, row, row.working, files, note);
        await ctx.tx
          .update(submissions)
          .set({
            status: 'submitted',
            versionCount: version,
            submittedAt: sql`now()`,
            claimedBy: null,
            claimedAt: null,
            updatedAt: sql`now()`,
          })
          .where(eq(submissions.id, id));
        await addEvent(ctx.tx, id, authorId, 'resubmitted', { version, comment: note ?? null });
        await deps.authors.proposalReceived(ctx, {
          authorId,
          submissionId: id,
          title: row.working.title ?? '',
          version,
        });
      });
      return loadOwn(deps, authorId, id);
    },

    /** POST /api/submissions/{id}/withdraw: a proposal not yet published is archived. */
    async withdraw(authorId: string, id: string, reason?: string) {
      await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (!(WITHDRAWABLE_STATUSES as readonly string[]).includes(row.status)) {
          throw invalidTransition('Only a proposal not yet published or decided can be withdrawn.');
        }
        // A new version of a product on sale, withdrawn: the product stays as it is.
        await ctx.tx
          .update(submissions)
          .set({
            status: row.productId === null ? 'archived' : 'published',
            claimedBy: null,
            claimedAt: null,
            updatedAt: sql`now()`,
          })
          .where(eq(submissions.id, id));
        await addEvent(ctx.tx, id, authorId, 'withdrawn', {
          version: row.versionCount || null,
          comment: reason ?? null,
        });
      });
      return loadOwn(deps, authorId, id);
    },

    /** POST /api/submissions/{id}/unpublish-request: the author asks the editors to unpublish a product. */
    async requestUnpublish(authorId: string, id: string, reason?: string) {
      await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (row.status !== 'published')
          throw invalidTransition('Only a published product can be unpublished.');
        if (row.unpublishRequestedAt) throw invalidTransition('Unpublishing was already requested.');
        await ctx.tx
          .update(submissions)
          .set({ unpublishRequestedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(submissions.id, id));
        await addEvent(ctx.tx, id, authorId, 'unpublish_requested', {
          version: row.versionCount || null,
          comment: reason ?? null,
        });
      });
      return loadOwn(deps, authorId, id);
    },
  };
}
export type AuthorProposals = ReturnType<typeof createAuthorProposals>;
