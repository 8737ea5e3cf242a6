import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Language, StockAlertState } from '@hls/contract';
import { productPath } from '@hls/contract/paths';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MailService } from '../mail/index.ts';
import { bookEditions, products, stockAlerts } from './catalog.tables.ts';

/** The job that e-mails the open requests of the paper editions back in stock (any instance runs it). */
export const STOCK_ALERTS_JOB = 'catalog.stock-alerts';
/** A look at every open request now and then, for copies that came back by a path that sent no job. */
export const STOCK_ALERTS_CRON = '*/15 * * * *';
/** Requests e-mailed per transaction of the job. */
const BATCH = 200;

const noBook = () => new AppError('not_found', 'No such paper book.');

/**
 * Back-in-stock requests: a customer with a confirmed address asks to be told when a published paper book out of
 * stock is back (one open request per user and edition; asking twice changes nothing) and may cancel it. Any
 * write that gives copies back to an edition sends `STOCK_ALERTS_JOB` in its own transaction (`restocked`); the
 * job queues one e-mail per open request of an edition in stock, in the request's language, and ends the request
 * in the same transaction, so a retry or a later restock finds nothing more to send.
 */
export function createStockAlerts(deps: {
  db: Db;
  transaction: AppTransaction;
  accounts: Pick<AccountsService, 'profiles' | 'emailConfirmed'>;
  mail: Pick<MailService, 'queue'>;
  publicUrl: string;
}) {
  const { db, transaction, accounts, mail, publicUrl } = deps;

  /** The paper edition of a published book; `lock` holds it until the transaction ends (no restock meanwhile). */
  async function paperEdition(executor: Db | AppTxContext['tx'], productId: number, lock = false) {
    const query = executor
      .select({ editionId: bookEditions.id, stock: sql<number>`coalesce(${bookEditions.stock}, 0)` })
      .from(bookEditions)
      .innerJoin(products, eq(products.id, bookEditions.productId))
      .where(
        and(
          eq(products.id, productId),
          eq(products.status, 'published'),
          eq(products.kind, 'book'),
          eq(bookEditions.format, 'paper'),
        ),
      );
    const [edition] = await (lock ? query.for('share', { of: bookEditions }) : query);
    if (!edition) throw noBook();
    return { editionId: edition.editionId, stock: Number(edition.stock) };
  }

  async function stateOf(executor: Db | AppTxContext['tx'], userId: string, editionId: number) {
    const [open] = await executor
      .select({ createdAt: stockAlerts.createdAt, language: stockAlerts.language })
      .from(stockAlerts)
      .where(
        and(
          eq(stockAlerts.editionId, editionId),
          eq(stockAlerts.userId, userId),
          isNull(stockAlerts.notifiedAt),
        ),
      );
    return { alert: open ? { createdAt: open.createdAt.toISOString(), language: open.language } : null };
  }

  return {
    /** The user's open request for a book's paper edition (none: `alert` is null). */
    async state(userId: string, productId: number): Promise<StockAlertState> {
      const { editionId } = await paperEdition(db, productId);
      return stateOf(db, userId, editionId);
    },

    /**
     * Opens the user's request, or keeps the one open. Refused while the book is in stock (nothing to wait for)
     * and until the user's address is confirmed (the e-mail must reach them).
     */
    async request(userId: string, productId: number, language?: Language): Promise<StockAlertState> {
      return transaction(async (ctx) => {
        const { tx } = ctx;
        // Shared lock: a restock waits for this request, then its job sees it.
        const { editionId, stock } = await paperEdition(tx, productId, true);
        if (stock > 0) throw new AppError('invalid_transition', 'This paper book is in stock.');
        if (!(await accounts.emailConfirmed(userId, ctx))) {
          throw new AppError('email_unconfirmed', 'Confirm your e-mail address first.');
        }
        const lng = language ?? (await accounts.profiles([userId], ctx)).get(userId)?.language ?? 'fr';
        await tx
          .insert(stockAlerts)
          .values({ editionId, userId, language: lng })
          .onConflictDoNothing({
            target: [stockAlerts.editionId, stockAlerts.userId],
            where: sql`notified_at IS NULL`,
          });
        return stateOf(tx, userId, editionId);
      });
    },

    /** Ends the user's open request unsent (none open: nothing changes). */
    async cancel(userId: string, productId: number): Promise<StockAlertState> {
      const { editionId } = await paperEdition(db, productId);
      await db
        .delete(stockAlerts)
        .where(
          and(
            eq(stockAlerts.editionId, editionId),
            eq(stockAlerts.userId, userId),
            isNull(stockAlerts.notifiedAt),
          ),
        );
      return { alert: null };
    },

    /**
     * E-mails the open requests of published paper editions in stock, a batch per transaction: each request is
     * locked (another instance's run skips it), its e-mail queued and the request ended together. Returns how many.
     */
    async notify(): Promise<number> {
      let sent = 0;
      for (;;) {
        const count = await transaction(async (ctx) => {
          const due = await ctx.tx
            .select({
              id: stockAlerts.id,
              userId: stockAlerts.userId,
              language: stockAlerts.language,
              productId: products.id,
              title: products.title,
            })
            .from(stockAlerts)
            .innerJoin(bookEditions, eq(bookEditions.id, stockAlerts.editionId))
            .innerJoin(products, eq(products.id, bookEditions.productId))
            .where(
              and(
                isNull(stockAlerts.notifiedAt),
                gt(sql`coalesce(${bookEditions.stock}, 0)`, 0),
                eq(products.status, 'published'),
              ),
            )
            .orderBy(stockAlerts.id)
            .limit(BATCH)
            .for('update', { of: stockAlerts, skipLocked: true });
          if (!due.length) return 0;
          const profiles = await accounts.profiles(
            due.map((d) => d.userId),
            ctx,
          );
          for (const alert of due) {
            const profile = profiles.get(alert.userId);
            if (!profile) continue;
            await mail.queue(ctx, {
              to: profile.email,
              language: alert.language,
              template: 'stock_back',
              data: {
                firstName: profile.firstName,
                title: alert.title,
                productUrl: `${publicUrl}${productPath({ id: alert.productId, kind: 'book' })}`,
              },
            });
          }
          await ctx.tx
            .update(stockAlerts)
            .set({ notifiedAt: sql`now()` })
            .where(
              inArray(
                stockAlerts.id,
                due.map((d) => d.id),
              ),
            );
          return due.length;
        });
        sent += count;
        if (count < BATCH) return sent;
      }
    },
  };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;
