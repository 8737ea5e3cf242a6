import type { AppTxContext } from '../plugins/database.ts';
import { DEMO_PASSWORD, demoAccounts } from './demo.dataset.ts';
import type { DemoDeps } from './demo.seed.ts';

/** Idempotent: existing accounts are left as they are. Returns the e-mails it created. */
export async function seedDemoAccounts(accounts: DemoDeps['accounts'], ctx: AppTxContext): Promise<string[]> {
  const created: string[] = [];
  for (const account of demoAccounts) {
    if (await accounts.findUserByEmail(account.email, ctx)) continue;
    await accounts.createUser({ ...account, password: DEMO_PASSWORD, language: 'fr' }, ctx);
    created.push(account.email);
  }
  return created;
}
