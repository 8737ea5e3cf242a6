import { eq, sql } from 'drizzle-orm';
import type {
  AuthorProduct,
  CreateDraftBody,
  ProductKind,
  Section,
  SubmissionDraftBody,
} from '@hls/contract';
import type { z } from 'zod';
import {
  addEvent,
  allCategories,
  deleteObjects,
  loadOwn,
  lockOwn,
  workingFiles,
  type AuthorDeps,
} from './submissions.author.helpers.ts';
import {
  checkEditable,
  checkTypeChange,
  consistencyErrors,
  invalid,
  invalidTransition,
  mergeFields,
  priceErrors,
  twinErrors,
} from './submissions.author.rules.ts';
import { submissionFiles, submissions } from './submissions.tables.ts';
import { listAuthorProducts } from './submissions.view.ts';

export type AuthorDraftDeps = Pick<
  AuthorDeps,
  'db' | 'transaction' | 'catalog' | 'unitsSold' | 'freeDownloads' | 'storage' | 'log'
>;

/** An author's drafts: created with a kind and section, their fields saved, read, listed, deleted before submission. */
export function createAuthorDrafts(deps: AuthorDraftDeps) {
  const { transaction } = deps;
  return {
    /** A new draft (POST /api/submissions): the kind and section are fixed from then on. */
    async createDraft(authorId: string, body: z.output<typeof CreateDraftBody>) {
      const { kind, section: givenSection, ...given } = body;
      let section: Section;
      if (kind === 'book') {
        if (givenSection && givenSection !== 'book') throw invalid({ section: 'section.invalid' });
        section = 'book';
      } else {
        if (!givenSection) throw invalid({ section: 'section.invalid' });
        if (givenSection === 'book') throw invalid({ section: 'section.invalid' });
        section = givenSection;
      }
      const errors = priceErrors(section, given);
      const fields = mergeFields(section, {}, given);
      consistencyErrors(section, fields, await allCategories(deps.catalog), errors);
      const id = await transaction(async (ctx) => {
        await twinErrors(ctx.tx, { authorId, kind, productId: null }, fields, errors);
        if (Object.keys(errors).length) throw invalid(errors);
        const [row] = await ctx.tx
          .insert(submissions)
          .values({ authorId, kind, section, status: 'draft', working: fields })
          .returning({ id: submissions.id });
        await addEvent(ctx.tx, row!.id, authorId, 'created');
        return row!.id;
      });
      return loadOwn(deps, authorId, id);
    },

    /** PATCH /api/submissions/{id}: saves the fields given; others are kept (draft or changes requested). */
    async saveFields(authorId: string, id: string, body: z.output<typeof SubmissionDraftBody>) {
      const cats = await allCategories(deps.catalog);
      await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        checkEditable(row);
        const errors = priceErrors(row.section, body);
        const fields = mergeFields(row.section, row.working, body);
        consistencyErrors(row.section, fields, cats, errors);
        await twinErrors(ctx.tx, row, fields, errors);
        if (Object.keys(errors).length) throw invalid(errors);
        checkTypeChange(row.working, fields, await workingFiles(ctx.tx, id), []);
        await ctx.tx
          .update(submissions)
          .set({ working: fields, updatedAt: sql`now()` })
          .where(eq(submissions.id, id));
      });
      return loadOwn(deps, authorId, id);
    },

    /** DELETE /api/submissions/{id}: a draft never submitted goes, with its uploads. */
    async deleteDraft(authorId: string, id: string) {
      const gone = await transaction(async (ctx) => {
        const row = await lockOwn(ctx.tx, authorId, id);
        if (row.status !== 'draft' || row.versionCount > 0) {
          throw invalidTransition('Only a draft never submitted can be deleted.');
        }
        const files = await ctx.tx
          .select({ storageKey: submissionFiles.storageKey })
          .from(submissionFiles)
          .where(eq(submissionFiles.submissionId, id));
        await ctx.tx.delete(submissions).where(eq(submissions.id, id));
        return files.map((f) => f.storageKey);
      });
      await deleteObjects(deps, gone);
    },

    /** GET /api/submissions/{id}: the owner author's view. */
    get: (authorId: string, id: string) => loadOwn(deps, authorId, id),

    /** GET /api/books/author and /api/category/author. */
    list: (authorId: string, kind: ProductKind): Promise<AuthorProduct[]> =>
      listAuthorProducts(deps, authorId, kind),
  };
}
export type AuthorDrafts = ReturnType<typeof createAuthorDrafts>;
