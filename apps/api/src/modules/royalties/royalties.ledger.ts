import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { Clock, PaidOrder } from './royalties.types.ts';

export type LedgerDeps = {
  db: Db;
  transaction: AppTransaction;
  clock: Clock;
  /** The settings' rates in percent (used for a format until an admin sets one) and the configured VAT. */
  defaultRates: Config['royaltyRates'];
  vatRates: Config['checkout']['vatRates'];
  settings: Pick<Config['royalties'], 'digitalHold' | 'paperHold' | 'minimumPayoutCents'>;
};

/**
 * The royalty ledger: accruals at payment (in the orders' transaction), reversals at refund, holds ended by a
 * delivery or a first download, the rates per format with their effective dates, and the author's statement.
 */
export function createLedger(deps: LedgerDeps) {
  void deps;
  return {
    /** In the payment's transaction: one accrual per paid line of an author's product (idempotent per line). */
    async accrue(ctx: AppTxContext, order: PaidOrder): Promise<void> {
      void ctx;
      void order;
    },
    /** In the refund's transaction: a reversal of each line's accrual that has none yet. */
    async reverse(ctx: AppTxContext, orderLineIds: number[]): Promise<void> {
      void ctx;
      void orderLineIds;
    },
    /** In the delivery's transaction: the paper lines' hold now ends `paperHold` after `deliveredAt`. */
    async delivered(ctx: AppTxContext, orderId: string, deliveredAt: Date): Promise<void> {
      void ctx;
      void orderId;
      void deliveredAt;
    },
    /** A digital line's first download: the withdrawal right ended (the terms), its royalty is payable at once. */
    async downloaded(orderLineId: number): Promise<void> {
      void orderLineId;
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
