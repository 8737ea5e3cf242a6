import type { Db } from '../../db/database.ts';
import { seedDemoAccounts } from './demo.accounts.ts';

/** Everything the demo data set holds; later modules add their catalogue here. */
export async function seedDemo(db: Db): Promise<{ accounts: string[] }> {
  return db.transaction(async (tx) => ({ accounts: await seedDemoAccounts(tx) }));
}
