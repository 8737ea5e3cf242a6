import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Report, ReportPage, ReportReason, ReportStatus } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import type { CatalogSales, CatalogWrites } from '../catalog/index.ts';
import { archive, tellAuthor, type EditorialDeps } from './submissions.editorial.helpers.ts';
import { documentReports, submissions } from './submissions.tables.ts';

export const REPORT_PAGE_SIZE = 20;

type ReportRow = typeof documentReports.$inferSelect;

export type ReportsDeps = Pick<EditorialDeps, 'db' | 'transaction' | 'accounts' | 'mail' | 'publicUrl'> & {
  catalog: { sales: Pick<CatalogSales, 'offers'>; writes: Pick<CatalogWrites, 'setProductStatus'> };
};

/**
 * "Report this document": anyone reports a published product (a visitor gives an e-mail to be answered); editors
 * list the reports and decide. Upholding unpublishes the product (its submission archived with a `report_upheld`
 * event, the author e-mailed with the comment); dismissing closes the report.
 */
export function createReports(deps: ReportsDeps) {
  const { db, transaction } = deps;

  async function toReports(rows: ReportRow[], within?: AppTxContext): Promise<Report[]> {
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.map((r) => r.productId))];
    const reader = within?.tx ?? db;
    const [products, linked] = await Promise.all([
      deps.catalog.sales.offers(ids, within),
      reader
        .select({ id: submissions.id, productId: submissions.productId })
        .from(submissions)
        .where(inArray(submissions.productId, ids)),
    ]);
    const submissionOf = new Map(linked.map((s) => [s.productId, s.id]));
    return rows.map((r) => {
      const product = products.get(r.productId);
      return {
        id: r.id,
        productId: r.productId,
        productTitle: product?.title ?? '',
        productKind: product?.kind ?? 'file',
        section: product?.section ?? 'academic',
        submissionId: submissionOf.get(r.productId) ?? null,
        reason: r.reason,
        details: r.details,
        reporterEmail: r.reporterEmail,
        status: r.status,
        decisionComment: r.decisionComment,
        createdAt: r.createdAt.toISOString(),
        decidedAt: r.decidedAt?.toISOString() ?? null,
      };
    });
  }

  return {
    /** A report of a published product; 404 for any other, 400 `email.required` from a visitor without one. */
    async create(
      input: { productId: number; reason: ReportReason; details: string; email?: string | undefined },
      reporter: { id: string } | null,
    ): Promise<{ id: number }> {
      const product = (await deps.catalog.sales.offers([input.productId])).get(input.productId);
      if (!product || product.status !== 'published') {
        throw new AppError('not_found', 'No such published document.');
      }
      let email = input.email?.trim() || null;
      if (!email && reporter)
        email = (await deps.accounts.profiles([reporter.id])).get(reporter.id)?.email ?? null;
      if (!email) {
        throw new AppError('validation_failed', 'An e-mail is needed to answer the report.', {
          email: 'email.required',
        });
      }
      const [row] = await db
        .insert(documentReports)
        .values({
          productId: input.productId,
          reason: input.reason,
          details: input.details,
          reporterUserId: reporter?.id ?? null,
          reporterEmail: email,
        })
        .returning({ id: documentReports.id });
      return { id: row!.id };
    },

    /** Reports, newest first, of one status or all. */
    async list(query: { status?: ReportStatus | undefined; page: number }): Promise<ReportPage> {
      const where = query.status ? eq(documentReports.status, query.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(documentReports)
          .where(where)
          .orderBy(desc(documentReports.createdAt), desc(documentReports.id))
          .limit(REPORT_PAGE_SIZE)
          .offset((query.page - 1) * REPORT_PAGE_SIZE),
        db.select({ n: count() }).from(documentReports).where(where),
      ]);
      const n = Number(total?.n ?? 0);
      return {
        results: await toReports(rows),
        count: n,
        page: query.page,
        pageSize: REPORT_PAGE_SIZE,
        pages: Math.ceil(n / REPORT_PAGE_SIZE),
      };
    },

    /** The reports of one product, newest first (the review of its submission). */
    async forProduct(productId: number): Promise<Report[]> {
      const rows = await db
        .select()
        .from(documentReports)
        .where(eq(documentReports.productId, productId))
        .orderBy(desc(documentReports.createdAt), desc(documentReports.id));
      return toReports(rows);
    },

    /**
     * Upholds or dismisses an open report (409 once decided). Upholding unpublishes the product and closes the other
     * open reports of it with the same comment.
     */
    async decide(
      id: number,
      editor: { id: string },
      body: { uphold: boolean; comment: string },
    ): Promise<Report> {
      return transaction(async (ctx) => {
        const [report] = await ctx.tx
          .select()
          .from(documentReports)
          .where(eq(documentReports.id, id))
          .for('update');
        if (!report) throw new AppError('not_found', 'No such report.');
        if (report.status !== 'open') {
          throw new AppError('invalid_transition', 'The report has already been decided.');
        }
        const status = body.uphold ? 'upheld' : 'dismissed';
        const decided = {
          status,
          decidedBy: editor.id,
          decisionComment: body.comment,
          decidedAt: sql`now()`,
          updatedAt: sql`now()`,
        } as const;
        await ctx.tx.update(documentReports).set(decided).where(eq(documentReports.id, id));
        if (body.uphold) {
          await ctx.tx
            .update(documentReports)
            .set(decided)
            .where(and(eq(documentReports.productId, report.productId), eq(documentReports.status, 'open')));
          const [submission] = await ctx.tx
            .select()
            .from(submissions)
            .where(eq(submissions.productId, report.productId))
            .for('update');
          if (submission && submission.status === 'published') {
            await archive(deps, ctx, submission, editor.id, 'report_upheld', body.comment);
          } else {
            // A product without a submission (or one already archived): unpublished, its author told.
            const product = (await deps.catalog.sales.offers([report.productId], ctx)).get(report.productId);
            await deps.catalog.writes.setProductStatus(report.productId, 'archived', ctx);
            if (product && product.status === 'published') {
              await tellAuthor(
                deps,
                ctx,
                { id: submission?.id ?? null, authorId: product.authorId, kind: product.kind },
                {
                  decision: 'report_upheld',
                  title: product.title,
                  comment: body.comment,
                  version: null,
                  productId: null,
                },
              );
            }
          }
        }
        const [updated] = await ctx.tx.select().from(documentReports).where(eq(documentReports.id, id));
        return (await toReports([updated!], ctx))[0]!;
      });
    },
  };
}
export type Reports = ReturnType<typeof createReports>;
