import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogAssets, CatalogWrites } from '../catalog/index.ts';
import type { Storage } from '../storage/index.ts';
import { seedDemoAccounts } from './demo.accounts.ts';
import { seedDemoCatalog, type CatalogSeedResult } from './demo.catalog.ts';
import { adoptDemoProducts } from './demo.submissions.ts';

export type DemoSeedResult = { accounts: string[]; catalog: CatalogSeedResult };

/** The modules the demo data goes through: their interfaces, and the demo's own table (`db`). */
export type DemoDeps = {
  db: Db;
  transaction: AppTransaction;
  accounts: Pick<AccountsService, 'findUserByEmail' | 'createUser'>;
  catalog: Pick<CatalogWrites, 'createCategory' | 'createProduct'>;
  /** Books' ebook PDFs. */
  assets: Pick<CatalogAssets, 'attach' | 'forProducts'>;
  storage: Storage;
  /** Proposals for the demo products (their authors' lists, the editorial queue). */
  submissions: Pick<FastifyInstance['submissions'], 'adopt'>;
};

export function createDemoService(deps: DemoDeps) {
  return {
    /** Everything the demo data set holds: one account per role, then the catalogue. Safe to run again. */
    async seed(): Promise<DemoSeedResult> {
      const accounts = await deps.transaction((ctx) => seedDemoAccounts(deps.accounts, ctx));
      const catalog = await seedDemoCatalog(deps);
      await adoptDemoProducts(deps);
      return { accounts, catalog };
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
