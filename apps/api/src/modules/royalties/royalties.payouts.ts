import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MailService } from '../mail/index.ts';
import type { BankService } from './royalties.bank.ts';
import type { Clock } from './royalties.types.ts';

export type PayoutDeps = {
  db: Db;
  transaction: AppTransaction;
  clock: Clock;
  bank: BankService;
  mail: Pick<MailService, 'queue'>;
  accounts: Pick<AccountsService, 'profiles'>;
  settings: Pick<Config['royalties'], 'minimumPayoutCents' | 'debtor'>;
  publicUrl: string;
};

/** Payout runs: who is due, one payout per author in one transaction, the run's SEPA transfer file. */
export function createPayoutService(deps: PayoutDeps) {
  void deps;
  return {};
}

export type PayoutService = ReturnType<typeof createPayoutService>;
