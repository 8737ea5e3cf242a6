import type { Db } from '../../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import { seedDemoAccounts } from './demo.accounts.ts';
import { seedDemoCatalog, type CatalogSeedResult } from './demo.catalog.ts';

export type DemoSeedResult = { accounts: string[]; catalog: CatalogSeedResult };

/** Everything the demo data set holds: one account per role, then the catalogue. Safe to run again. */
export async function seedDemo(db: Db, storage: Storage): Promise<DemoSeedResult> {
  const accounts = await db.transaction(async (tx) => seedDemoAccounts(tx));
  const catalog = await seedDemoCatalog(db, storage);
  return { accounts, catalog };
}
