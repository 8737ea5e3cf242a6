import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { payoutRuns, payouts, royaltyEntries } from './royalties.tables.ts';

/*
 * Demo data only. The demo module makes its sales today, through the shop's own services, then moves them back
 * in time with these, so that a fresh install shows sales of past months, holds that ended and a payout already
 * paid. The shop itself never calls them: a ledger entry's dates are otherwise never edited.
 */

const daysBack = (days: number) => sql`make_interval(days => ${days}::int)`;

/** Moves an order's royalty entries (written and payable dates) `days` back. */
export async function backdateDemoSale(db: DbOrTx, orderId: string, days: number): Promise<void> {
  await db
    .update(royaltyEntries)
    .set({
      createdAt: sql`${royaltyEntries.createdAt} - ${daysBack(days)}`,
      availableAt: sql`${royaltyEntries.availableAt} - ${daysBack(days)}`,
    })
    .where(eq(royaltyEntries.orderId, orderId));
}

/** Moves a payout (paid date) and its run (made, executed) `days` back. */
export async function backdateDemoPayout(db: DbOrTx, payoutId: string, days: number): Promise<void> {
  const [payout] = await db
    .update(payouts)
    .set({ paidAt: sql`${payouts.paidAt} - ${daysBack(days)}` })
    .where(eq(payouts.id, payoutId))
    .returning({ runId: payouts.runId });
  if (!payout) return;
  await db
    .update(payoutRuns)
    .set({
      createdAt: sql`${payoutRuns.createdAt} - ${daysBack(days)}`,
      executionDate: sql`${payoutRuns.executionDate} - ${days}::int`,
    })
    .where(eq(payoutRuns.id, payout.runId));
}
