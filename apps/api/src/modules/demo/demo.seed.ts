import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogAssets, CatalogWrites } from '../catalog/index.ts';
import type { DownloadsService } from '../downloads/index.ts';
import type { CheckoutWorkflow } from '../checkout/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { ReviewsService } from '../reviews/index.ts';
import type { Storage } from '../storage/index.ts';
import { seedDemoAccounts } from './demo.accounts.ts';
import { seedDemoCatalog, type CatalogSeedResult } from './demo.catalog.ts';
import { seedDemoReviews } from './demo.reviews.ts';
import { seedDemoSales } from './demo.sales.ts';
import { adoptDemoProducts } from './demo.submissions.ts';

export type DemoSeedResult = {
  accounts: string[];
  catalog: CatalogSeedResult;
  sales: number;
  /** The demo customer's reviews, and first downloads of free documents, made by this run. */
  reviews: number;
  downloads: number;
};

/** The modules the demo data goes through: their interfaces, and the demo's own table (`db`). */
export type DemoDeps = {
  db: Db;
  transaction: AppTransaction;
  accounts: Pick<AccountsService, 'findUserByEmail' | 'createUser'>;
  catalog: Pick<CatalogWrites, 'createCategory' | 'createProduct' | 'linkTwins'>;
  /** Books' ebook PDFs. */
  assets: Pick<CatalogAssets, 'attach' | 'forProducts'>;
  storage: Storage;
  /** Proposals for the demo products (their authors' lists, the editorial queue). */
  submissions: Pick<FastifyInstance['submissions'], 'adopt'>;
  /** The demo author's sales (orders paid with the demo card, delivered, refunded) and their payout. */
  orders: Pick<OrdersService, 'create' | 'saveAddress' | 'bought'>;
  checkout: Pick<CheckoutWorkflow, 'ship' | 'deliver'>;
  payments: Pick<PaymentsService, 'startPayment' | 'demoPay' | 'refund'>;
  royalties: {
    bank: Pick<FastifyInstance['royalties']['bank'], 'get' | 'save'>;
    payouts: Pick<FastifyInstance['royalties']['payouts'], 'run'>;
  };
  /** The demo customer's reviews of what they bought, and downloads of free documents. */
  reviews: Pick<ReviewsService, 'save' | 'approve'>;
  downloads: Pick<DownloadsService, 'takeFree' | 'count'>;
  /** The demo payment provider is the one configured: the demo sales need its card. */
  demoPayments: boolean;
};

export function createDemoService(deps: DemoDeps) {
  return {
    /**
     * Everything the demo data set holds: one account per role, the catalogue, the demo author's sales, then
     * the demo customer's reviews and downloads of free documents.
     * Safe to run again.
     */
    async seed(): Promise<DemoSeedResult> {
      const accounts = await deps.transaction((ctx) => seedDemoAccounts(deps.accounts, ctx));
      const catalog = await seedDemoCatalog(deps);
      await adoptDemoProducts(deps);
      const sales = await seedDemoSales(deps);
      const { reviews, downloads } = await seedDemoReviews(deps);
      return { accounts, catalog, sales, reviews, downloads };
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
