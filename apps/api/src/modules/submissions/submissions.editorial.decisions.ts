import { and, eq, sql } from 'drizzle-orm';
import type { ReviewSubmission } from '@hls/contract';
import type { NewProduct } from '../catalog/index.ts';
import type { EditorialReads } from './submissions.editorial.reads.ts';
import {
  archive,
  checkReviewer,
  conflict,
  lastVersion,
  lockSubmission,
  notFound,
  recordEvent,
  tellAuthor,
  type AuthorDecision,
  type DecisionInput,
  type Editor,
  type EditorialDeps,
} from './submissions.editorial.helpers.ts';
import { prepareProduct, type PublicationDeps } from './submissions.editorial.publication.ts';
import { submissions } from './submissions.tables.ts';

export type EditorialDecisionDeps = PublicationDeps &
  Pick<EditorialDeps, 'db' | 'transaction' | 'catalog' | 'mail' | 'publicUrl'> & {
    /** Each step answers with the submission as editors review it after the change. */
    review: EditorialReads['review'];
  };

/**
 * The editors' steps on one submission: claiming it for review and releasing it, the decision on its last version
 * (publishing creates or replaces the catalogue product through `app.catalog`), and its unpublication. Every
 * decision is recorded as an event with its comment and e-mailed to the author in the author's language, in the
 * transaction of the change.
 */
export function createEditorialDecisions(deps: EditorialDecisionDeps) {
  const { db, transaction, review } = deps;
  return {
    /**
     * Takes a waiting submission for review (submitted → in_review, claimed by the editor). One conditional
     * UPDATE: of two editors claiming at once, one wins and the other gets 409. An admin may take over a claim.
     */
    async claim(id: string, editor: Editor): Promise<ReviewSubmission> {
      await transaction(async (ctx) => {
        const taken = await ctx.tx
          .update(submissions)
          .set({ status: 'in_review', claimedBy: editor.id, claimedAt: sql`now()`, updatedAt: sql`now()` })
          .where(
            and(
              eq(submissions.id, id),
              sql`(${submissions.status} = 'submitted' OR (${submissions.status} = 'in_review' AND (${submissions.claimedBy} IS NULL OR ${submissions.claimedBy} = ${editor.id} OR ${editor.role === 'admin'})))`,
            ),
          )
          .returning({ versionCount: submissions.versionCount, previous: submissions.claimedAt });
        if (taken.length === 0) {
          const [row] = await ctx.tx
            .select({ status: submissions.status, claimedBy: submissions.claimedBy })
            .from(submissions)
            .where(eq(submissions.id, id));
          if (!row || row.status === 'draft') throw notFound();
          throw conflict(
            row.status === 'in_review'
              ? 'Another editor has claimed this submission.'
              : 'Only a submission waiting for review can be claimed.',
          );
        }
        await recordEvent(ctx, id, 'claimed', editor.id, { version: taken[0]!.versionCount });
      });
      return review(id, editor);
    },

    /** Gives a claimed submission back to the queue (in_review → submitted). */
    async release(id: string, editor: Editor): Promise<ReviewSubmission> {
      await transaction(async (ctx) => {
        const row = await lockSubmission(ctx, id);
        if (row.status === 'draft') throw notFound();
        checkReviewer(row, editor);
        await ctx.tx
          .update(submissions)
          .set({ status: 'submitted', claimedBy: null, claimedAt: null, updatedAt: sql`now()` })
          .where(eq(submissions.id, id));
        await recordEvent(ctx, id, 'released', editor.id, { version: row.versionCount });
      });
      return review(id, editor);
    },

    /**
     * Publish, request changes or reject the last version, with a comment the author sees and receives. Publishing
     * creates the catalogue product, or replaces it with this version when the submission was published before;
     * `catalog.changed` is raised after the commit, so lists, search and sitemap show it at once.
     */
    async decide(id: string, editor: Editor, body: DecisionInput): Promise<ReviewSubmission> {
      const [current] = await db.select().from(submissions).where(eq(submissions.id, id));
      if (!current || current.status === 'draft') throw notFound();
      checkReviewer(current, editor);
      const version = await lastVersion(db, undefined, current);
      const prepared =
        body.decision === 'publish' ? await prepareProduct(deps, current, version, body) : undefined;

      try {
        await transaction(async (ctx) => {
          const row = await lockSubmission(ctx, id);
          checkReviewer(row, editor);
          if (row.versionCount !== version.number) throw conflict('A new version arrived meanwhile.');
          const title = version.fields.title ?? '';
          let productId = row.productId;
          let kind: AuthorDecision;
          if (prepared) {
            kind = 'published';
            const input: NewProduct = {
              ...prepared.input,
              status: 'published',
              versionNote: body.versionNote ?? null,
            };
            if (productId === null) {
              productId = (await deps.catalog.writes.createProduct(input, ctx)).id;
            } else {
              const updated = await deps.catalog.writes.updateProduct(productId, input, ctx);
              if (!updated) productId = (await deps.catalog.writes.createProduct(input, ctx)).id;
            }
            if (prepared.ebook) {
              await deps.catalog.assets.attach(productId, prepared.ebook, ctx, body.versionNote ?? null);
            }
          } else {
            kind = body.decision === 'request_changes' ? 'changes_requested' : 'rejected';
          }
          await ctx.tx
            .update(submissions)
            .set({
              // A new version of a product on sale, rejected: the product stays on sale as it was.
              status: kind === 'rejected' && productId !== null ? 'published' : kind,
              productId,
              claimedBy: null,
              claimedAt: null,
              ...(kind === 'published' ? { unpublishRequestedAt: null } : {}),
              updatedAt: sql`now()`,
            })
            .where(eq(submissions.id, id));
          await recordEvent(ctx, id, kind, editor.id, { version: version.number, comment: body.comment });
          await tellAuthor(deps, ctx, row, {
            decision: kind,
            title,
            comment: body.comment,
            version: version.number,
            productId: kind === 'published' ? productId : null,
          });
        });
      } catch (error) {
        if (prepared) await Promise.allSettled(prepared.stored.map((key) => deps.storage.deleteObject(key)));
        throw error;
      }
      return review(id, editor);
    },

    /** Unpublishes a published submission (an author's request, or the editors' own): product archived, author told. */
    async unpublish(id: string, editor: Editor, comment: string): Promise<ReviewSubmission> {
      await transaction(async (ctx) => {
        const row = await lockSubmission(ctx, id);
        if (row.status === 'draft') throw notFound();
        if (row.status !== 'published' || row.productId === null) {
          throw conflict('Only a published submission can be unpublished.');
        }
        await archive(deps, ctx, row, editor.id, 'unpublished', comment);
      });
      return review(id, editor);
    },
  };
}
export type EditorialDecisions = ReturnType<typeof createEditorialDecisions>;
