import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MailService } from '../mail/index.ts';

export type BankDeps = {
  db: Db;
  transaction: AppTransaction;
  keys: Config['royalties']['bankKeys'];
  mail: Pick<MailService, 'queue'>;
  accounts: Pick<AccountsService, 'profileOf'>;
  publicUrl: string;
};

/** Authors' bank details: validated, encrypted under the key ring, shown masked, every change e-mailed. */
export function createBankService(deps: BankDeps) {
  void deps;
  return {};
}

export type BankService = ReturnType<typeof createBankService>;
