import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { LineFormat, RoyaltyFormat, RoyaltyRates } from '@hls/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/database.ts';
import { preparedForRows, rowPlaceholders } from '../../db/prepared.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import { royaltyEntries, royaltyRates } from './royalties.tables.ts';
import type { Clock, HoldEnd, PaidOrder } from './royalties.types.ts';

/** An accrual's values: the values themselves, or the placeholders of a statement built once. */
type AccrualValues = Record<
  | 'authorId'
  | 'orderLineId'
  | 'productId'
  | 'title'
  | 'format'
  | 'defaultRateBp'
  | 'quantity'
  | 'grossCents'
  | 'vatCents'
  | 'netCents'
  | 'netSign'
  | 'netAbs'
  | 'availableAt',
  unknown
>;

export type LedgerDeps = {
  db: Db;
  transaction: AppTransaction;
  clock: Clock;
  /** The settings' rates in percent (used for a format until an admin sets one). */
  defaultRates: Config['royaltyRates'];
  settings: Pick<Config['royalties'], 'digitalHold' | 'paperHold' | 'minimumPayoutCents'>;
};

/** What a line sells, as royalties count it. */
export const royaltyFormatOf = (format: LineFormat): RoyaltyFormat =>
  format === 'file' ? 'professional_file' : format;

/** The settings' rates (percent) in basis points. */
export function defaultRatesBp(rates: Config['royaltyRates']): RoyaltyRates {
  return {
    paper: Math.round(rates.paper * 100),
    ebook: Math.round(rates.ebook * 100),
    professional_file: Math.round(rates.professionalFile * 100),
  };
}

/** The rate of each format effective at `at`: the last one set before it, else the settings' default. */
export async function ratesAt(executor: Db | Tx, defaults: RoyaltyRates, at: Date): Promise<RoyaltyRates> {
  const rows = await executor
    .selectDistinctOn([royaltyRates.format], { format: royaltyRates.format, rateBp: royaltyRates.rateBp })
    .from(royaltyRates)
    .where(lte(royaltyRates.effectiveFrom, at))
    .orderBy(royaltyRates.format, desc(royaltyRates.effectiveFrom));
  const rates = { ...defaults };
  for (const row of rows) rates[row.format] = row.rateBp;
  return rates;
}

/**
 * The royalty ledger: accruals at payment (in the orders' transaction), reversals at refund, holds ended by a
 * delivery or a first download. Entries are written, never edited, but for when they become payable
 * (`available_at`) and the payout that paid them.
 */
export function createLedger(deps: LedgerDeps) {
  const { db, clock, settings } = deps;
  const defaults = defaultRatesBp(deps.defaultRates);
  const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

  /**
   * An accrual's row, its values given (a row and its order) or placeholders (`rowPlaceholders`, `sql.placeholder`).
   * The rate effective at payment (as `ratesAt`) is read by the insert itself: one statement. The royalty is
   * `royaltyOf` of @hls/contract/money in integers (half away from zero; bigint, as a large sale's cents times basis
   * points overflow int), which royalties.arithmetic.test.ts checks over many generated orders.
   */
  function accrual(line: AccrualValues, order: Record<'orderId' | 'orderNumber' | 'paidAt', unknown>) {
    const rate = sql`coalesce((SELECT r.rate_bp FROM ${royaltyRates} r WHERE r.format = ${line.format} AND r.effective_from <= ${order.paidAt}::timestamptz ORDER BY r.effective_from DESC LIMIT 1), ${line.defaultRateBp}::int)`;
    return {
      authorId: sql`${line.authorId}`,
      kind: 'accrual' as const,
      orderId: sql`${order.orderId}::uuid`,
      orderLineId: sql`${line.orderLineId}::int`,
      productId: sql`${line.productId}::int`,
      orderNumber: sql`${order.orderNumber}`,
      title: sql`${line.title}`,
      format: sql`${line.format}`,
      quantity: sql`${line.quantity}::int`,
      grossCents: sql`${line.grossCents}::int`,
      vatCents: sql`${line.vatCents}::int`,
      netCents: sql`${line.netCents}::int`,
      rateBp: rate,
      royaltyCents: sql`(${line.netSign}::int * ((${line.netAbs}::bigint * ${rate} + 5000) / 10000))::int`,
      availableAt: sql`${line.availableAt}::timestamptz`,
      createdAt: sql`${order.paidAt}::timestamptz`,
    };
  }
  const onceForItsLine = { target: royaltyEntries.orderLineId, where: sql`kind = 'accrual'` };
  const accruedRoyalty = {
    orderLineId: royaltyEntries.orderLineId,
    royaltyCents: royaltyEntries.royaltyCents,
  };
  /** The accruals of an order of a few paid lines, built once per count of lines. */
  const accrualsOf = preparedForRows(4, (size) => {
    const value = sql.placeholder;
    const order = { orderId: value('orderId'), orderNumber: value('orderNumber'), paidAt: value('paidAt') };
    const rows = Array.from({ length: size }, (_, i) => {
      const of = rowPlaceholders(i);
      return accrual(
        {
          authorId: of('authorId'),
          orderLineId: of('orderLineId'),
          productId: of('productId'),
          title: of('title'),
          format: of('format'),
          defaultRateBp: of('defaultRateBp'),
          quantity: of('quantity'),
          grossCents: of('grossCents'),
          vatCents: of('vatCents'),
          netCents: of('netCents'),
          netSign: of('netSign'),
          netAbs: of('netAbs'),
          availableAt: of('availableAt'),
        },
        order,
      );
    });
    return db
      .insert(royaltyEntries)
      .values(rows)
      .onConflictDoNothing(onceForItsLine)
      .returning(accruedRoyalty);
  });

  return {
    defaults,

    /** The rates effective now (or at `at`). */
    ratesAt: (at: Date = clock.now(), executor: Db | Tx = db) => ratesAt(executor, defaults, at),

    /**
     * In the payment's transaction: one accrual per paid line (amount > 0) at the rate effective at payment, the
     * VAT taken out as the order charged it (the buyer's country's rate), the royalty rounded once. Written once
     * per line (a repeated confirmation writes nothing). Answers each paid line's royalty (order line id → cents),
     * as its accrual holds it, for the authors' news.
     */
    async accrue(ctx: AppTxContext, paidOrder: PaidOrder): Promise<Map<number, number>> {
      const paid = paidOrder.lines.filter((line) => line.amountCents > 0);
      if (paid.length === 0) return new Map();
      // Holds are counted on the ledger's clock (the payment's time, but for tests that moved the clock).
      const digitalAvailable = later(clock.now(), settings.digitalHold).toISOString();
      const rows = paid.map((line) => {
        const format = royaltyFormatOf(line.format);
        const netCents = line.amountCents - line.vatCents;
        return {
          authorId: line.authorId,
          orderLineId: line.id,
          productId: line.productId,
          title: line.title,
          format,
          defaultRateBp: defaults[format],
          quantity: line.quantity,
          grossCents: line.amountCents,
          vatCents: line.vatCents,
          netCents,
          netSign: Math.sign(netCents),
          netAbs: Math.abs(netCents),
          // A paper book's hold starts at its delivery.
          availableAt: line.format === 'paper' ? null : digitalAvailable,
        };
      });
      const order = {
        orderId: paidOrder.id,
        orderNumber: paidOrder.number,
        paidAt: paidOrder.paidAt.toISOString(),
      };
      const builtOnce = accrualsOf(ctx.tx, rows, order);
      const accrued = builtOnce
        ? await builtOnce.execute()
        : await ctx.tx
            .insert(royaltyEntries)
            .values(rows.map((row) => accrual(row, order)))
            .onConflictDoNothing(onceForItsLine)
            .returning(accruedRoyalty);
      const written = new Map(accrued.map((entry) => [entry.orderLineId!, entry.royaltyCents]));
      // A line accrued before (a repeated call) is answered with the royalty its accrual holds.
      const before = paid.filter((line) => !written.has(line.id)).map((line) => line.id);
      if (before.length > 0) {
        const entries = await ctx.tx
          .select({ orderLineId: royaltyEntries.orderLineId, royaltyCents: royaltyEntries.royaltyCents })
          .from(royaltyEntries)
          .where(and(inArray(royaltyEntries.orderLineId, before), eq(royaltyEntries.kind, 'accrual')));
        for (const entry of entries) written.set(entry.orderLineId!, entry.royaltyCents);
      }
      return written;
    },

    /**
     * In the refund's transaction: each line's accrual is cancelled by a reversal (its amounts negated), once.
     * An unpaid accrual and its reversal are both payable at once: they net to zero in the next payout. After a
     * payout, the reversal is payable at once and lowers the next one.
     */
    async reverse(ctx: AppTxContext, orderLineIds: number[]): Promise<void> {
      if (orderLineIds.length === 0) return;
      const { tx } = ctx;
      const now = clock.now();
      const accruals = await tx
        .select()
        .from(royaltyEntries)
        .where(and(inArray(royaltyEntries.orderLineId, orderLineIds), eq(royaltyEntries.kind, 'accrual')))
        .for('update');
      if (accruals.length === 0) return;
      const reversed = await tx
        .select({ reversesId: royaltyEntries.reversesId })
        .from(royaltyEntries)
        .where(
          inArray(
            royaltyEntries.reversesId,
            accruals.map((a) => a.id),
          ),
        );
      const done = new Set(reversed.map((r) => r.reversesId));
      const open = accruals.filter((a) => !done.has(a.id));
      if (open.length === 0) return;
      await tx
        .insert(royaltyEntries)
        .values(
          open.map((a) => ({
            authorId: a.authorId,
            kind: 'reversal' as const,
            orderId: a.orderId,
            orderLineId: a.orderLineId,
            productId: a.productId,
            orderNumber: a.orderNumber,
            title: a.title,
            format: a.format,
            quantity: a.quantity,
            grossCents: -a.grossCents,
            vatCents: -a.vatCents,
            netCents: -a.netCents,
            rateBp: a.rateBp,
            royaltyCents: -a.royaltyCents,
            reversesId: a.id,
            availableAt: now,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({ target: royaltyEntries.reversesId });
      const unpaid = open.filter((a) => a.payoutId === null).map((a) => a.id);
      if (unpaid.length > 0) {
        await tx
          .update(royaltyEntries)
          .set({ availableAt: now })
          .where(and(inArray(royaltyEntries.id, unpaid), isNull(royaltyEntries.payoutId)));
      }
    },

    /**
     * A hold ends, in the transaction of what ended it; the one way every cause goes. A delivery: the order's paper
     * royalties become payable `paperHold` later (the withdrawal period), counted on the ledger's clock. A digital
     * line's first download: the terms end the withdrawal right when the download starts, so its royalty is payable
     * at once (unless a refund already settled it).
     */
    async endHold(ctx: AppTxContext, cause: HoldEnd): Promise<void> {
      const now = clock.now();
      if (cause.by === 'delivery') {
        await ctx.tx
          .update(royaltyEntries)
          .set({ availableAt: later(now, settings.paperHold) })
          .where(
            and(
              eq(royaltyEntries.orderId, cause.orderId),
              eq(royaltyEntries.format, 'paper'),
              eq(royaltyEntries.kind, 'accrual'),
              isNull(royaltyEntries.availableAt),
              isNull(royaltyEntries.payoutId),
            ),
          );
        return;
      }
      await ctx.tx
        .update(royaltyEntries)
        .set({ availableAt: now })
        .where(
          and(
            eq(royaltyEntries.orderLineId, cause.orderLineId),
            eq(royaltyEntries.kind, 'accrual'),
            isNull(royaltyEntries.payoutId),
            gt(royaltyEntries.availableAt, now),
            sql`NOT EXISTS (SELECT 1 FROM ${royaltyEntries} r WHERE r.reverses_id = ${royaltyEntries.id})`,
          ),
        );
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
