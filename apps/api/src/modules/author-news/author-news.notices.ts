import { paths, productPath } from '@hls/contract/paths';
import type { LineFormat, ProductKind } from '@hls/contract';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AccountsService, MailRecipient } from '../accounts/index.ts';
import type { MailAuthorSale, MailService } from '../mail/index.ts';
import { authorNotices, type authorNoticeKinds } from './author-news.tables.ts';
import { salesOfDay, type DaySale } from './author-news.queries.ts';

export type AuthorNewsDeps = {
  transaction: AppTransaction;
  publicUrl: string;
  mail: Pick<MailService, 'queue'>;
  accounts: Pick<AccountsService, 'mailRecipients' | 'dailySalesAuthors'>;
};

/** A paid order line, as the checkout has it when the payment settles. */
export type SoldLine = {
  id: number;
  authorId: string;
  title: string;
  format: LineFormat;
  quantity: number;
  amountCents: number;
};

/**
 * The e-mails that tell authors what happens to their work, each in the author's language, queued in the
 * transaction of what causes it (so it exists if and only if that commits) and recorded once in `author_notices`
 * under what it is about: a second run of the day's digest or another instance sends nothing more (a sale's e-mail
 * is sent once by the payment that marks the order paid).
 */
export function createAuthorNotices(deps: AuthorNewsDeps) {
  const { transaction, mail, accounts } = deps;
  const url = (path: string) => `${deps.publicUrl}${path}`;
  const pageUrl = url(paths.authorPayment.getHref());
  const preferencesUrl = `${url(paths.myAccount.getHref())}#email-preferences`;

  /** True the first time this notice is recorded (the caller then queues it); false when it already was. */
  async function once(
    ctx: AppTxContext,
    kind: (typeof authorNoticeKinds)[number],
    key: string,
    authorId: string,
  ): Promise<boolean> {
    const inserted = await ctx.tx
      .insert(authorNotices)
      .values({ kind, key, authorId })
      .onConflictDoNothing()
      .returning({ key: authorNotices.key });
    return inserted.length > 0;
  }

  const total = (lines: MailAuthorSale[]) => lines.reduce((sum, line) => sum + (line.royaltyCents ?? 0), 0);

  async function recipient(ctx: AppTxContext, authorId: string): Promise<MailRecipient | undefined> {
    return (await accounts.mailRecipients([authorId], ctx)).get(authorId);
  }

  return {
    /** A proposal (or its next version) was submitted for review: the author hears it arrived. */
    async proposalReceived(
      ctx: AppTxContext,
      proposal: { authorId: string; submissionId: string; title: string; version: number },
    ): Promise<void> {
      const author = await recipient(ctx, proposal.authorId);
      if (!author) return;
      if (!(await once(ctx, 'proposal', `${proposal.submissionId}:${proposal.version}`, author.id))) return;
      await mail.queue(ctx, {
        to: author.email,
        language: author.language,
        template: 'author_proposal_received',
        data: {
          firstName: author.firstName,
          title: proposal.title,
          version: proposal.version,
          submittedAt: new Date().toISOString(),
          submissionUrl: url(paths.authorProduct.getHref(proposal.submissionId)),
        },
      });
    },

    /**
     * An order was paid (in the payment's transaction, with its lines' authors as read with them, and the
     * royalties the ledger just accrued, order line id → cents): each author who chose an e-mail per sale gets one
     * for the order, listing their lines and royalties, never the buyer.
     */
    async sold(
      ctx: AppTxContext,
      order: {
        paidAt: Date;
        lines: SoldLine[];
        authors: Map<string, MailRecipient>;
        royalties: Map<number, number>;
      },
    ): Promise<void> {
      const paid = order.lines.filter((line) => line.amountCents > 0);
      const authorIds = new Set(paid.map((line) => line.authorId));
      const authors = [...order.authors.values()].filter((a) => authorIds.has(a.id));
      // Only the transaction that marks the order paid calls this, under the order's lock: each author hears of
      // the sale once without a notice of its own.
      for (const author of authors.filter((a) => a.salesEmails === 'each')) {
        const lines = paid
          .filter((line) => line.authorId === author.id)
          .map((line) => ({
            title: line.title,
            format: line.format,
            quantity: line.quantity,
            royaltyCents: order.royalties.get(line.id) ?? null,
          }));
        await mail.queue(ctx, {
          to: author.email,
          language: author.language,
          template: 'author_sale',
          data: {
            firstName: author.firstName,
            paidAt: order.paidAt.toISOString(),
            lines,
            royaltyCents: total(lines),
            pageUrl,
            preferencesUrl,
          },
        });
      }
    },

    /**
     * The day's digest (YYYY-MM-DD, UTC): each author who chose one e-mail a day and sold that day gets their
     * sales summed per product and format. Once per author and day, whatever the runs and instances. Answers how
     * many e-mails it queued.
     */
    async sendDigest(day: string): Promise<number> {
      return transaction(async (ctx) => {
        const authorIds = await accounts.dailySalesAuthors(ctx);
        const sales = await salesOfDay(ctx.tx, day, authorIds);
        const byAuthor = new Map<string, DaySale[]>();
        for (const sale of sales) byAuthor.set(sale.authorId, [...(byAuthor.get(sale.authorId) ?? []), sale]);
        const authors = await accounts.mailRecipients([...byAuthor.keys()], ctx);
        let queued = 0;
        for (const [authorId, lines] of byAuthor) {
          const author = authors.get(authorId);
          if (!author || !(await once(ctx, 'digest', day, authorId))) continue;
          const shown = lines.map(({ title, format, quantity, royaltyCents }) => ({
            title,
            format,
            quantity,
            royaltyCents,
          }));
          await mail.queue(ctx, {
            to: author.email,
            language: author.language,
            template: 'author_sales_digest',
            data: {
              firstName: author.firstName,
              day,
              lines: shown,
              royaltyCents: total(shown),
              pageUrl,
              preferencesUrl,
            },
          });
          queued += 1;
        }
        return queued;
      });
    },

    /** A review of an author's product was published: the author hears it, unless they turned these off. */
    async reviewPublished(
      ctx: AppTxContext,
      review: {
        id: string;
        rating: number;
        product: { id: number; kind: ProductKind; title: string; authorId: string };
      },
    ): Promise<void> {
      const author = await recipient(ctx, review.product.authorId);
      if (!author?.reviewEmails) return;
      if (!(await once(ctx, 'review', review.id, author.id))) return;
      await mail.queue(ctx, {
        to: author.email,
        language: author.language,
        template: 'author_review_published',
        data: {
          firstName: author.firstName,
          title: review.product.title,
          rating: review.rating,
          productUrl: url(productPath(review.product)),
          preferencesUrl,
        },
      });
    },
  };
}

export type AuthorNotices = ReturnType<typeof createAuthorNotices>;

/** Yesterday's date (YYYY-MM-DD, UTC) of a moment: the day a digest run at that moment speaks of. */
export const dayBefore = (now: Date): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1))
    .toISOString()
    .slice(0, 10);
